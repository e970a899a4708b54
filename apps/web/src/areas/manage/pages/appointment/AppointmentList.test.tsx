import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import ExcelJS from 'exceljs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import AppointmentList from './AppointmentList.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
// A whole antd list page per test: generous on a loaded 2-core machine (a hang still fails).
vi.setConfig({ testTimeout: 60_000 });

const TYPE_ID = '11111111-1111-4111-8111-111111111111';
const ROOM_ID = '22222222-2222-4222-8222-222222222222';
/** Midnight of 2099-01-05 in Asia/Shanghai, as the server sends appointment_date. */
const FUTURE = Date.UTC(2099, 0, 4, 16);
/** Midnight of 2024-03-01 in Asia/Shanghai. */
const PAST = Date.UTC(2024, 1, 29, 16);

function booking(id: string, patch: Partial<AdminAppointment>): AdminAppointment {
  return {
    id,
    resources_id: ROOM_ID,
    resources_name: '行政楼305会议室',
    resources_name_en: 'Room 305',
    resources_type_id: TYPE_ID,
    resources_type_name: '会议室',
    resources_type_name_en: 'Meeting room',
    resources_number: 'XZ-305',
    time_slot_id: '',
    appointment_date: FUTURE,
    start_time: '09:00',
    end_time: '10:00',
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    booking_mode: '1',
    series_id: '',
    created_user: 'student',
    created_user_name: '张同学',
    appointment_user: 'student',
    appointment_user_name: '张同学',
    dept_code: 'cs',
    dept_name: '计算机学院',
    dept_name_en: 'School of Computing',
    email: 'zhang@example.edu',
    phone: '13800000000',
    person_times: 1,
    theme: '组会',
    theme_en: '',
    enclosure: '',
    enclosure_name: '',
    remark: '',
    event: '',
    event_en: '',
    entourage: '',
    cancel_reason: '',
    cancel_user: '',
    cancel_time: '',
    is_evaluate: '0',
    create_time: '2098-12-30 10:00:00',
    appointmentParticipantList: [
      {
        id: `${id}-p`,
        participant_id: 'li',
        participant_name: '李老师',
        participant_dept_id: 'cs',
        participant_dept_name: '计算机学院',
        mobile: '',
        email: '',
      },
    ],
    appointmentCollectionList: [],
    ...patch,
  };
}

const pending = booking('aaaaaaaa-0000-4000-8000-000000000001', { audit_status: '1' });
const cancelled = booking('aaaaaaaa-0000-4000-8000-000000000002', {
  state: '1',
  appointment_date: PAST,
  cancel_reason: '临时有事',
  appointment_user_name: '王同学',
  appointment_user: 'wang',
});
const rejected = booking('aaaaaaaa-0000-4000-8000-000000000003', {
  audit_status: '3',
  appointment_date: PAST,
  appointment_user_name: '赵同学',
  appointment_user: 'zhao',
});
const upcoming = booking('aaaaaaaa-0000-4000-8000-000000000004', { appointment_user_name: '钱同学' });
const rows = [pending, cancelled, rejected, upcoming];

type Call = { op: string; variables: Record<string, unknown> };
type Handler = (variables: Record<string, unknown>) => Record<string, unknown>;

const ok = (op: string) => () => ({ [op]: { errcode: '0', msg: '成功', msg_en: 'Done', ids: [] } });

/** The server: one handler per operation name; records every call with its variables. */
function serve(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    findAppointmentInformationAllForAppointMent: () => ({
      findAppointmentInformationAllForAppointMent: {
        edges: rows.map((node) => ({ node, cursor: node.id })),
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: rows.length,
      },
    }),
    findResourcesTypeAll: () => ({
      findResourcesTypeAll: [{ id: TYPE_ID, resources_name: '会议室', resources_name_en: 'Meeting room' }],
    }),
    findResourcesAll: () => ({
      findResourcesAll: {
        edges: [
          {
            node: {
              id: ROOM_ID,
              resources_name: '行政楼305会议室',
              resources_name_en: 'Room 305',
              resources_number: 'XZ-305',
              resources_type_id: TYPE_ID,
              resources_type_name: '会议室',
              state: 1,
            },
            cursor: '1',
          },
        ],
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 1,
      },
    }),
    findAppointmentApprovalTasks: () => ({ findAppointmentApprovalTasks: [] }),
    departments: () => ({
      departments: [
        { id: 'd1', name: '计算机学院', code: 'cs', parent: '', disabled: false },
        { id: 'd2', name: '物理学院', code: 'phys', parent: '', disabled: false },
      ],
    }),
    ...handlers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const handler = all[body.operationName];
      if (!handler)
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify({ data: handler(body.variables) }));
    }),
  );
  return calls;
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.op === 'findAppointmentInformationAllForAppointMent').map((c) => c.variables);

function renderList(path = '/manage/appointment/list') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[path]}>
          <App>
            <AppointmentList />
          </App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** Opens an antd select by its form label and picks the option with that text. */
