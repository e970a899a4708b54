import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareVisitorTests, renderVisitorRoutes, serveVisitors, categoryConfig } from './testing.tsx';
import VisitorQrcode, { qrDataUrl } from './VisitorQrcode.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'vtok', profile: { sub: 't:v', preferred_username: 'visitor:0a1b' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'YV1.eyJzIjoiUDEyMyJ9.c2lnbmF0dXJl';
const pass = (over: Record<string, unknown> = {}) => ({
  findVisitorPass: {
    serial: 'P123',
    kind: 'visit',
    ref_id: 'v1',
    token: TOKEN,
    visitor_name: '张*',
    area_names: ['东门', '图书馆'],
    area_names_en: ['East gate', 'Library'],
    valid_from: '2099-03-02 00:00',
    valid_to: '2099-03-02 23:59',
    state: 'valid',
    ...over,
  },
});

const renderPass = () =>
  renderVisitorRoutes(
    [{ path: '/mobile/visitor/qrcode/:id', element: <VisitorQrcode /> }],
    '/mobile/visitor/qrcode/v1',
  );

describe('/mobile/visitor/qrcode/{id}', () => {
  it("draws the pass's token as a QR code, with the masked name, areas, window and state", async () => {
    const calls = serveVisitors({ findVisitorPass: pass() });
    renderPass();
    const img = (await screen.findByRole('img', { name: '入校二维码' })) as HTMLImageElement;
    expect(img.src).toBe(await qrDataUrl(TOKEN));
    // the code is drawn from the token itself (another token, another code)
    expect(img.src).not.toBe(await qrDataUrl(`${TOKEN}x`));
    expect(decodeURIComponent(img.src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))).toMatch(/^<svg/);
    expect(screen.getByRole('heading', { name: '张*' })).toBeTruthy();
    expect(screen.getByText('东门、图书馆')).toBeTruthy();
    // each end of the window kept whole (a span each)
    expect(
      screen.getByText((_, el) => el?.tagName === 'DD' && el.textContent === '2099-03-02 00:00 – 2099-03-02 23:59'),
    ).toBeTruthy();
    expect(screen.getByText('有效').querySelector('svg')).not.toBeNull();
    expect(calls.find((c) => c.op === 'findVisitorPass')?.variables).toEqual({ id: 'v1' });
  });

  it('shows no code for a revoked pass, and says why', async () => {
    serveVisitors({ findVisitorPass: pass({ state: 'revoked' }) });
    renderPass();
    expect(await screen.findByText('已失效')).toBeTruthy();
    expect(screen.getByText('该通行证已失效（访问已取消或被撤销）。')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '入校二维码' })).toBeNull();
  });

  it('reads the pass again on refresh and shows its new state', async () => {
    let state = 'notYet';
    const calls = serveVisitors({ findVisitorPass: () => pass({ state }) });
    renderPass();
    expect(await screen.findByText('未到入校时间')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '入校二维码' })).toBeTruthy();
    state = 'expired';
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('已过期')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('img', { name: '入校二维码' })).toBeNull());
    expect(calls.filter((c) => c.op === 'findVisitorPass')).toHaveLength(2);
  });

  it('with QR passes off, asks for no pass and says the gate checks name and ID', async () => {
    const calls = serveVisitors({
      ...categoryConfig({ is_visitor_qr_code: 0 }),
      findVisitorPass: pass(),
    });
    renderPass();
    expect((await screen.findByRole('note')).textContent).toContain('门岗核对您的姓名和证件号码');
    expect(screen.queryByRole('img', { name: '入校二维码' })).toBeNull();
    expect(calls.some((c) => c.op === 'findVisitorPass')).toBe(false);
  });

  it('says the same when the server refuses the pass because QR passes were turned off', async () => {
    const refusal = { message: '本单位未启用访客二维码通行证', extensions: { code: 'VISITOR_PASS_QR_DISABLED' } };
    serveVisitors({ findVisitorPass: { errors: [refusal] } });
    renderPass();
    expect((await screen.findByRole('note')).textContent).toContain('门岗核对您的姓名和证件号码');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('says when there is no pass', async () => {
    serveVisitors({ findVisitorPass: { findVisitorPass: null } });
    renderPass();
    expect(await screen.findByText('暂无入校二维码')).toBeTruthy();
  });
});
