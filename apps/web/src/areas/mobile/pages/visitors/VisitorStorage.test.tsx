/**
 * Nothing personal of a visitor is written to the browser's storage (issue 17, privacy): going
 * through registration, the application for a visit and the information page, with every write
 * to localStorage, sessionStorage, IndexedDB and cookies watched, none holds the visitor's name,
 * phone, ID number, password, car plate, the host's name or phone, or an information field's value.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  prepareVisitorTests,
  renderVisitorRoutes,
  serveVisitors,
  categoryConfig,
  testArea,
  unlimitedQuota,
} from './testing.tsx';
import VisitorAddinfo from './VisitorAddinfo.tsx';
import VisitorHome from './VisitorHome.tsx';
import VisitorRegister from './VisitorRegister.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) =>
    m.signedInAuth({ access_token: 'vtok', profile: { sub: 't:v', preferred_username: 'visitor:0a1b2c3d' } }),
  ),
);

const NAME = '张三丰';
const PHONE = '13812345678';
const CARD = '11010519491231002X';
const PASSWORD = 'abc12345';
const UNIT = '示例科技公司';
const HOST = '李四光';
const HOST_PHONE = '13900001111';
const PLATE = '京A12345';
const EMERGENCY = '010-87654321';
const NATIONALITY = '冰岛';
const PERSONAL = [NAME, PHONE, CARD, PASSWORD, UNIT, HOST, HOST_PHONE, PLATE, EMERGENCY, NATIONALITY, '5678'];

/** Every write the pages make to the browser's storage, as text. */
const writes: string[] = [];
const idbOpens: string[] = [];

