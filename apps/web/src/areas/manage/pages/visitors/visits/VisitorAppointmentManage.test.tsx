import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Visit } from '../../../../../features/visitors/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve } from '../../sign/testing.tsx';
import VisitorAppointmentManage from './VisitorAppointmentManage.tsx';
import VisitorInvitation from './VisitorInvitation.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const AREA = '33333333-3333-4333-8333-333333333333';

function visit(id: string, patch: Partial<Visit>): Visit {
  return {
    id,
    visitor_name: '李访客',
    phone: '138****0001',
    visitor_type: '1',
    in_school_date: '2099-01-05',
    in_school_reason: '参观',
    in_school_area: AREA,
    in_school_area_name: '图书馆',
    in_school_area_name_en: 'Library',
    peers: 1,
    in_child: 0,
    accept_visit_name: '张老师',
    accept_visit_phone: '',
    accept_visit_unit: '计算机学院',
    is_car: 0,
    car_product: '',
    car_card_number: '',
    remark: '',
    state: 1,
    state_name: '待二级审批',
    state_name_en: 'Awaiting the second level',
    reject_reason: '',
    created_user_name: '李访客',
    create_time: '2099-01-01 10:00',
    pass_id: null,
    booking_id: null,
    can_cancel: true,
    can_audit: true,
    ...patch,
  };
}

const awaiting = visit('aaaaaaaa-0000-4000-8000-000000000001', {});
const approved = visit('aaaaaaaa-0000-4000-8000-000000000002', {
  visitor_name: '王访客',
  state: 2,
  state_name: '已通过',
  state_name_en: 'Approved',
  can_audit: false,
});
const invitation = visit('aaaaaaaa-0000-4000-8000-000000000003', {
  visitor_name: '赵嘉宾',
  visitor_type: '2',
  created_user_name: '钱老师',
  can_audit: false,
});

