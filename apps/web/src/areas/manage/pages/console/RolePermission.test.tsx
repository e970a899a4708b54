import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, ROOM_ID, serve } from '../sign/testing.tsx';
import RolePermission from './RolePermission.tsx';
import { appRoles, FLOWS, grant, page, toChinese, toEnglish } from './testing.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await toChinese();
});
vi.setConfig({ testTimeout: 60_000 });

const USER_ID = '44444444-4444-4444-8444-444444444444';
const wholeTenant = grant('1', { type: 'dept', targetName: '教务处', target: 'd1' });
const oneVenue = grant('2', { filter: JSON.stringify({ resources: [ROOM_ID] }) });

function open(handlers: Record<string, (v: Record<string, unknown>) => unknown> = {}) {
  const calls = serve({
    flows: () => ({ flows: FLOWS }),
    appRoles,
    permissions: () => ({ permissions: page([wholeTenant, oneVenue], 12) }),
    grantUsers: () => ({
      byAccount: page([{ id: USER_ID, account: 'li01', name: '李老师' }]),
      byName: page([]),
    }),
    departments: () => ({ departments: [] }),
    posts: () => ({ posts: [] }),
    grantPermissions: () => ({ grantPermissions: result('0', '已授权 1 项', 'Granted 1') }),
    revokePermissions: () => ({ revokePermissions: result('0', '已撤销 2 项授权', 'Revoked 2 grants') }),
    ...handlers,
  });
  renderPage(<RolePermission />, '/manage/console/govern/rolepermission?app=booking&role=resourceAdmin');
  return calls;
}

/** Picks the user li01 in the grant dialog's user search. */
async function chooseUser(dialog: HTMLElement) {
  const who = within(dialog).getByRole('combobox', { name: '授权对象' });
  fireEvent.change(who, { target: { value: 'li01' } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === '李老师 (li01)',
    );
    if (!found) throw new Error('no option');
    return found;
  });
  fireEvent.click(option);
}

/** The confirmation shown over the dialog. */
const confirmation = () =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!el) throw new Error('no confirmation');
    return el;
  });

describe('application role authorization', () => {
  it('lists the role’s holders with subject type and what each covers, and searches', async () => {
    const calls = open();
    await screen.findByText('「场馆管理员」的授权对象');
    const deptRow = (await screen.findByText('教务处')).closest('tr')!;
    expect(within(deptRow).getByText('部门')).toBeTruthy();
    expect(within(deptRow).getByText('全部')).toBeTruthy();
    const venueRow = screen.getByText('张老师 (zhang)').closest('tr')!;
    await within(venueRow).findByText('场馆：行政楼305会议室');
    expect(screen.getByText('共 12 项')).toBeTruthy();
    // the booking application's roles only
    const roles = screen.getByRole('navigation', { name: '角色' });
    expect(within(roles).getByText('预约审批人')).toBeTruthy();
    expect(within(roles).queryByText('门岗人员')).toBeNull();
    expect(callsOf(calls, 'appRoles')[0]).toEqual({ app: 'booking' });
    expect(callsOf(calls, 'permissions')[0]).toEqual({
      first: 10,
      offset: 0,
      filter: { permission: { eq: 'resourceAdmin' } },
    });

    fireEvent.change(screen.getByRole('textbox', { name: '名称或账号' }), { target: { value: ' zhang ' } });
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'permissions').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { permission: { eq: 'resourceAdmin' }, keyword: { like: 'zhang' } },
      }),
    );
  });

  it('grants the role to a user found by account for one venue, after a confirmation', async () => {
    const calls = open();
    await screen.findByText('教务处');
    await clickButton('授权');
    const dialog = await screen.findByRole('dialog');
    await chooseUser(dialog);
    const venues = within(dialog).getByRole('combobox', { name: '授权范围 · 场馆' });
    await waitFor(() => {
      fireEvent.mouseDown(venues);
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) =>
        el.textContent?.startsWith('行政楼305会议室'),
      );
      if (!found) throw new Error('no venue');
      fireEvent.click(found);
    });
    await clickButton('下一步', dialog);
    const confirm = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!el) throw new Error('no confirmation');
      return el;
    });
    expect(confirm.textContent).toContain(
      '将「场馆管理员」授予 1 个对象：李老师 (li01)。授权范围：场馆：行政楼305会议室。',
    );
    expect(callsOf(calls, 'grantPermissions')).toEqual([]);
    await clickButton('授权', confirm);
    expect(await screen.findByText('已授权 1 项')).toBeTruthy();
    expect(callsOf(calls, 'grantPermissions')).toEqual([
      {
        models: [
          {
            type: 'user',
            target: USER_ID,
            permission: 'resourceAdmin',
            filter: JSON.stringify({ resources: [ROOM_ID] }),
          },
        ],
      },
    ]);
  });

  it('asks for a subject before granting; a refusal stays in the dialog with its reason', async () => {
    const calls = open({
      grantPermissions: () => ({
        grantPermissions: result('GRANT_TARGET_NOT_FOUND', '授权对象不存在', 'No such subject'),
      }),
    });
    await screen.findByText('教务处');
    await clickButton('授权');
    const dialog = await screen.findByRole('dialog');
    await clickButton('下一步', dialog);
    expect(await within(dialog).findByText('请选择至少一个授权对象')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();

    await chooseUser(dialog);
    await clickButton('下一步', dialog);
    const confirm = await confirmation();
    // no scope chosen: the role covers the whole tenant
    expect(confirm.textContent).toContain('授权范围：全部。');
    await clickButton('授权', confirm);
    expect(await within(dialog).findByText('授权对象不存在')).toBeTruthy();
    expect(callsOf(calls, 'grantPermissions')).toEqual([
      { models: [{ type: 'user', target: USER_ID, permission: 'resourceAdmin' }] },
    ]);
    // departments and posts are the other subjects
    expect(within(dialog).getByRole('radio', { name: '部门' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '岗位' })).toBeTruthy();
  });

  it('revokes the selected grants at once, after a confirmation, with the server’s message', async () => {
    const calls = open();
    const row = (await screen.findByText('教务处')).closest('tr')!;
    await act(async () => fireEvent.click(within(row).getByRole('checkbox')));
    const other = screen.getByText('张老师 (zhang)').closest('tr')!;
    await act(async () => fireEvent.click(within(other).getByRole('checkbox')));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    await clickButton('批量撤销');
    const pop = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-popover');
      if (!el) throw new Error('no confirmation');
      return el;
    });
    expect(pop.textContent).toContain('撤销所选 2 项授权？');
    await clickButton('撤销', pop);
    expect(await screen.findByText('已撤销 2 项授权')).toBeTruthy();
    expect(callsOf(calls, 'revokePermissions')).toEqual([{ revokeIds: ['rv-1', 'rv-2'] }]);
  });

  it('speaks English', async () => {
    await toEnglish();
    open();
    expect(await screen.findByText('Holders of “Venue administrator”')).toBeTruthy();
    expect(await screen.findByText('Venues: Room 305')).toBeTruthy();
    expect(within(screen.getByText('教务处').closest('tr')!).getByText('Department')).toBeTruthy();
    expect(screen.getAllByText('All').length).toBeGreaterThan(0);
  });
});