async function pickOption(label: string, option: string) {
  const choice = await waitFor(() => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

/** The table row showing a text. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const search = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  });

describe('bookings list filters', () => {
  it('loads every booking, then searches with type, resource, status and approval as variables', async () => {
    const calls = serve();
    renderList();
    await screen.findByText('钱同学');
    expect(listCalls(calls)[0]).toEqual({ first: 10, offset: 0, filter: {}, appointmentDate: [], only_flow: '' });
    expect(screen.getByText('共 4 条')).toBeTruthy();

    await pickOption('资源类型', '会议室');
    await pickOption('资源', '行政楼305会议室');
    await pickOption('状态', '待履约');
    await pickOption('审批状态', '审批通过');
    await search();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(listCalls(calls).at(-1)).toEqual({
      first: 10,
      offset: 0,
      filter: {
        resources_type_id: { eq: TYPE_ID },
        resources_id: { eq: ROOM_ID },
        state: { eq: '0' },
        audit_status: { eq: '2' },
        appointment_state: { eq: '0' },
      },
      appointmentDate: [],
      only_flow: '',
    });
  });

  it('takes a resource and a date range from the address, and the reset clears them', async () => {
    const calls = serve();
    renderList(`/manage/appointment/list?resources_id=${ROOM_ID}&from=2026-03-01&to=2026-03-31&status=pending`);
    await screen.findByText('钱同学');
    expect(listCalls(calls)[0]).toEqual({
      first: 10,
      offset: 0,
      filter: {
        resources_id: { eq: ROOM_ID },
        state: { eq: '0' },
        audit_status: { eq: '1' },
        appointment_state: { eq: '0' },
      },
      appointmentDate: ['2026-03-01', '2026-03-31'],
      only_flow: '',
    });
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-03-01');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    });
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ first: 10, offset: 0, filter: {}, appointmentDate: [], only_flow: '' }),
    );
  });
});

describe('booker and department filters', () => {
  it("searches by part of the booker's name or account and by the booker's department", async () => {
    const calls = serve();
    renderList();
    await screen.findByText('钱同学');
    fireEvent.change(screen.getByRole('textbox', { name: '预约人' }), { target: { value: '  张  ' } });
    await pickOption('预约人部门', '物理学院');
    await search();
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { booker: { like: '张' }, dept_code: { eq: 'phys' } },
        appointmentDate: [],
        only_flow: '',
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    });
    await waitFor(() => expect(listCalls(calls).at(-1)?.filter).toEqual({}));
    expect((screen.getByRole('textbox', { name: '预约人' }) as HTMLInputElement).value).toBe('');
  });

  it('takes the booker and the department from the address', async () => {
    const calls = serve();
    renderList('/manage/appointment/list?booker=wang&dept_code=cs');
    await screen.findByText('钱同学');
    expect(listCalls(calls)[0]?.filter).toEqual({ booker: { like: 'wang' }, dept_code: { eq: 'cs' } });
    expect((screen.getByRole('textbox', { name: '预约人' }) as HTMLInputElement).value).toBe('wang');
  });
});

describe('approve and reject', () => {
  it('refuses to reject without a reason, then rejects with it and reports the result', async () => {
    const calls = serve({ rejectAppointment: ok('rejectAppointment') });
    renderList();
    await screen.findByText('钱同学');
    fireEvent.click(within(rowOf('张同学')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回预约')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('原因不能为空')).toBeTruthy();
    expect(calls.some((c) => c.op === 'rejectAppointment')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '  会议室已另作安排  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(calls.some((c) => c.op === 'rejectAppointment')).toBe(true));
    expect(calls.find((c) => c.op === 'rejectAppointment')?.variables).toEqual({
      id: pending.id,
      reason: '会议室已另作安排',
    });
    expect(await screen.findByText('已驳回该预约')).toBeTruthy();
    // the list reloads after the decision
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('approves without a comment, and shows a refusal with its reason in the dialog', async () => {
    const calls = serve({
      approveAppointment: () => ({
        approveAppointment: { errcode: '409', msg: '该预约已被处理，无需再次审批', msg_en: 'Already decided' },
      }),
    });
    renderList();
    await screen.findByText('钱同学');
    fireEvent.click(within(rowOf('张同学')).getByRole('button', { name: /通\s*过/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(calls.some((c) => c.op === 'approveAppointment')).toBe(true));
    expect(calls.find((c) => c.op === 'approveAppointment')?.variables).toEqual({ id: pending.id, reason: '' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('该预约已被处理，无需再次审批');
  });

  it('offers approval only for bookings awaiting it', async () => {
    serve();
    renderList();
    await screen.findByText('钱同学');
    expect(within(rowOf('钱同学')).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(rowOf('王同学')).queryByRole('button', { name: /通\s*过/ })).toBeNull();
  });
});

describe('an entry in a ballot (audit_status 4)', () => {
  const entry = booking('aaaaaaaa-0000-4000-8000-000000000005', { audit_status: '4', appointment_user_name: '孙同学' });
  const listOf = (nodes: AdminAppointment[]) => () => ({
    findAppointmentInformationAllForAppointMent: {
      edges: nodes.map((node) => ({ node, cursor: node.id })),
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: nodes.length,
    },
  });

  it('shows "in the ballot" with the ballot mark, and offers no approval or change of time, only cancelling', async () => {
    serve({ findAppointmentInformationAllForAppointMent: listOf([entry, upcoming]) });
    renderList();
    await screen.findByText('孙同学');
    const row = rowOf('孙同学');
    const tag = within(row).getByText('抽签中').closest('.ant-tag')!;
    expect(tag.querySelector('svg')).toBeTruthy();
    expect(within(row).queryByText('待履约')).toBeNull();
    expect(within(row).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /驳\s*回/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /改\s*期/ })).toBeNull();
    expect(within(row).getByRole('button', { name: /取消预约/ })).toBeTruthy();
    // a booking to come may still be moved
    expect(within(rowOf('钱同学')).getByRole('button', { name: /改\s*期/ })).toBeTruthy();
  });

  it('is searched by its own status (audit 4), apart from "pending" (audit 1, as the home counts)', async () => {
    const calls = serve({ findAppointmentInformationAllForAppointMent: listOf([entry]) });
    renderList();
    await screen.findByText('孙同学');
    await pickOption('状态', '抽签中');
    await search();
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.filter).toEqual({
        state: { eq: '0' },
        audit_status: { eq: '4' },
        appointment_state: { eq: '0' },
      }),
    );
  });
});

describe('batch delete', () => {
  it('selects only finished records and deletes them after a confirmation', async () => {
    const calls = serve({ batchDeleteAppointmentInformation: ok('batchDeleteAppointmentInformation') });
    renderList();
    await screen.findByText('钱同学');
    const box = (text: string) => within(rowOf(text)).getByRole('checkbox') as HTMLInputElement;
    expect(box('钱同学').disabled).toBe(true);
    const batch = screen.getByRole('button', { name: /批量删除/ }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);

    fireEvent.click(box('王同学'));
    fireEvent.click(box('赵同学'));
    expect(screen.getByText('已选 2 条')).toBeTruthy();
    fireEvent.click(batch);
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/确定删除选中的 2 条预约记录吗/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.op === 'batchDeleteAppointmentInformation')).toBe(false);

    fireEvent.click(batch);
    confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls.some((c) => c.op === 'batchDeleteAppointmentInformation')).toBe(true));
    expect(calls.find((c) => c.op === 'batchDeleteAppointmentInformation')?.variables).toEqual({
      ids: [cancelled.id, rejected.id],
    });
    expect(await screen.findByText('已删除 2 条预约记录')).toBeTruthy();
  });

  it("shows the server's refusal when a record cannot be deleted", async () => {
    serve({
      batchDeleteAppointmentInformation: () => ({
        batchDeleteAppointmentInformation: {
          errcode: '400',
          msg: '仍待进行的预约不能删除',
          msg_en: 'Upcoming bookings cannot be deleted',
        },
      }),
    });
    renderList();
    await screen.findByText('钱同学');
    fireEvent.click(within(rowOf('王同学')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('仍待进行的预约不能删除')).toBeTruthy();
  });
});

describe('export', () => {
  it('reads every matching booking page by page and saves them as an .xlsx', async () => {
    const many = Array.from({ length: 203 }, (_, i) =>
      booking(`bbbbbbbb-0000-4000-8000-${String(i).padStart(12, '0')}`, { appointment_user_name: `用户${i}` }),
    );
    const calls = serve({
      findAppointmentInformationAllForAppointMent: (v) => {
        const first = Number(v.first);
        const offset = Number(v.offset);
        const page = first === 200 ? many.slice(offset, offset + first) : rows;
        return {
          findAppointmentInformationAllForAppointMent: {
            edges: page.map((node) => ({ node, cursor: node.id })),
            pageInfo: { hasNextPage: false, endCursor: null },
            totalCount: first === 200 ? many.length : rows.length,
          },
        };
      },
    });
    let saved: Blob | null = null;
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => {
        saved = b;
        return 'blob:export';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderList(`/manage/appointment/list?status=upcoming`);
    await screen.findByText('钱同学');
    fireEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('已导出 203 条预约')).toBeTruthy();
    const pages = listCalls(calls).filter((v) => v.first === 200);
    expect(pages.map((v) => v.offset)).toEqual([0, 200]);
    expect(pages[0]?.filter).toEqual({
      state: { eq: '0' },
      audit_status: { in: ['0', '2'] },
      appointment_state: { eq: '0' },
    });
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await saved!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(204);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 8)).toEqual([
      '资源类型',
      '资源',
      '资源编号',
      '预约日期',
      '时段',
      '状态',
      '审批状态',
      '预约人',
    ]);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first.slice(0, 9)).toEqual([
      '会议室',
      '行政楼305会议室',
      'XZ-305',
      '2099-01-05',
      '09:00-10:00',
      '待履约',
      '无需审批',
      '用户0',
      'student',
    ]);
    expect(first).toContain('李老师');
  });
});
