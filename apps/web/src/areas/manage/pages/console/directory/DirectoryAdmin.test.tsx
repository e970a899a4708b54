import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve, typeInto } from '../../sign/testing.tsx';
import DirectoryAdmin from './DirectoryAdmin.tsx';

vi.mock('../../../../../app/session.tsx', () => ({ useSession: () => ({ token: 'test-token' }) }));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const ROOT = 'dddddddd-0000-4000-8000-000000000001';
const CS = 'dddddddd-0000-4000-8000-000000000002';
const dept = (id: string, name: string, code: string, parent = '') => ({
  id,
  name,
  code,
  parent,
  disabled: false,
  order: 0,
  description: '',
});
const user = (id: string, account: string, name: string, disabled = false) => ({
  id,
  account,
  name,
  phone: '13800000000',
  email: '',
  sex: '',
  role: 'user',
  disabled,
  activeTime: null,
  positions: [{ active: true, dept: { id: CS, name: '计算机学院', code: 'cs' }, post: null }],
});
const U1 = 'uuuuuuuu-0000-4000-8000-000000000001';
const U2 = 'uuuuuuuu-0000-4000-8000-000000000002';

function open(handlers: Record<string, (v: Record<string, unknown>) => unknown> = {}) {
  const calls = serve({
    adminDepartments: () => ({ departments: [dept(ROOT, '演示大学', 'demo'), dept(CS, '计算机学院', 'cs', ROOT)] }),
    adminPosts: () => ({ posts: [] }),
    adminUsers: () => ({
      users: { totalCount: 2, edges: [{ node: user(U1, 'stu1', '甲同学') }, { node: user(U2, 'stu2', '乙同学') }] },
    }),
    updateUsersState: () => ({ updateUsersState: result() }),
    updateUser: () => ({ updateUser: result() }),
    ...handlers,
  });
  renderPage(<DirectoryAdmin />, '/manage/console/directory');
  return calls;
}

/** An XMLHttpRequest that answers the upload with `report` after reporting progress. */
function stubUpload(report: unknown, sent: { url?: string; auth?: string; file?: File }) {
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 200;
    response: unknown = null;
    responseType = '';
    timeout = 0;
    onload?: () => void;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'authorization') sent.auth = value;
    }
    send(form: FormData) {
      sent.file = form.get('file') as File;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.response = report;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

describe('directory administration', () => {
  it('shows the department tree; choosing a department lists its people (never visitors)', async () => {
    const calls = open();
    await screen.findByText('计算机学院 (cs)');
    await screen.findByText('甲同学');
    expect(callsOf(calls, 'adminUsers')[0]).toMatchObject({
      filter: { role: { ne: 'visitor' } },
      first: 20,
      offset: 0,
    });
    await act(async () => {
      fireEvent.click(screen.getByText('计算机学院 (cs)'));
    });
    await screen.findByText('计算机学院（cs）的人员');
    await waitFor(() =>
      expect(callsOf(calls, 'adminUsers').at(-1)).toMatchObject({
        filter: { role: { ne: 'visitor' }, dept: { eq: CS } },
      }),
    );
    typeInto('账号', 'stu');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'adminUsers').at(-1)).toMatchObject({
        filter: { account: { like: 'stu' }, dept: { eq: CS } },
      }),
    );
  });

  it('disables the selected users at once and resets a password', async () => {
    const calls = open();
    await screen.findByText('甲同学');
    const rows = screen.getAllByRole('checkbox').filter((c) => c.closest('tr.ant-table-row'));
    await act(async () => {
      for (const box of rows) fireEvent.click(box);
    });
    await clickButton('停用所选（2）');
    await waitFor(() => expect(callsOf(calls, 'updateUsersState')).toEqual([{ ids: [U1, U2], disabled: true }]));
    const row = screen.getByText('乙同学').closest('tr')!;
    await clickButton('重置密码', row);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'short' } });
    await clickButton('保存', dialog);
    expect(await within(dialog).findByText('密码为 8 至 128 个字符')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Reset@123456' } });
    await clickButton('保存', dialog);
    await waitFor(() =>
      expect(callsOf(calls, 'updateUser')).toEqual([{ model: { id: U2, password: 'Reset@123456' } }]),
    );
  });

  it('imports a department sheet with upload progress and shows each refused row with its reason', async () => {
    const sent: { url?: string; auth?: string; file?: File } = {};
    stubUpload(
      {
        errcode: '0',
        msg: '已导入：新增2行，更新0行；1行有错误未导入',
        msg_en: '2 rows added and 0 updated; 1 rows have errors and were not imported',
        total: 3,
        imported: 2,
        created: 2,
        updated: 0,
        errors: [{ row: 4, field: 'parent_code', msg: '上级部门编码“x”不存在', msg_en: 'No parent "x"' }],
      },
      sent,
    );
    const calls = open();
    await screen.findByText('计算机学院 (cs)');
    await clickButton('导入');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入部门')).toBeTruthy();
    const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await clickButton('开始导入', dialog);
    expect(within(dialog).getByText('请先选择文件')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['x'], 'd.csv')] } });
    });
    expect(within(dialog).getByText('请选择 .xlsx 格式的 Excel 文件')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['x'], 'd.xlsx')] } });
    });
    const loads = callsOf(calls, 'adminDepartments').length;
    await clickButton('开始导入', dialog);
    const report = await within(dialog).findByTestId('import-report');
    expect(sent).toMatchObject({ url: '/api/directory/departments/import', auth: 'Bearer test-token' });
    expect(within(report).getByText('已导入：新增2行，更新0行；1行有错误未导入')).toBeTruthy();
    expect(within(report).getByText('共 3 行：新增 2 行，更新 0 行，1 行有错误')).toBeTruthy();
    const row = within(report).getByText('上级部门编码“x”不存在').closest('tr')!;
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('parent_code')).toBeTruthy();
    // the tree reloads with what was imported
    await waitFor(() => expect(callsOf(calls, 'adminDepartments').length).toBeGreaterThan(loads));
  });
});
