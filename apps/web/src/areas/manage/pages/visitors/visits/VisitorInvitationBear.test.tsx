import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve } from '../../sign/testing.tsx';
import { departmentTree } from './AddBearersDialog.tsx';
import VisitorInvitationBear from './VisitorInvitationBear.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const bearer = (id: string, type: string, name: string, is_enable = 1) => ({
  id,
  bearer_type: type,
  bearer_id: `${id}-d`,
  bearer_name: name,
  is_enable,
  mod_user: 'admin',
  mod_time: '2099-01-01 10:00',
});

function server(
  rows: ReturnType<typeof bearer>[],
  handlers: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  return serve({
    findVisitorInvitationBearerList: () => ({ findVisitorInvitationBearerList: rows }),
    posts: () => ({ posts: [{ id: 'p1', name: '辅导员', code: 'fdy', disabled: false }] }),
    departments: () => ({ departments: [] }),
    ...handlers,
  });
}

describe('invitation bearers', () => {
  it('says everyone may invite while none is enabled', async () => {
    server([bearer('b1', 'dept', '计算机学院', 0)]);
    renderPage(<VisitorInvitationBear />, '/manage/visitorManagement/visitorInvitationBear');
    expect(await screen.findByText('计算机学院')).toBeTruthy();
    expect(await screen.findByText(/所有人员都可以邀请访客/)).toBeTruthy();
  });

  it('adds posts from the directory, switches one off and deletes after a confirmation', async () => {
    const calls = server([bearer('b1', 'dept', '计算机学院')], {
      saveVisitorInvitationBearers: () => ({ saveVisitorInvitationBearers: { ...result(), ids: ['new'] } }),
      updateVisitorInvitationBearerState: () => ({ updateVisitorInvitationBearerState: result() }),
      deleteVisitorInvitationBearers: () => ({ deleteVisitorInvitationBearers: result() }),
    });
    renderPage(<VisitorInvitationBear />, '/manage/visitorManagement/visitorInvitationBear');
    await screen.findByText('计算机学院');
    expect(screen.queryByText(/所有人员都可以邀请访客/)).toBeNull();

    await clickButton('添加可邀请者');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('岗位'));
    const select = await within(dialog).findByRole('combobox', { name: '选择岗位' });
    const option = await waitFor(() => {
      fireEvent.mouseDown(select);
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (el) => el.textContent === '辅导员',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await clickButton('添加', dialog);
    await waitFor(() =>
      expect(callsOf(calls, 'saveVisitorInvitationBearers')).toEqual([
        { models: [{ bearer_type: 'post', bearer_id: 'p1' }] },
      ]),
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: /计算机学院/ }));
    });
    await waitFor(() =>
      expect(callsOf(calls, 'updateVisitorInvitationBearerState')).toEqual([{ ids: ['b1'], is_enable: 0 }]),
    );

    const row = screen.getByText('计算机学院').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('dialog', { name: /删除可邀请者/ });
    await clickButton('删除', confirm);
    await waitFor(() => expect(callsOf(calls, 'deleteVisitorInvitationBearers')).toEqual([{ ids: ['b1'] }]));
  });

  it('builds the department tree from the parent links', () => {
    const tree = departmentTree([
      { id: 'a', name: 'A', code: 'a', parent: '', disabled: false },
      { id: 'b', name: 'B', code: 'b', parent: 'a', disabled: false },
      { id: 'c', name: 'C', code: 'c', parent: 'missing', disabled: false },
    ]);
    expect(tree.map((n) => n.value)).toEqual(['a', 'c']);
    expect(tree[0]!.children.map((n) => n.value)).toEqual(['b']);
  });
});
