import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../../features/auth/auth.ts';
import { prepareVisitorTests, renderVisitorRoutes, serveVisitors } from './testing.tsx';
import VisitorRegister from './VisitorRegister.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareVisitorTests);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (field_name: string, sort: number, is_required = 0, is_valid = 1, field_label: string | null = null) => ({
  id: field_name,
  field_name,
  field_label,
  field_label_en: null,
  is_valid,
  is_required,
  sort,
});

const fields = {
  findRegisterFieldListForPublic: {
    findRegisterFieldListForPublic: [
      field('unit', 4, 0, 1, '工作单位（选填）'),
      field('visitor_name', 1, 1),
      field('phone', 2, 1),
      field('card_number', 3, 1),
      field('email', 5, 0, 0),
      field('password', 9, 1),
    ],
  },
  findVisitorPublicSettings: {
    findVisitorPublicSettings: {
      tenant_name: '示例大学',
      sys_name: '示例大学访客系统',
      banner_img: null,
      is_welcome_setting: 0,
      welcome_content: null,
    },
  },
};

const ok = (op: string, ids: string[] = []) => ({ [op]: { errcode: '0', msg: '成功', msg_en: 'OK', ids } });

const PATH = '/mobile/visitor/register?tenantKey=demo';
const renderPage = () =>
  renderVisitorRoutes([{ path: '/mobile/visitor/register', element: <VisitorRegister /> }], PATH, true);

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/mobile/visitor/register', () => {
  it("shows the tenant's fields in their order, required ones marked, hidden ones not at all", async () => {
    const calls = serveVisitors(fields);
    renderPage();
    expect(await screen.findByRole('heading', { name: '示例大学访客系统' })).toBeTruthy();
    const labels = [...document.querySelectorAll('form label')].map((l) => l.textContent);
    expect(labels).toEqual(['姓名', '手机号', '短信验证码', '证件号码', '工作单位（选填）', '登录密码', '确认密码']);
    expect(screen.queryByLabelText('电子邮箱')).toBeNull();
    expect(screen.getByText('姓名').className).toContain('yy-m-required');
    expect(screen.getByText('工作单位（选填）').className).not.toContain('yy-m-required');
    // the tenant of the link, on the open endpoint
    expect(calls.find((c) => c.op === 'findRegisterFieldListForPublic')).toMatchObject({
      endpoint: 'public',
      variables: { tenantKey: 'demo' },
    });
  });

  it("offers a field's choices (the tenant's person types) as a select", async () => {
    serveVisitors({
      ...fields,
      findRegisterFieldListForPublic: {
        findRegisterFieldListForPublic: [
          ...fields.findRegisterFieldListForPublic.findRegisterFieldListForPublic,
          { ...field('person_type', 6, 0, 1, '人员类型'), options: ['校友', '合作单位'] },
        ],
      },
    });
    renderPage();
    const select = (await screen.findByLabelText('人员类型')) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.textContent)).toEqual(['请选择', '校友', '合作单位']);
    fireEvent.change(select, { target: { value: '合作单位' } });
    expect(select.value).toBe('合作单位');
  });

  it('sends a code only to a mobile number, then counts down before another may be asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveVisitors({ ...fields, sendVisitorVerificationCode: ok('sendVisitorVerificationCode') });
    renderPage();
    await screen.findByLabelText('手机号');
    type('手机号', '12345');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    // only the number's problem: the rest of the form is not judged yet
    expect(screen.queryByText('此项为必填项')).toBeNull();
    expect(calls.some((c) => c.op === 'sendVisitorVerificationCode')).toBe(false);

    type('手机号', '138 1234 5678');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const counting = await screen.findByRole('button', { name: /60 秒后重发/ });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('验证码已发送');
    expect(calls.find((c) => c.op === 'sendVisitorVerificationCode')?.variables).toEqual({
      phone: '13812345678',
      purpose: 'register',
      tenantKey: 'demo',
    });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: /30 秒后重发/ })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal of a code (too soon) and keeps the button", async () => {
    serveVisitors({
      ...fields,
      sendVisitorVerificationCode: {
        sendVisitorVerificationCode: {
          errcode: 'VISITOR_CODE_TOO_SOON',
          msg: '请 45 秒后再试',
          msg_en: 'Try again in 45 s',
        },
      },
    });
    renderPage();
    await screen.findByLabelText('手机号');
    type('手机号', '13812345678');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请 45 秒后再试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('names every problem and sends nothing until they are fixed; a refusal shows its reason', async () => {
    let refuse = true;
    const calls = serveVisitors({
      ...fields,
      registerAccountForPublic: () =>
        refuse
          ? {
              registerAccountForPublic: {
                errcode: 'VISITOR_PHONE_TAKEN',
                msg: '该手机号已注册',
                msg_en: 'This phone is already registered',
                ids: null,
              },
            }
          : ok('registerAccountForPublic', ['r1']),
    });
    renderPage();
    await screen.findByLabelText('姓名');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    // name, phone, ID number, password
    expect(await screen.findAllByText('此项为必填项')).toHaveLength(4);
    expect(screen.getByText('请输入 6 位短信验证码')).toBeTruthy();

    type('姓名', '张三');
    type('手机号', '13812345678');
    type('短信验证码', '123456');
    type('证件号码', '110105194912310021');
    type('登录密码', 'abcdefgh');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入正确的居民身份证号码')).toBeTruthy();
    expect(screen.getByText('密码须同时包含字母和数字')).toBeTruthy();
    expect(calls.some((c) => c.op === 'registerAccountForPublic')).toBe(false);

    type('证件号码', '11010519491231002X');
    type('登录密码', 'abc12345');
    type('确认密码', 'abc12346');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('确认密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('该手机号已注册')).toBeTruthy();
    expect(calls.find((c) => c.op === 'registerAccountForPublic')).toMatchObject({
      endpoint: 'public',
      variables: {
        tenantKey: 'demo',
        model: {
          visitor_name: '张三',
          phone: '13812345678',
          verification_code: '123456',
          card_number: '11010519491231002X',
          password: 'abc12345',
        },
      },
    });

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(vi.mocked(signIn)).toHaveBeenCalledWith('/mobile/visitor/home'));
  });

  it('a failed load of the fields says so and retries', async () => {
    let fail = true;
    serveVisitors({
      ...fields,
      findRegisterFieldListForPublic: () =>
        fail ? { errors: [{ message: 'boom' }] } : fields.findRegisterFieldListForPublic,
    });
    renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByLabelText('姓名')).toBeTruthy();
  });
});

