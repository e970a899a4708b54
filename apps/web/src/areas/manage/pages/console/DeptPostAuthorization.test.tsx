import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, result, serve } from '../sign/testing.tsx';
import DeptPostAuthorization from './DeptPostAuthorization.tsx';
import { appRoles, grant, page, toChinese, toEnglish } from './testing.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await toChinese();
});
vi.setConfig({ testTimeout: 60_000 });

const departments = [
  { id: 'd-root', name: '学校', code: 'U', parent: '', disabled: false },
  { id: 'd-jw', name: '教务处', code: 'JW', parent: 'd-root', disabled: false },
  { id: 'd-ks', name: '考试科', code: 'KS', parent: 'd-jw', disabled: false },
];
const posts = [{ id: 'p-head', name: '处长', code: 'HEAD', disabled: false }];
const withPost = {
  id: 't1',
  dept: { id: 'd-jw', name: '教务处' },
  post: { id: 'p-head', name: '处长' },
  user: null,
  code: 'JW-HEAD',
  createTime: null,
};
const wholeDept = { ...withPost, id: 't2', post: null, code: 'JW' };
const ofAUser = { ...withPost, id: 't3', user: { id: 'u', name: '李老师', account: 'li' } };

/** The combinations table's body (the add dialog holds "any post" too). */
const rows = () => within(document.querySelector<HTMLElement>('.ant-table-tbody')!);
const rowOf = async (text: string) => (await waitFor(() => rows().getByText(text))).closest('tr')!;

function open(path = '/manage/console/authorize/dept_post?dept=d-jw') {
  const calls = serve({
    departments: () => ({ departments }),
    posts: () => ({ posts }),
    appRoles,
    triples: () => ({ triples: page([withPost, wholeDept, ofAUser]) }),
    permissions: () => ({
      permissions: page([
        grant('1', { type: 'triple', target: 't1', permission: 'approver', targetName: '教务处 / 处长' }),
      ]),
    }),
    addTriple: () => ({ addTriple: result('0', '已新增组合', 'Combination added') }),
    deleteTriple: () => ({ deleteTriple: result('0', '已删除组合及其授权', 'Combination deleted') }),
    revokePermissions: () => ({ revokePermissions: result('0', '已撤销 1 项授权', 'Revoked 1 grant') }),
  });
  renderPage(<DeptPostAuthorization />, path);
  return calls;
}

describe('grading authorization by department and post', () => {
  it('says that a combination covers the departments below, and asks for a department', async () => {
    const calls = open('/manage/console/authorize/dept_post');
    expect(screen.getByText(/组合对所选部门及其全部下级部门生效（继承）/)).toBeTruthy();
    expect(await screen.findByText('请在左侧选择一个部门')).toBeTruthy();
    fireEvent.click(await screen.findByText('教务处'));
    expect(await screen.findByText('教务处 的部门岗位组合')).toBeTruthy();
    await waitFor(() =>
      expect(callsOf(calls, 'triples')[0]).toEqual({ first: 200, offset: 0, filter: { dept: { eq: 'd-jw' } } }),
    );
  });

  it('lists the department’s combinations (not a user’s) with what each may do', async () => {
    const calls = open();
    const headRow = await rowOf('处长');
    expect(await within(headRow).findByText('预约审批人 · 全部')).toBeTruthy();
    const anyRow = await rowOf('全部岗位');
    expect(within(anyRow).getByText('尚未授予角色')).toBeTruthy();
    expect(screen.getAllByText('含下级部门')).toHaveLength(2);
    expect(screen.queryByText(/李老师/)).toBeNull();
    // one request for the grants of every combination shown
    await waitFor(() =>
      expect(callsOf(calls, 'permissions')[0]).toEqual({
        first: 500,
        offset: 0,
        filter: { type: { eq: 'triple' }, target: { in: ['t1', 't2'] } },
      }),
    );
  });

  it('adds a combination of the department and a post', async () => {
    const calls = open();
    await rowOf('全部岗位');
    await clickButton('新增组合');
    const dialog = await screen.findByRole('dialog');
    await pickOption(within(dialog).getByRole('combobox', { name: '岗位' }), '处长');
    await clickButton('确定', dialog);
    expect(await screen.findByText('已新增组合')).toBeTruthy();
    expect(callsOf(calls, 'addTriple')).toEqual([{ model: { dept: 'd-jw', post: 'p-head' } }]);
  });

  it('revokes a role of a combination and deletes a combination, each confirmed', async () => {
    const calls = open();
    const headRow = await rowOf('处长');
    await act(async () => fireEvent.click(await within(headRow).findByRole('button', { name: '撤销 预约审批人' })));
    await clickButton('撤销', document.querySelector<HTMLElement>('.ant-popover')!);
    expect(await screen.findByText('已撤销 1 项授权')).toBeTruthy();
    expect(callsOf(calls, 'revokePermissions')).toEqual([{ revokeIds: ['rv-1'] }]);

    const anyRow = await rowOf('全部岗位');
    await clickButton('删除组合', anyRow);
    const pop = await waitFor(() => {
      const el = [...document.querySelectorAll<HTMLElement>('.ant-popover')].find((p) =>
        p.textContent?.includes('教务处 / 全部岗位'),
      );
      if (!el) throw new Error('no confirmation');
      return el;
    });
    await clickButton('删除组合', pop);
    expect(await screen.findByText('已删除组合及其授权')).toBeTruthy();
    expect(callsOf(calls, 'deleteTriple')).toEqual([{ id: 't2' }]);
  });

  it('speaks English', async () => {
    await toEnglish();
    open();
    expect(await screen.findByText('Department/post combinations of 教务处')).toBeTruthy();
    expect(await screen.findByText('Booking approver · All')).toBeTruthy();
    expect(await rowOf('Any post')).toBeTruthy();
  });
});
