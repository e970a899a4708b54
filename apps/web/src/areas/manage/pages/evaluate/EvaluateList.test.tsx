import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Evaluation } from '../../../../features/evaluations-admin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { ROOM_ID, callsOf, clickButton, pickOption, renderPage, result, serve, typeInto } from '../sign/testing.tsx';
import EvaluateList from './EvaluateList.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const evaluation: Evaluation = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  appointment_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  resources_id: ROOM_ID,
  resources_name: '行政楼305会议室',
  resources_name_en: 'Room 305',
  resources_type_id: '',
  appointment_date: Date.UTC(2026, 1, 28, 16),
  start_time: '09:00',
  end_time: '10:00',
  composite_score: 2,
  resources_score: 3,
  system_score: 4,
  service_score: 1,
  content: '投影仪坏了',
  pictures: ['/api/files/p1.png', '/api/files/p2.png'],
  is_anonymous: '1',
  state: '1',
  reply_content: '',
  reply_user: '',
  reply_user_name: '',
  reply_time: '',
  created_user: 'student',
  created_user_name: '张同学',
  create_time: '2026-03-01 11:00:00',
  update_time: '2026-03-01 11:00:00',
};

function open(handlers: Record<string, (v: Record<string, unknown>) => unknown> = {}) {
  const calls = serve({
    findAppointmentEvaluateAll: () => ({
      findAppointmentEvaluateAll: {
        edges: [{ node: evaluation }],
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 1,
      },
    }),
    findAppointmentEvaluate: () => ({ findAppointmentEvaluate: evaluation }),
    findAppointmentEvaluateAverage: (v) => ({
      findAppointmentEvaluateAverage: (v.resourcesIdList as string[]).map((id) => ({
        resources_id: id,
        evaluateCount: 4,
        average: 3.25,
        resources_score: 3.5,
        system_score: 4,
        service_score: 2.75,
      })),
    }),
    updateAppointmentEvaluateState: () => ({ updateAppointmentEvaluateState: result() }),
    deleteAppointmentEvaluate: () => ({ deleteAppointmentEvaluate: result() }),
    batchDeleteAppointmentEvaluate: () => ({ batchDeleteAppointmentEvaluate: result() }),
    replyAppointmentEvaluate: () => ({ replyAppointmentEvaluate: result() }),
    ...handlers,
  });
  renderPage(<EvaluateList />, '/manage/evaluate/evaluate-list');
  return calls;
}