describe('/mobile/visitor/register?mode=reset (forgotten password)', () => {
  const RESET = '/mobile/visitor/register?tenantKey=demo&mode=reset';
  const renderReset = (entry = RESET) =>
    renderVisitorRoutes([{ path: '/mobile/visitor/register', element: <VisitorRegister /> }], entry, true);

  it('is reached from the register page, and leads back to it and to sign-in', async () => {
    serveVisitors(fields);
    const router = renderPage();
    fireEvent.click(await screen.findByRole('link', { name: '忘记密码？' }));
    expect(await screen.findByRole('heading', { name: '重置密码' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tenantKey=demo&mode=reset');
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(vi.mocked(signIn)).toHaveBeenCalledWith('/mobile/visitor/home'));
    fireEvent.click(screen.getByRole('link', { name: '注册' }));
    expect(await screen.findByRole('heading', { name: '示例大学访客系统' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tenantKey=demo');
  });

  it("sends a code of purpose 'resetPassword', checks the new password twice, shows a refusal, then signs in", async () => {
    let refuse = true;
    const calls = serveVisitors({
      ...fields,
      sendVisitorVerificationCode: ok('sendVisitorVerificationCode'),
      resetVisitorPasswordForPublic: () =>
        refuse
          ? {
              resetVisitorPasswordForPublic: {
                errcode: 'VISITOR_CODE_WRONG',
                msg: '验证码错误',
                msg_en: 'Wrong code',
                ids: null,
              },
            }
          : ok('resetVisitorPasswordForPublic'),
    });
    renderReset();
    await screen.findByRole('heading', { name: '重置密码' });
    // a code only to a mobile number
    type('手机号', '1381234');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(calls.some((c) => c.op === 'sendVisitorVerificationCode')).toBe(false);
    type('手机号', '+86 138 1234 5678');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /60 秒后重发/ })).toBeTruthy();
    expect(calls.find((c) => c.op === 'sendVisitorVerificationCode')).toMatchObject({
      endpoint: 'public',
      variables: { phone: '13812345678', purpose: 'resetPassword', tenantKey: 'demo' },
    });

    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('请输入 6 位短信验证码')).toBeTruthy();
    expect(screen.getByText('此项为必填项')).toBeTruthy();
    type('短信验证码', '654321');
    type('新密码', 'abcdefgh');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeTruthy();
    type('新密码', 'abc12345');
    type('确认密码', 'abc12399');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.some((c) => c.op === 'resetVisitorPasswordForPublic')).toBe(false);

    type('确认密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(calls.find((c) => c.op === 'resetVisitorPasswordForPublic')).toMatchObject({
      endpoint: 'public',
      variables: { phone: '13812345678', verification_code: '654321', password: 'abc12345', tenantKey: 'demo' },
    });

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('密码已修改')).toBeTruthy();
    vi.mocked(signIn).mockClear();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(vi.mocked(signIn)).toHaveBeenCalledWith('/mobile/visitor/home'));
  });
});
