import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut, type SignedInUser } from '../../../../features/auth/auth.ts';
import { fakeStudent } from '../../../../testing/fake-auth.ts';
import { fakeVisitor, prepareVisitorTests, renderVisitorRoutes, serveVisitors, testVisit } from './testing.tsx';
import VisitorHome from './VisitorHome.tsx';

const auth = vi.hoisted(() => ({ user: null as SignedInUser | null }));
vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => auth.user,
  signIn: vi.fn(async () => {}),
  signOut: vi.fn(async () => {}),
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
beforeEach(() => {
  auth.user = fakeVisitor;
});
afterEach(() => vi.unstubAllGlobals());

const area = (id: string, name: string, available_number: number) => ({
  id,
  resources_name: name,
  resources_name_en: null,
  campus_name: null,
  building_name: null,
  available_number,
});

const config = {
  findVisitorCategoryConfig: {
    findVisitorCategoryConfig: {
      overallSettings: {
        id: 'o',
        is_welcome_setting: 1,
        welcome_content: '<p>欢迎来访<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        sys_name: '示例大学访客',
        banner_img: null,
        in_school_name: null,
        is_visitor_qr_code: 1,
        is_visitor_infor: 1,
        visitor_infor_cotent: null,
      },
      detailSettings: [],
      areas: [area('a1', '东门', 200), area('a2', '图书馆', 3)],
    },
  },
};

const profile = {
  findVisitorInfoByAccount: {
    findVisitorInfoByAccount: {
      id: 'r1',
      visitor_name: '张三',
      phone: '138****5678',
      unit: null,
      is_car: 0,
      car_product: null,
      car_card_number: null,
      infoList: [],
      info_complete: true,
    },
  },
};

const infoFields = {
  findVisitorInfoFieldSettingsEntityList: {
    findVisitorInfoFieldSettingsEntityList: [
      {
        id: 'f1',
        field_name: 'emergency_phone',
        field_label: '紧急联系电话',
        field_label_en: 'Emergency phone',
        field_type: 'phone',
        fieldTypeName: null,
        fieldTypeName_en: null,
        data_range: null,
        is_visitor_valid_info: 0,
        is_visitor_required_info: 0,
        is_appointment_required_info: 1,
        is_appointment_valid_info: 1,
        sort: 1,
      },
      {
        id: 'f2',
        field_name: 'nationality',
        field_label: '国籍',
        field_label_en: null,
        field_type: 'select',
        fieldTypeName: null,
        fieldTypeName_en: null,
        data_range: ['中国'],
        is_visitor_valid_info: 1,
        is_visitor_required_info: 1,
        is_appointment_required_info: 0,
        is_appointment_valid_info: 0,
        sort: 2,
      },
    ],
  },
};

/** The quota answer: the library has 3 a day, 2 taken. */
const quota = (variables: Record<string, unknown>) => {
  const models = variables.models as {
    in_school_area: string;
    in_school_date: string;
    peers: number;
    in_child: number;
  }[];
  return {
    findVisitorAvailableNumber: models.map((m) => {
      const total = m.in_school_area === 'a2' ? 3 : 200;
      const used = m.in_school_area === 'a2' ? 2 : 10;
      const remaining = total - used;
      return {
        in_school_date: m.in_school_date,
        resources_id: m.in_school_area,
        resources_name: m.in_school_area,
        resources_name_en: null,
        available_number: total,
        used,
        remaining,
        enough: 1 + m.peers + m.in_child <= remaining,
      };
    }),
  };
};

