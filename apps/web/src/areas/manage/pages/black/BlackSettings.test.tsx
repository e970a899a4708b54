import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve, typeInto } from '../sign/testing.tsx';
import BlackSettings from './BlackSettings.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const stored = {
  id: '',
  is_enable: '1',
  no_show_times: 3,
  no_show_days: 30,
  ban_days: 7,
  update_user: '',
  update_user_name: '',
  update_time: '',
};

function open(save: () => unknown = () => ({ saveBlackSettings: result() })) {
  const calls = serve({ findBlackSettings: () => ({ findBlackSettings: stored }), saveBlackSettings: save });
  renderPage(<BlackSettings />, '/manage/black/black-settings');
  return calls;
}

const save = () => clickButton('保存');

describe('black settings form', () => {
  it('shows the stored rule and refuses missing, fractional and out-of-bounds numbers without saving', async () => {
    const calls = open();
    await waitFor(() => expect((screen.getByLabelText('统计天数') as HTMLInputElement).value).toBe('30'));
    expect((screen.getByLabelText('违约次数') as HTMLInputElement).value).toBe('3');
    // The summary follows the form's watched values, which settle a render after the inputs.
    expect(await screen.findByText('30 天内违约（未签到）达到 3 次，将被禁止预约 7 天。')).toBeTruthy();
    expect(screen.getByText('尚未保存，当前为默认规则')).toBeTruthy();

    typeInto('违约次数', '');
    typeInto('统计天数', '400');
    typeInto('禁约天数', '2.5');
    await save();
    expect(await screen.findByText('请填写违约次数')).toBeTruthy();
    expect(screen.getByText('统计天数须在 1-366 之间')).toBeTruthy();
    expect(screen.getByText('禁约天数须为整数')).toBeTruthy();
    expect(screen.getByText('请填写完整有效的规则。')).toBeTruthy();
    expect(callsOf(calls, 'saveBlackSettings')).toEqual([]);

    typeInto('违约次数', '101');
    await save();
    expect(await screen.findByText('违约次数须在 1-100 之间')).toBeTruthy();
    expect(callsOf(calls, 'saveBlackSettings')).toEqual([]);
  });

  it('saves a valid rule (switched off) as whole numbers, and says so', async () => {
    const calls = open();
    await waitFor(() => expect((screen.getByLabelText('统计天数') as HTMLInputElement).value).toBe('30'));
    typeInto('违约次数', '5');
    typeInto('统计天数', '14');
    typeInto('禁约天数', '10');
    fireEvent.click(screen.getByRole('switch', { name: '启用黑名单规则' }));
    expect(await screen.findByText('规则已停用：违约不会自动加入黑名单。')).toBeTruthy();
    await save();
    await screen.findByText('黑名单规则已保存');
    expect(callsOf(calls, 'saveBlackSettings')).toEqual([
      { model: { is_enable: '0', no_show_times: 5, no_show_days: 14, ban_days: 10 } },
    ]);
  });

  it('shows the server refusal with its reason', async () => {
    open(() => ({ saveBlackSettings: result('BLACK_SETTINGS_INVALID', '黑名单规则无效：违约次数 1-100', 'Invalid') }));
    await waitFor(() => expect((screen.getByLabelText('统计天数') as HTMLInputElement).value).toBe('30'));
    await save();
    expect(await screen.findByText('黑名单规则无效：违约次数 1-100')).toBeTruthy();
  });
});
