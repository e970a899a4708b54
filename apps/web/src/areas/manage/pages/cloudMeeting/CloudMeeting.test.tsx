import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CloudMeeting, CloudMeetingSettings } from '../../../../features/meetings/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { ROOM_ID, callsOf, clickButton, pickOption, renderPage, result, serve, typeInto } from '../sign/testing.tsx';
import CloudMeetingList from './CloudMeetingList.tsx';
import IpWhiteList from './IpWhiteList.tsx';
import ParameterSetting from './ParameterSetting.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

const meeting = (id: string, patch: Partial<CloudMeeting>): CloudMeeting => ({
  id,
  appointment_id: `${id.slice(0, -1)}9`,
  resources_id: ROOM_ID,
  resources_name: '行政楼305会议室',
  resources_name_en: 'Room 305',
  appointment_date: '2030-01-03',
  start_time: '09:00',
  end_time: '10:00',
  theme: '组会',
  host_account: 'student',
  host_name: '张同学',
  provider: 'wemeet',
  state: 'scheduled',
  subject: '组会',
  code: '987654321',
  join_url: 'https://meeting.tencent.com/dm/987654321',
  password: '4321',
  attempts: 0,
  last_error: '',
  pending_sync: '',
  start_at: '2030-01-03 09:00',
  end_at: '2030-01-03 10:00',
  update_time: '2030-01-01 12:00',
  ...patch,
});

const scheduled = meeting('aaaaaaaa-0000-4000-8000-000000000001', {});
const failed = meeting('aaaaaaaa-0000-4000-8000-000000000002', {
  host_account: 'wang',
  host_name: '王同学',
  state: 'failed',
  code: '',
  join_url: '',
  password: '',
  attempts: 6,
  last_error: 'Tencent Meeting POST /v1/meetings: HTTP 503 busy',
  pending_sync: 'create',
});

describe('cloud meeting list', () => {
  it('lists meetings with state in words, searches by the filters, retries a failed one and cancels one', async () => {
    const calls = serve({
      findCloudMeetingAll: () => ({
        findCloudMeetingAll: {
          edges: [scheduled, failed].map((node) => ({ node })),
          pageInfo: { hasNextPage: false, endCursor: null },
          totalCount: 2,
        },
      }),
      retryCloudMeeting: () => ({ retryCloudMeeting: result() }),
      cancelCloudMeeting: () => ({ cancelCloudMeeting: result() }),
    });
    renderPage(<CloudMeetingList />, '/manage/cloudMeeting/cloudMeeting-list');
    await screen.findByText('王同学');
    expect(callsOf(calls, 'findCloudMeetingAll')[0]).toEqual({ first: 10, offset: 0, filter: {} });
    const failedRow = screen.getByText('王同学').closest('tr')!;
    expect(within(failedRow).getByText('创建失败')).toBeTruthy();
    expect(within(failedRow).getByText(/HTTP 503 busy/)).toBeTruthy();
    const okRow = screen.getByText('张同学').closest('tr')!;
    expect(within(okRow).getByText('已安排')).toBeTruthy();
    expect(within(okRow).getByRole('link', { name: '987654321' }).getAttribute('href')).toBe(scheduled.join_url);
    // a scheduled meeting cannot be retried
    expect(within(okRow).queryByText(/^重\s*试$/)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: '预约人' }), { target: { value: ' wang ' } });
    await pickOption('状态', '创建失败');
    await pickOption('会议服务', '腾讯会议');
    await clickButton('查询');
    await waitFor(() => expect(callsOf(calls, 'findCloudMeetingAll').length).toBeGreaterThan(1));
    expect(callsOf(calls, 'findCloudMeetingAll').at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: { host: 'wang', state: 'failed', provider: 'wemeet' },
    });

    await clickButton('重试', screen.getByText('王同学').closest('tr')!);
    expect(await screen.findByText('已重新排队，稍后自动创建')).toBeTruthy();
    expect(callsOf(calls, 'retryCloudMeeting')).toEqual([{ id: failed.id }]);

    await clickButton('取消会议', screen.getByText('张同学').closest('tr')!);
    const confirm = await screen.findByText('确定取消该云会议吗？预约本身保留。');
    await clickButton('取消会议', confirm.closest('.ant-popover')! as HTMLElement);
    expect(await screen.findByText('云会议已取消')).toBeTruthy();
    expect(callsOf(calls, 'cancelCloudMeeting')).toEqual([{ id: scheduled.id }]);
  });
});