const PATH = '/mobile/visitor/home';
const renderHome = () => renderVisitorRoutes([{ path: PATH, element: <VisitorHome /> }], PATH);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/mobile/visitor/home for a visitor', () => {
  it('shows the cleaned welcome and the areas with what is left of their quota', async () => {
    const calls = serveVisitors({ ...config, ...profile, ...infoFields, findVisitorAvailableNumber: quota });
    renderHome();
    expect(await screen.findByRole('heading', { name: '示例大学访客' })).toBeTruthy();
    const welcome = document.querySelector('.yy-v-welcome')!;
    expect(welcome.textContent).toBe('欢迎来访');
    expect(welcome.innerHTML).not.toMatch(/script|onerror/);
    expect(await screen.findByText('剩余 190 / 200 人')).toBeTruthy();
    expect(screen.getByText('剩余 1 / 3 人')).toBeTruthy();
    // a visitor's page never asks for menus
    expect(calls.some((c) => c.op === 'canvasmenus')).toBe(false);
  });

  it('names what is missing or wrong, refuses a party the quota cannot take, and sends a valid application', async () => {
    const calls = serveVisitors({
      ...config,
      ...profile,
      ...infoFields,
      findVisitorAvailableNumber: quota,
      saveVisitorAppointment: {
        saveVisitorAppointment: { errcode: '0', msg: '成功', msg_en: 'OK', ids: ['v9'] },
      },
    });
    const router = renderHome();
    const form = within(await screen.findByRole('form', { name: '申请入校' }));
    fireEvent.change(screen.getByLabelText('来访日期'), { target: { value: '2000-01-01' } });
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('来访日期不能早于今天')).toBeTruthy();
    expect(screen.getByText('请至少选择一个来访区域')).toBeTruthy();
    // reason, host's name and phone, the application's required field
    expect(screen.getAllByText('此项为必填项')).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('来访日期'), { target: { value: '2099-03-02' } });
    fireEvent.click(screen.getByLabelText(/图书馆/));
    type('随行人数', '2');
    type('来访事由', '学术交流');
    type('被访人姓名', '李老师');
    type('被访人电话', '13900000000');
    type('紧急联系电话', 'abc');
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    // 3 people where 1 place is left
    expect(await screen.findByText('所选区域当日名额不足，请更换日期或区域')).toBeTruthy();
    expect(screen.getByText(/名额不足 · 剩余 1 \/ 3 人/)).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveVisitorAppointment')).toBe(false);

    type('随行人数', '0');
    type('紧急联系电话', '010-12345678');
    await waitFor(() => expect(screen.queryByText('所选区域当日名额不足，请更换日期或区域')).toBeNull());
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/detail/v9'));
    expect(calls.find((c) => c.op === 'saveVisitorAppointment')?.variables).toEqual({
      model: {
        visitor_type: '1',
        in_school_date: '2099-03-02',
        in_school_reason: '学术交流',
        in_school_area: 'a2',
        peers: 0,
        in_child: 0,
        accept_visit_name: '李老师',
        accept_visit_phone: '13900000000',
        accept_visit_unit: '',
        is_car: 0,
        infoList: [{ field_name: 'emergency_phone', value: '010-12345678' }],
      },
    });
  });

  it("shows the server's refusal of an application", async () => {
    serveVisitors({
      ...config,
      ...profile,
      findVisitorInfoFieldSettingsEntityList: { findVisitorInfoFieldSettingsEntityList: [] },
      findVisitorAvailableNumber: quota,
      saveVisitorAppointment: {
        saveVisitorAppointment: {
          errcode: 'VISIT_HOST_UNKNOWN',
          msg: '被访人不存在',
          msg_en: 'No such host',
          ids: null,
        },
      },
    });
    renderHome();
    await screen.findByRole('form', { name: '申请入校' });
    fireEvent.click(screen.getByLabelText(/东门/));
    type('来访事由', '参观');
    type('被访人姓名', '王老师');
    type('被访人电话', '13900000001');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('被访人不存在')).toBeTruthy();
  });

  it('asks to complete the information when it is incomplete', async () => {
    serveVisitors({
      ...config,
      findVisitorInfoByAccount: {
        findVisitorInfoByAccount: {
          ...profile.findVisitorInfoByAccount.findVisitorInfoByAccount,
          info_complete: false,
        },
      },
      ...infoFields,
      findVisitorAvailableNumber: quota,
    });
    renderHome();
    expect((await screen.findByRole('link', { name: '去完善' })).getAttribute('href')).toBe('/mobile/visitor/addinfo');
  });
});