function server(rows: Visit[], handlers: Record<string, (v: Record<string, unknown>) => unknown> = {}) {
  return serve({
    findVisitorAdminVisits: () => ({
      findVisitorAppointmentInformationAll: { edges: rows.map((node) => ({ node })), totalCount: rows.length },
    }),
    findVisitorCategoryConfig: () => ({
      findVisitorCategoryConfig: {
        overallSettings: null,
        detailSettings: [],
        areas: [{ id: AREA, resources_name: '图书馆', resources_name_en: 'Library' }],
      },
    }),
    findVisitorAppointmentDetail: () => ({
      findVisitorAppointmentDetail: {
        ...awaiting,
        infoList: [
          { field_name: 'id_card', field_label: '身份证号', field_label_en: 'ID', value: '1101**********0011' },
        ],
        auditList: [
          {
            id: 'x1',
            step: 1,
            result: 'approved',
            reason: '',
            operator_name: '张老师',
            create_time: '2099-01-01 11:00',
          },
        ],
      },
    }),
    ...handlers,
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('visits of the back office', () => {
  it('lists every visit and searches with host, visitor name and state', async () => {
    const calls = server([awaiting, approved]);
    renderPage(<VisitorAppointmentManage />, '/manage/visitorManagement/visitorAppointmentManage');
    expect(await screen.findByText('李访客')).toBeTruthy();
    expect(screen.getByText('王访客')).toBeTruthy();
    expect(screen.getAllByText('138****0001').length).toBeGreaterThan(0);
    expect(callsOf(calls, 'findVisitorAdminVisits')[0]).toMatchObject({ first: 10, offset: 0, filter: {} });

    fireEvent.change(screen.getByRole('textbox', { name: '被访人' }), { target: { value: '张老师' } });
    fireEvent.change(screen.getByRole('textbox', { name: '访客姓名' }), { target: { value: '李' } });
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findVisitorAdminVisits').at(-1)).toMatchObject({
        filter: { host: { like: '张老师' }, visitor_name: { like: '李' } },
        appointmentDate: null,
      }),
    );
  });

  it('starts from the search in its link (the home card "visitors expected": the day, approved)', async () => {
    const calls = server([approved]);
    renderPage(
      <VisitorAppointmentManage />,
      '/manage/visitorManagement/visitorAppointmentManage?from=2099-01-05&to=2099-01-05&state=2&area=x%27%3B',
    );
    await screen.findByText('王访客');
    expect(callsOf(calls, 'findVisitorAdminVisits')[0]).toMatchObject({
      filter: { state: { eq: '2' } },
      appointmentDate: ['2099-01-05', '2099-01-05'],
    });
    expect(callsOf(calls, 'findVisitorAdminVisits')[0]?.filter).not.toHaveProperty('in_school_area');
    expect(screen.getAllByDisplayValue('2099-01-05')).toHaveLength(2);
  });

  it('approves a visit awaiting the administrator; a rejection needs a reason', async () => {
    const calls = server([awaiting, approved], {
      auditVisitorAppointment: () => ({ auditVisitorAppointment: result() }),
    });
    renderPage(<VisitorAppointmentManage />, '/manage/visitorManagement/visitorAppointmentManage');
    await screen.findByText('李访客');
    expect(within(rowOf('王访客')).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    await act(async () => {
      fireEvent.click(within(rowOf('李访客')).getByRole('button', { name: /通\s*过/ }));
    });
    await waitFor(() =>
      expect(callsOf(calls, 'auditVisitorAppointment')).toEqual([{ id: awaiting.id, state: '2', reason: null }]),
    );
    expect(await screen.findByText('已审批通过')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(rowOf('李访客')).getByRole('button', { name: /驳\s*回/ }));
    });
    const dialog = await screen.findByRole('dialog');
    await clickButton('驳回', dialog);
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(callsOf(calls, 'auditVisitorAppointment')).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '当天闭馆' } });
    await clickButton('驳回', dialog);
    await waitFor(() =>
      expect(callsOf(calls, 'auditVisitorAppointment').at(-1)).toEqual({
        id: awaiting.id,
        state: '3',
        reason: '当天闭馆',
      }),
    );
  });

  it('shows the detail with the approval trail, numbers masked', async () => {
    server([awaiting]);
    renderPage(<VisitorAppointmentManage />, '/manage/visitorManagement/visitorAppointmentManage');
    fireEvent.click(await screen.findByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('审批记录')).toBeTruthy();
    expect(within(drawer).getByText('1101**********0011')).toBeTruthy();
    expect(within(drawer).getByText(/被访人审批 · 通过/)).toBeTruthy();
  });

  it('shows the numbers whole only when asked (the server logs it)', async () => {
    const calls = server([awaiting], {
      findVisitorAppointmentDetailWhole: () => ({
        findVisitorAppointmentDetail: {
          ...awaiting,
          phone: '13800000001',
          infoList: [
            { field_name: 'id_card', field_label: '身份证号', field_label_en: 'ID', value: '110105198502010011' },
          ],
          auditList: [],
        },
      }),
    });
    renderPage(<VisitorAppointmentManage />, '/manage/visitorManagement/visitorAppointmentManage');
    fireEvent.click(await screen.findByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('1101**********0011');
    expect(callsOf(calls, 'findVisitorAppointmentDetailWhole')).toHaveLength(0);
    fireEvent.click(within(drawer).getByRole('button', { name: /查看完整号码/ }));
    expect(await within(drawer).findByText('110105198502010011')).toBeTruthy();
    expect(within(drawer).getByText('13800000001')).toBeTruthy();
    expect(within(drawer).getByText(/记入访客操作日志/)).toBeTruthy();
    expect(callsOf(calls, 'findVisitorAppointmentDetailWhole')).toEqual([{ id: awaiting.id }]);
  });

  it('deletes the selected visits after a confirmation; a refusal is shown', async () => {
    let refuse = false;
    const calls = server([awaiting, approved], {
      batchDeleteVisitorAppointmentInformation: () => ({
        batchDeleteVisitorAppointmentInformation: refuse
          ? result('500', '来访记录不存在', 'The visit does not exist')
          : result(),
      }),
    });
    renderPage(<VisitorAppointmentManage />, '/manage/visitorManagement/visitorAppointmentManage');
    await screen.findByText('李访客');
    const batch = screen.getByRole('button', { name: /批量删除/ }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    fireEvent.click(within(rowOf('李访客')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('王访客')).getByRole('checkbox'));
    fireEvent.click(batch);
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/确定删除选中的 2 条来访记录/)).toBeTruthy();
    await clickButton('删除', confirm);
    await waitFor(() =>
      expect(callsOf(calls, 'batchDeleteVisitorAppointmentInformation')).toEqual([{ ids: [awaiting.id, approved.id] }]),
    );
    expect(await screen.findByText('已删除 2 条')).toBeTruthy();

    refuse = true;
    fireEvent.click(within(rowOf('李访客')).getByRole('button', { name: /删\s*除/ }));
    confirm = await screen.findByRole('dialog');
    await clickButton('删除', confirm);
    expect(await screen.findByText('来访记录不存在')).toBeTruthy();
  });
});

describe('invitations', () => {
  it('lists only invitations (visitor type 2) with the inviter', async () => {
    const calls = server([invitation]);
    renderPage(<VisitorInvitation />, '/manage/visitorManagement/visitorInvitation');
    expect(await screen.findByText('赵嘉宾')).toBeTruthy();
    expect(within(rowOf('赵嘉宾')).getByText('钱老师')).toBeTruthy();
    expect(callsOf(calls, 'findVisitorAdminVisits')[0]).toMatchObject({ filter: { visitor_type: { eq: '2' } } });
    expect(screen.queryByRole('combobox', { name: '访客类型' })).toBeNull();
  });
});
