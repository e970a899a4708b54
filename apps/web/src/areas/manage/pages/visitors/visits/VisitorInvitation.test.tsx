import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Visit } from '../../../../../features/visitors/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, serve } from '../../sign/testing.tsx';
import VisitorInvitation from './VisitorInvitation.tsx';

const saved = vi.hoisted(() => ({ files: [] as { name: string; blob: Blob }[] }));
vi.mock('../../../../../features/appointments-admin/export.ts', async (load) => ({
  ...(await load<typeof import('../../../../../features/appointments-admin/export.ts')>()),
  saveFile: (name: string, blob: Blob) => saved.files.push({ name, blob }),
}));

beforeAll(prepareBackOfficeTest);
afterEach(() => {
  vi.unstubAllGlobals();
  saved.files = [];
});
vi.setConfig({ testTimeout: 60_000 });

const AREA = '33333333-3333-4333-8333-333333333333';

const invitation = (id: string, patch: Partial<Visit>): Visit => ({
  id,
  visitor_name: '赵嘉宾',
  phone: '139****0003',
  visitor_type: '2',
  in_school_date: '2099-01-06',
  in_school_reason: '讲座',
  in_school_area: AREA,
  in_school_area_name: '图书馆',
  in_school_area_name_en: 'Library',
  peers: 2,
  in_child: 1,
  accept_visit_name: '钱老师',
  accept_visit_phone: '',
  accept_visit_unit: '物理系',
  is_car: 0,
  car_product: '',
  car_card_number: '',
  remark: '',
  state: 5,
  state_name: '待访客注册',
  state_name_en: 'Awaiting registration',
  reject_reason: '',
  created_user_name: '钱老师',
  create_time: '2099-01-01 09:00',
  pass_id: null,
  booking_id: null,
  can_cancel: true,
  can_audit: false,
  ...patch,
});

const rows = [
  invitation('bbbbbbbb-0000-4000-8000-000000000001', {}),
  invitation('bbbbbbbb-0000-4000-8000-000000000002', {
    visitor_name: '孙嘉宾',
    state: 2,
    state_name: '已通过',
    state_name_en: 'Approved',
    peers: 0,
    in_child: 0,
  }),
];

function server(list: Visit[] = rows) {
  return serve({
    findVisitorAdminVisits: () => ({
      findVisitorAppointmentInformationAll: { edges: list.map((node) => ({ node })), totalCount: list.length },
    }),
    findVisitorCategoryConfig: () => ({
      findVisitorCategoryConfig: {
        overallSettings: null,
        detailSettings: [],
        areas: [{ id: AREA, resources_name: '图书馆', resources_name_en: 'Library' }],
      },
    }),
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('invitations (/manage/visitorManagement/visitorInvitation)', () => {
  it('lists invitations with inviter, party and state, and searches by inviter, area and state, always of type 2', async () => {
    const calls = server();
    renderPage(<VisitorInvitation />, '/manage/visitorManagement/visitorInvitation');
    expect(await screen.findByText('赵嘉宾')).toBeTruthy();
    const first = within(rowOf('赵嘉宾'));
    expect(first.getByText('钱老师')).toBeTruthy();
    // the party: the guest, 2 peers and a child
    expect(first.getByText('4')).toBeTruthy();
    expect(first.getByText('待访客注册')).toBeTruthy();
    expect(within(rowOf('孙嘉宾')).getByText('已通过')).toBeTruthy();
    expect(callsOf(calls, 'findVisitorAdminVisits')[0]).toMatchObject({
      first: 10,
      offset: 0,
      filter: { visitor_type: { eq: '2' } },
    });
    // the page is about invitations: no visitor type to choose, the host's box names the inviter
    expect(screen.queryByRole('combobox', { name: '访客类型' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: '邀请人' }), { target: { value: '钱老师' } });
    await pickOption('来访区域', '图书馆');
    await pickOption('状态', '已通过');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorAdminVisits').at(-1)).toMatchObject({
        first: 10,
        offset: 0,
        filter: {
          visitor_type: { eq: '2' },
          host: { like: '钱老师' },
          in_school_area: { eq: AREA },
          state: { eq: '2' },
        },
      }),
    );
  });

  it('exports every invitation the search matches, numbers as listed (masked), without a type column', async () => {
    const calls = server();
    renderPage(<VisitorInvitation />, '/manage/visitorManagement/visitorInvitation');
    await screen.findByText('赵嘉宾');
    await clickButton('导出');
    await waitFor(() => expect(saved.files).toHaveLength(1));
    // the whole search, read in pages of 200 (not only the page shown)
    expect(callsOf(calls, 'findVisitorAdminVisits').at(-1)).toMatchObject({
      first: 200,
      offset: 0,
      filter: { visitor_type: { eq: '2' } },
    });
    expect(saved.files[0]!.name).toMatch(/^访客邀请-\d{8}-\d{4}\.xlsx$/);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await saved.files[0]!.blob.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).not.toContain('访客类型');
    expect(header.slice(0, 2)).toEqual(['访客姓名', '手机号']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['赵嘉宾', '139****0003']);
    expect(sheet.rowCount).toBe(3);
    expect(await screen.findByText('已导出 2 条')).toBeTruthy();
  });
});