beforeAll(async () => {
  await prepareVisitorTests();
  const setItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    writes.push(`${key}=${value}`);
    setItem.call(this, key, value);
  });
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(`cookie:${value}`);
    cookie.set!.call(document, value);
  });
  vi.stubGlobal('indexedDB', {
    open: vi.fn((name: string) => {
      idbOpens.push(name);
      throw new Error('no IndexedDB in this test');
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => vi.restoreAllMocks());

const field = (field_name: string, sort: number, is_required = 0) => ({
  id: field_name,
  field_name,
  field_label: null,
  field_label_en: null,
  is_valid: 1,
  is_required,
  sort,
});

const info = (field_name: string, field_label: string, field_type: string, data_range: string[] | null = null) => ({
  id: field_name,
  field_name,
  field_label,
  field_label_en: null,
  field_type,
  fieldTypeName: null,
  fieldTypeName_en: null,
  data_range,
  is_visitor_valid_info: 1,
  is_visitor_required_info: 0,
  is_appointment_required_info: 0,
  is_appointment_valid_info: 1,
  sort: 1,
});

const ok = (op: string, ids: string[] = []) => ({ [op]: { errcode: '0', msg: '成功', msg_en: 'OK', ids } });

const answers = {
  findVisitorPublicSettings: {
    findVisitorPublicSettings: {
      tenant_name: '示例大学',
      sys_name: '示例大学访客系统',
      banner_img: null,
      is_welcome_setting: 0,
      welcome_content: null,
    },
  },
  findRegisterFieldListForPublic: {
    findRegisterFieldListForPublic: [
      field('visitor_name', 1, 1),
      field('phone', 2, 1),
      field('card_number', 3, 1),
      field('unit', 4),
      field('password', 9, 1),
    ],
  },
  sendVisitorVerificationCode: ok('sendVisitorVerificationCode'),
  registerAccountForPublic: ok('registerAccountForPublic', ['r1']),
  ...categoryConfig({}, [testArea('a1', '东门')]),
  // the visitor's own registration, as the server gives it back (masked phone)
  findVisitorInfoByAccount: {
    findVisitorInfoByAccount: {
      id: 'r1',
      visitor_name: NAME,
      phone: '138****5678',
      unit: UNIT,
      is_car: 1,
      car_product: null,
      car_card_number: PLATE,
      infoList: [],
      info_complete: false,
    },
  },
  findVisitorInfoFieldSettingsEntityList: {
    findVisitorInfoFieldSettingsEntityList: [info('emergency_phone', '紧急联系电话', 'phone')],
  },
  findVisitorValidFieldInfo: {
    findVisitorValidFieldInfo: [info('nationality', '国籍', 'text')],
  },
  findVisitorAvailableNumber: unlimitedQuota,
  saveVisitorAppointment: ok('saveVisitorAppointment', ['v9']),
  updateVisitorAddFieldInfo: { updateVisitorAddFieldInfo: { errcode: '0', msg: '成功', msg_en: 'OK' } },
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** What the browser holds now, as text. */
function everythingStored(): string {
  const dump = (s: Storage) =>
    Array.from({ length: s.length }, (_, i) => s.key(i)!)
      .map((k) => `${k}=${s.getItem(k)}`)
      .join('\n');
  return [dump(localStorage), dump(sessionStorage), document.cookie].join('\n');
}

describe("a visitor's personal data in the browser", () => {
  it('is written nowhere while registering, applying for a visit and filling in the information', async () => {
    const calls = serveVisitors(answers);
    // the watch sees writes (and lets them through)
    sessionStorage.setItem('probe', 'seen');
    expect(writes).toContain('probe=seen');
    expect(everythingStored()).toContain('probe=seen');

    // registration (no sign-in)
    renderVisitorRoutes(
      [{ path: '/mobile/visitor/register', element: <VisitorRegister /> }],
      '/mobile/visitor/register?tenantKey=demo',
      true,
    );
    await screen.findByLabelText('姓名');
    type('姓名', NAME);
    type('手机号', PHONE);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /秒后重发/ });
    type('短信验证码', '123456');
    type('证件号码', CARD);
    type('工作单位', UNIT);
    type('登录密码', PASSWORD);
    type('确认密码', PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(calls.find((c) => c.op === 'registerAccountForPublic')?.variables.model).toMatchObject({
      visitor_name: NAME,
      card_number: CARD,
    });
    cleanup();

    // the application for a visit, signed in as the visitor
    const home = renderVisitorRoutes(
      [{ path: '/mobile/visitor/home', element: <VisitorHome /> }],
      '/mobile/visitor/home',
    );
    await screen.findByRole('form', { name: '申请入校' });
    // the car of the registration is filled in from the server's answer
    await waitFor(() => expect((screen.getByLabelText('车牌号') as HTMLInputElement).value).toBe(PLATE));
    fireEvent.change(screen.getByLabelText('来访日期'), { target: { value: '2099-03-02' } });
    // the one area is chosen already
    type('来访事由', '商务洽谈');
    type('被访人姓名', HOST);
    type('被访人电话', HOST_PHONE);
    type('紧急联系电话', EMERGENCY);
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(home.state.location.pathname).toBe('/mobile/visitor/detail/v9'));
    expect(calls.find((c) => c.op === 'saveVisitorAppointment')?.variables.model).toMatchObject({
      accept_visit_name: HOST,
      car_card_number: PLATE,
    });
    cleanup();

    // the visitor's information
    const addinfo = renderVisitorRoutes(
      [{ path: '/mobile/visitor/addinfo', element: <VisitorAddinfo /> }],
      '/mobile/visitor/addinfo',
    );
    await screen.findByLabelText('国籍');
    type('国籍', NATIONALITY);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(addinfo.state.location.pathname).toBe('/mobile/visitor/home'));
    expect(calls.find((c) => c.op === 'updateVisitorAddFieldInfo')?.variables).toEqual({
      fields: [{ field_name: 'nationality', value: NATIONALITY }],
    });

    // nothing personal written anywhere, nor left behind
    const written = writes.join('\n');
    const stored = everythingStored();
    for (const value of PERSONAL) {
      expect(written, `written: ${value}`).not.toContain(value);
      expect(stored, `kept: ${value}`).not.toContain(value);
    }
    expect(idbOpens).toEqual([]);
  });
});