describe('evaluation list', () => {
  it('searches by resource, score and state, and shows the resource averages', async () => {
    const calls = open();
    await screen.findByText('投影仪坏了');
    expect(callsOf(calls, 'findAppointmentEvaluateAll')[0]).toEqual({
      first: 10,
      offset: 0,
      filter: {},
      createTime: [],
    });
    expect(within(screen.getByText('投影仪坏了').closest('tr')!).getByText('匿名')).toBeTruthy();

    await pickOption('资源', '行政楼305会议室');
    await pickOption('综合评分', '2 星');
    await pickOption('状态', '显示');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findAppointmentEvaluateAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { resources_id: { eq: ROOM_ID }, composite_score: { eq: '2' }, state: { eq: '1' } },
        createTime: [],
      }),
    );
    const stats = () => [...document.querySelectorAll('.ant-statistic-content')].map((e) => e.textContent);
    await waitFor(() => expect(stats()).toEqual(['4', '3.25', '3.50', '4.00', '2.75']));
    expect(callsOf(calls, 'findAppointmentEvaluateAverage')).toEqual([{ resourcesIdList: [ROOM_ID] }]);
  });

  it('hides an evaluation after a confirmation', async () => {
    const calls = open();
    await screen.findByText('投影仪坏了');
    await clickButton('隐藏', screen.getByText('投影仪坏了').closest('tr')!);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/隐藏后用户将看不到这条评价/)).toBeTruthy();
    expect(callsOf(calls, 'updateAppointmentEvaluateState')).toEqual([]);
    await clickButton('隐藏', confirm);
    expect(await screen.findByText('评价已隐藏')).toBeTruthy();
    expect(callsOf(calls, 'updateAppointmentEvaluateState')).toEqual([{ id: evaluation.id, state: '0' }]);
  });

  it('shows the detail with its pictures and replies (a reply is required; a refusal is shown)', async () => {
    let refuse = true;
    const calls = open({
      replyAppointmentEvaluate: () => ({
        replyAppointmentEvaluate: refuse ? result('EVALUATE_NOT_FOUND', '评价不存在', 'Not found') : result(),
      }),
    });
    await screen.findByText('投影仪坏了');
    await clickButton('查看/回复');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('张同学 (student)')).toBeTruthy();
    expect(within(drawer).getAllByRole('img', { name: /评价图片/ })).toHaveLength(2);
    expect(within(drawer).getByRole('img', { name: '服务评分: 1/5' })).toBeTruthy();

    await clickButton('提交回复', drawer);
    expect(await within(drawer).findByText('请填写回复')).toBeTruthy();
    expect(callsOf(calls, 'replyAppointmentEvaluate')).toEqual([]);

    typeInto('回复评价', ' 已安排维修，感谢反馈 ');
    await clickButton('提交回复', drawer);
    expect(await within(drawer).findByText('评价不存在')).toBeTruthy();

    refuse = false;
    await clickButton('提交回复', drawer);
    expect(await screen.findByText('回复已提交')).toBeTruthy();
    expect(callsOf(calls, 'replyAppointmentEvaluate').at(-1)).toEqual({
      id: evaluation.id,
      reply_content: '已安排维修，感谢反馈',
    });
  });

  it('searches by the dates written: [from, to], either end open', async () => {
    const calls = open();
    await screen.findByText('投影仪坏了');
    const setDate = async (placeholder: string, value: string) => {
      const input = screen.getByPlaceholderText(placeholder) as HTMLInputElement;
      await act(async () => {
        fireEvent.mouseDown(input);
        fireEvent.focus(input);
        fireEvent.change(input, { target: { value } });
        fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      });
    };
    await setDate('开始日期', '2026-03-01');
    await setDate('结束日期', '2026-03-31');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findAppointmentEvaluateAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: {},
        createTime: ['2026-03-01', '2026-03-31'],
      }),
    );
    await clickButton('重置');
    await waitFor(() => expect(callsOf(calls, 'findAppointmentEvaluateAll').at(-1)?.createTime).toEqual([]));
  });

  it('deletes one after a confirmation, and the selected ones at once; a refusal is shown', async () => {
    let refuse = true;
    const calls = open({
      batchDeleteAppointmentEvaluate: () => ({
        batchDeleteAppointmentEvaluate: refuse ? result('EVALUATE_NOT_FOUND', '评价不存在', 'Not found') : result(),
      }),
    });
    await screen.findByText('投影仪坏了');
    const row = () => screen.getByText('投影仪坏了').closest('tr')!;
    await clickButton('删除', row());
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/预约人可重新评价/)).toBeTruthy();
    expect(callsOf(calls, 'deleteAppointmentEvaluate')).toEqual([]);
    await clickButton('删除', confirm);
    expect(await screen.findByText('已删除 1 条评价')).toBeTruthy();
    expect(callsOf(calls, 'deleteAppointmentEvaluate')).toEqual([{ id: evaluation.id }]);

    const batch = () => screen.getByRole('button', { name: /批量删除/ }) as HTMLButtonElement;
    expect(batch().disabled).toBe(true);
    fireEvent.click(within(row()).getByRole('checkbox'));
    await waitFor(() => expect(batch().disabled).toBe(false));
    expect(screen.getByText('已选 1 条')).toBeTruthy();
    await clickButton('批量删除');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除选中的 1 条评价？删除后不可恢复。')).toBeTruthy();
    await clickButton('删除', dialog);
    expect(await screen.findByText('评价不存在')).toBeTruthy();
    refuse = false;
    await clickButton('批量删除');
    await clickButton('删除', (await screen.findAllByRole('dialog')).at(-1)!);
    expect(await screen.findByText('已删除 1 条评价')).toBeTruthy();
    expect(callsOf(calls, 'batchDeleteAppointmentEvaluate').at(-1)).toEqual({ ids: [evaluation.id] });
  });
});
