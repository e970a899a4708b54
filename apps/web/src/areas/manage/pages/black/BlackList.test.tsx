import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlackListEntry } from '../../../../features/blacklist/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, result, serve, typeInto } from '../sign/testing.tsx';
import BlackList from './BlackList.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const entry = (id: string, patch: Partial<BlackListEntry>): BlackListEntry => ({
  id,
  user_account: 'student',
  user_name: '张同学',
  reason: '多次未到场',
  reason_en: 'Repeated no-shows',
  source: '2',
  no_show_count: null,
  start_time: '2026-03-01 08:00:00',
  end_time: '2026-03-08 08:00:00',
  state: '1',
  ban_state: '1',
  pardon_time: '',
  pardon_reason: '',
  pardon_user: '',
  pardon_user_name: '',
  created_user: 'admin',
  created_user_name: '系统管理员',
  create_time: '2026-03-01 08:00:00',
  ...patch,
});

const inForce = entry('aaaaaaaa-0000-4000-8000-000000000001', {});
const pardoned = entry('aaaaaaaa-0000-4000-8000-000000000002', {
  user_account: 'wang',
  user_name: '王同学',
  source: '1',
  no_show_count: 3,
  reason: '30天内3次预约未签到（违约）',
  state: '2',
  ban_state: '2',
  pardon_time: '2026-03-02 09:00:00',
  pardon_reason: '系统故障',
  pardon_user: 'admin',
  pardon_user_name: '系统管理员',
});

function open(pardon: (v: Record<string, unknown>) => unknown) {
  const calls = serve({
    findBlackListAll: () => ({
      findBlackListAll: {
        edges: [inForce, pardoned].map((node) => ({ node })),
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 2,
      },
    }),
    pardonBlackList: pardon,
  });
  renderPage(<BlackList />, '/manage/black/black-list');
  return calls;
}

describe('blacklist', () => {
  it('lists entries, and searches with the filters as findBlackListAll variables', async () => {
    const calls = open(() => undefined);
    await screen.findByText('系统故障');
    expect(callsOf(calls, 'findBlackListAll')[0]).toEqual({ first: 10, offset: 0, filter: {} });
    expect(screen.getByText('违约规则（3 次）')).toBeTruthy();
    // only the ban in force can be pardoned
    expect(within(screen.getByText('王同学').closest('tr')!).queryByText(/^解\s*除$/)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: '用户' }), { target: { value: ' stu ' } });
    await pickOption('来源', '管理员添加');
    await pickOption('状态', '禁约中');
    await clickButton('查询');
    await waitFor(() => expect(callsOf(calls, 'findBlackListAll').length).toBeGreaterThan(1));
    expect(callsOf(calls, 'findBlackListAll').at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: { keyword: { like: 'stu' }, source: { eq: '2' }, ban_state: { eq: '1' } },
    });
  });

  it('pardons only with a reason; a refusal stays in the dialog with its reason', async () => {
    let refuse = true;
    const calls = open(() => ({
      pardonBlackList: refuse
        ? result('BLACKLIST_NOT_IN_FORCE', '该黑名单记录已解除或已到期', 'Not in force')
        : result(),
    }));
    await screen.findByText('系统故障');
    await clickButton('解除', screen.getByText('张同学').closest('tr')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('多次未到场')).toBeTruthy();

    await clickButton('解除', dialog);
    expect(await within(dialog).findByText('请填写解除原因')).toBeTruthy();
    expect(callsOf(calls, 'pardonBlackList')).toEqual([]);

    typeInto('解除原因', '  核实为误判  ');
    await clickButton('解除', dialog);
    expect(await within(dialog).findByText('该黑名单记录已解除或已到期')).toBeTruthy();

    refuse = false;
    await clickButton('解除', dialog);
    expect(await screen.findByText('已解除 student 的禁约')).toBeTruthy();
    expect(callsOf(calls, 'pardonBlackList')).toEqual([
      { id: inForce.id, reason: '核实为误判' },
      { id: inForce.id, reason: '核实为误判' },
    ]);
    // the list is read again after the pardon
    await waitFor(() => expect(callsOf(calls, 'findBlackListAll').length).toBeGreaterThan(1));
  });
});