describe('/mobile/visitor/home with information collection off', () => {
  const infoOff = {
    findVisitorCategoryConfig: {
      findVisitorCategoryConfig: {
        ...config.findVisitorCategoryConfig.findVisitorCategoryConfig,
        overallSettings: {
          ...config.findVisitorCategoryConfig.findVisitorCategoryConfig.overallSettings,
          is_visitor_infor: 0,
        },
      },
    },
  };

  it('neither links to nor asks for the information, and applies without information fields', async () => {
    const calls = serveVisitors({
      ...infoOff,
      // the server's word from before the switch: it is not acted upon
      findVisitorInfoByAccount: {
        findVisitorInfoByAccount: {
          ...profile.findVisitorInfoByAccount.findVisitorInfoByAccount,
          info_complete: false,
        },
      },
      ...infoFields,
      findVisitorAvailableNumber: quota,
      saveVisitorAppointment: {
        saveVisitorAppointment: { errcode: '0', msg: '成功', msg_en: 'OK', ids: ['v9'] },
      },
    });
    const router = renderHome();
    const form = within(await screen.findByRole('form', { name: '申请入校' }));
    expect(screen.getByRole('button', { name: '注销登录' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.op === 'findVisitorInfoByAccount')).toBe(true));
    expect(screen.queryByRole('link', { name: '我的信息' })).toBeNull();
    expect(screen.queryByRole('link', { name: '去完善' })).toBeNull();
    expect(screen.queryByText(/您的访客信息尚未完善/)).toBeNull();
    expect(screen.queryByLabelText('紧急联系电话')).toBeNull();
    expect(document.querySelector('a[href="/mobile/visitor/addinfo"]')).toBeNull();
    expect(calls.some((c) => c.op === 'findVisitorInfoFieldSettingsEntityList')).toBe(false);

    fireEvent.change(screen.getByLabelText('来访日期'), { target: { value: '2099-03-02' } });
    fireEvent.click(form.getByLabelText(/东门/));
    type('来访事由', '学术交流');
    type('被访人姓名', '李老师');
    type('被访人电话', '13900000000');
    fireEvent.click(form.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/detail/v9'));
    expect(calls.find((c) => c.op === 'saveVisitorAppointment')?.variables.model).toMatchObject({ infoList: [] });
  });
});

describe('/mobile/visitor/home: the visitor signs out', () => {
  it('after confirming', async () => {
    serveVisitors({ ...config, ...profile, ...infoFields, findVisitorAvailableNumber: quota });
    renderHome();
    expect((await screen.findByRole('link', { name: '我的信息' })).getAttribute('href')).toBe(
      '/mobile/visitor/addinfo',
    );
    fireEvent.click(screen.getByRole('button', { name: '注销登录' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '注销登录' }));
    await waitFor(() => expect(vi.mocked(signOut)).toHaveBeenCalled());
  });
});

describe('/mobile/visitor/home for a host', () => {
  beforeEach(() => {
    auth.user = fakeStudent;
  });

  it('lists the visits awaiting approval and invites several visitors at once', async () => {
    const calls = serveVisitors({
      ...config,
      findVisitorAvailableNumber: quota,
      findVisitorAppointmentInformationAll: {
        findVisitorAppointmentInformationAll: {
          edges: [{ node: testVisit({ id: 'v5', visitor_name: '赵*', can_audit: true }) }],
          totalCount: 1,
        },
      },
      batchSaveVisitorAppointment: {
        batchSaveVisitorAppointment: { errcode: '0', msg: '成功', msg_en: 'OK', ids: ['i1', 'i2'] },
      },
    });
    renderHome();
    const awaiting = await screen.findByRole('list', { name: '待我审批' });
    const item = within(awaiting).getByRole('link');
    expect(item.textContent).toContain('赵*');
    expect(item.textContent).toContain('待被访人审批');
    expect(item.getAttribute('href')).toBe('/mobile/visitor/detail/v5');
    expect(calls.find((c) => c.op === 'findVisitorAppointmentInformationAll')?.variables).toMatchObject({
      only_flow: '1',
    });
    // a host does not apply and has no visitor registration
    expect(screen.queryByRole('form', { name: '申请入校' })).toBeNull();
    expect(calls.some((c) => c.op === 'findVisitorInfoByAccount')).toBe(false);

    const form = within(screen.getByRole('form', { name: '邀请访客' }));
    fireEvent.click(form.getByRole('button', { name: '添加访客' }));
    type('第 1 位访客姓名', '甲');
    type('第 1 位访客手机号', '13800000001');
    type('第 2 位访客手机号', '13800000001');
    fireEvent.click(form.getByLabelText(/东门/));
    type('来访事由', '讲座');
    fireEvent.click(form.getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText('该手机号已在邀请名单中')).toBeTruthy();
    expect(screen.getByText('此项为必填项')).toBeTruthy();
    type('第 2 位访客姓名', '乙');
    type('第 2 位访客手机号', '13800000002');
    fireEvent.click(form.getByRole('button', { name: '发送邀请' }));
    await waitFor(() => expect(calls.some((c) => c.op === 'batchSaveVisitorAppointment')).toBe(true));
    const models = calls.find((c) => c.op === 'batchSaveVisitorAppointment')!.variables.models as Record<
      string,
      unknown
    >[];
    expect(models.map((m) => [m.visitor_type, m.visitor_name, m.phone, m.in_school_area, m.in_school_reason])).toEqual([
      ['2', '甲', '13800000001', 'a1', '讲座'],
      ['2', '乙', '13800000002', 'a1', '讲座'],
    ]);
    // the form is blank again for the next invitation
    await waitFor(() => expect((screen.getByLabelText('第 1 位访客姓名') as HTMLInputElement).value).toBe(''));
  });

  it('says when nothing awaits approval', async () => {
    serveVisitors({
      ...config,
      findVisitorAvailableNumber: quota,
      findVisitorAppointmentInformationAll: { findVisitorAppointmentInformationAll: { edges: [], totalCount: 0 } },
    });
    renderHome();
    expect(await screen.findByText('暂无待审批的访问')).toBeTruthy();
  });
});
