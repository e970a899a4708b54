import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareVisitorTests, renderVisitorRoutes, serveVisitors, categoryConfig } from './testing.tsx';
import VisitorAddinfo from './VisitorAddinfo.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'vtok', profile: { sub: 't:v', preferred_username: 'visitor:0a1b' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const field = (
  field_name: string,
  field_label: string,
  field_type: string,
  required = 0,
  data_range: string[] | null = null,
) => ({
  id: field_name,
  field_name,
  field_label,
  field_label_en: null,
  field_type,
  fieldTypeName: null,
  fieldTypeName_en: null,
  data_range,
  is_visitor_valid_info: 1,
  is_visitor_required_info: required,
  is_appointment_required_info: 0,
  is_appointment_valid_info: 0,
  sort: 0,
});

const answers = {
  findVisitorValidFieldInfo: {
    findVisitorValidFieldInfo: [
      field('emergency_name', '紧急联系人', 'text', 1),
      field('emergency_phone', '紧急联系电话', 'phone', 1),
      field('nationality', '国籍', 'select', 0, ['中国', '其他']),
      field('email2', '备用邮箱', 'email'),
    ],
  },
  findVisitorInfoByAccount: {
    findVisitorInfoByAccount: {
      id: 'r1',
      visitor_name: '张三',
      phone: '138****5678',
      unit: null,
      is_car: 0,
      car_product: null,
      car_card_number: null,
      info_complete: false,
      infoList: [{ field_name: 'emergency_name', field_label: null, field_label_en: null, value: '李四' }],
    },
  },
};

const PATH = '/mobile/visitor/addinfo';

describe('/mobile/visitor/addinfo', () => {
  it('shows the saved values, checks each field by its type and saves them', async () => {
    const calls = serveVisitors({
      ...answers,
      updateVisitorAddFieldInfo: { updateVisitorAddFieldInfo: { errcode: '0', msg: '成功', msg_en: 'OK' } },
    });
    const router = renderVisitorRoutes([{ path: PATH, element: <VisitorAddinfo /> }], PATH);
    expect(((await screen.findByLabelText('紧急联系人')) as HTMLInputElement).value).toBe('李四');
    fireEvent.change(screen.getByLabelText('备用邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy(); // the emergency phone
    expect(screen.getByText('请输入正确的电子邮箱')).toBeTruthy();
    expect(calls.some((c) => c.op === 'updateVisitorAddFieldInfo')).toBe(false);

    fireEvent.change(screen.getByLabelText('紧急联系电话'), { target: { value: '010-12345678' } });
    fireEvent.change(screen.getByLabelText('备用邮箱'), { target: { value: 'a@b.cn' } });
    fireEvent.change(screen.getByLabelText('国籍'), { target: { value: '中国' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/visitor/home'));
    expect(calls.find((c) => c.op === 'updateVisitorAddFieldInfo')?.variables).toEqual({
      fields: [
        { field_name: 'emergency_name', value: '李四' },
        { field_name: 'emergency_phone', value: '010-12345678' },
        { field_name: 'nationality', value: '中国' },
        { field_name: 'email2', value: 'a@b.cn' },
      ],
    });
  });

  it("shows the server's refusal", async () => {
    serveVisitors({
      ...answers,
      updateVisitorAddFieldInfo: {
        updateVisitorAddFieldInfo: {
          errcode: 'VISITOR_FIELD_INVALID',
          msg: '紧急联系电话格式不正确',
          msg_en: 'Bad phone',
        },
      },
    });
    renderVisitorRoutes([{ path: PATH, element: <VisitorAddinfo /> }], PATH);
    fireEvent.change(await screen.findByLabelText('紧急联系电话'), { target: { value: '010-12345678' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('紧急联系电话格式不正确')).toBeTruthy();
  });

  it('with information collection off, asks for nothing and says so', async () => {
    const calls = serveVisitors({
      ...answers,
      ...categoryConfig({ is_visitor_infor: 0 }),
    });
    renderVisitorRoutes([{ path: PATH, element: <VisitorAddinfo /> }], PATH);
    expect(await screen.findByText('本单位未开启访客信息采集，无需填写信息')).toBeTruthy();
    expect(screen.queryByLabelText(/紧急联系人/)).toBeNull();
    expect(screen.getByRole('button', { name: '返回访客首页' })).toBeTruthy();
    expect(calls.some((c) => c.op === 'findVisitorValidFieldInfo' || c.op === 'findVisitorInfoByAccount')).toBe(false);
  });
});