const settings = (patch: Partial<CloudMeetingSettings>): CloudMeetingSettings => ({
  provider: 'wemeet',
  base_url: '',
  app_id: '211153201',
  sdk_id: '',
  secret_id: 'AKIDx',
  userid: 'operator',
  secret_set: true,
  callback_token_set: false,
  default_jitsi_url: 'https://meet.jit.si',
  default_jitsi_token: false,
  wemeet_api_url: 'https://api.meeting.qq.com',
  callback_url: 'https://yy.example.edu/yy-sys/bus/meetings/demo/callback/wemeet',
  updated_by: 'admin',
  update_time: '2030-01-01T04:00:00.000Z',
  ...patch,
});

describe('parameter setting', () => {
  it('never shows a stored secret; an empty secret field keeps it; test connection reports the server', async () => {
    const calls = serve({
      findCloudMeetingSettings: () => ({ findCloudMeetingSettings: settings({}) }),
      saveCloudMeetingSettings: () => ({ saveCloudMeetingSettings: result() }),
      testCloudMeetingConnection: () => ({
        testCloudMeetingConnection: result(
          '500',
          '连接测试失败：HTTP 401 鉴权失败',
          'Connection test failed: HTTP 401',
        ),
      }),
    });
    renderPage(<ParameterSetting />, '/manage/cloudMeeting/parameterSetting');
    await waitFor(() => expect((screen.getByLabelText('SecretId') as HTMLInputElement).value).toBe('AKIDx'));
    expect(screen.getByText('已设置（不显示）；留空保持不变')).toBeTruthy();
    expect((screen.getByLabelText('密钥（SecretKey）') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(settings({}).callback_url)).toBeTruthy();

    typeInto('事件回调 Token', 'tok-123');
    await clickButton('保存');
    await waitFor(() => expect(callsOf(calls, 'saveCloudMeetingSettings')).toHaveLength(1));
    expect(callsOf(calls, 'saveCloudMeetingSettings')[0]).toEqual({
      model: {
        provider: 'wemeet',
        base_url: '',
        app_id: '211153201',
        sdk_id: '',
        secret_id: 'AKIDx',
        userid: 'operator',
        secret: '',
        callback_token: 'tok-123',
        clear_secret: false,
        clear_callback_token: false,
      },
    });

    await clickButton('测试连接');
    expect(await screen.findByText('连接测试失败：HTTP 401 鉴权失败')).toBeTruthy();
  });
});

describe('IP whitelist', () => {
  it('says an empty list refuses every callback; adds an address and removes one after confirming', async () => {
    let entries: { id: string; address: string; description: string; created_by: string; create_time: string }[] = [];
    const calls = serve({
      findCloudMeetingIpWhiteListAll: () => ({ findCloudMeetingIpWhiteListAll: entries }),
      saveCloudMeetingIpWhiteList: (v) => {
        const m = (v as { model: { address: string; description: string } }).model;
        if (m.address === '300.1.1.1')
          return {
            saveCloudMeetingIpWhiteList: result(
              '500',
              '不是有效的 IP 地址或网段（如 10.0.0.1、10.0.0.0/8、2001:db8::/32）：300.1.1.1',
              'Not a valid IP address',
            ),
          };
        entries = [{ id: 'e1', ...m, created_by: 'admin', create_time: '2030-01-01T04:00:00.000Z' }];
        return { saveCloudMeetingIpWhiteList: result() };
      },
      deleteCloudMeetingIpWhiteList: () => {
        entries = [];
        return { deleteCloudMeetingIpWhiteList: result() };
      },
    });
    renderPage(<IpWhiteList />, '/manage/cloudMeeting/IPwhiteList');
    expect(await screen.findByText('白名单为空：所有回调都会被拒绝')).toBeTruthy();

    typeInto('地址', '300.1.1.1');
    await clickButton('添加');
    expect(await screen.findByText(/不是有效的 IP 地址或网段/)).toBeTruthy();

    typeInto('地址', ' 10.0.0.0/8 ');
    typeInto('说明', '腾讯会议回调');
    await clickButton('添加');
    expect(await screen.findByText('已添加 10.0.0.0/8')).toBeTruthy();
    expect(callsOf(calls, 'saveCloudMeetingIpWhiteList').at(-1)).toEqual({
      model: { address: '10.0.0.0/8', description: '腾讯会议回调' },
    });
    const row = (await screen.findByText('10.0.0.0/8', { selector: 'td' })).closest('tr')!;
    await clickButton('删除', row);
    const confirm = await screen.findByText('确定从白名单删除 10.0.0.0/8 吗？');
    await clickButton('删除', confirm.closest('.ant-popover')! as HTMLElement);
    expect(await screen.findByText('已删除 10.0.0.0/8')).toBeTruthy();
    expect(callsOf(calls, 'deleteCloudMeetingIpWhiteList')).toEqual([{ id: 'e1' }]);
  });
});
