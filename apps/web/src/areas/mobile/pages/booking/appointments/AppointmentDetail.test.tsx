import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSign, wallTimeOf } from '../../../../../features/checkin/testing.ts';
import type { AppointmentSign } from '../../../../../features/checkin/types.ts';
import { appointment } from '../fixtures.ts';
import { prepareBookingTests, renderRoutes, serveBooking } from '../testing.tsx';
import AppointmentDetail from './AppointmentDetail.tsx';

vi.mock('../../../../../features/auth/auth.ts', () =>
  import('../../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareBookingTests);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/mobile/appointmentDetail/:type/:id', element: <AppointmentDetail /> },
  { path: '/mobile/chooseAnotherTime/:id/:appId', element: <p>change time</p> },
];
const list = (a: ReturnType<typeof appointment>) => ({
  findAppointmentInformationAllForAccount: {
    edges: [{ node: a, cursor: '0' }],
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: 1,
  },
});
const ok = (msg = '操作成功', msg_en = 'Done') => ({ errcode: '0', msg, msg_en });

describe('/mobile/appointmentDetail: cancel', () => {
  it('checks the cancel window first, asks for a reason (required), cancels and shows the new status', async () => {
    let cancelled = false;
    let windowOpen = false;
    const calls = serveBooking({
      findAppointmentInformationAllForAccount: () =>
        list(
          cancelled
            ? appointment({ state: '1', cancel_reason: '临时有课', cancel_time: '2026-03-01 12:00:00' })
            : appointment(),
        ),
      checkAppointmentCancelTime: () => ({
        checkAppointmentCancelTime: windowOpen
          ? ok()
          : { errcode: '1', msg: '距预约开始不足120分钟，不能取消', msg_en: 'Less than 120 minutes before the start' },
      }),
      updateAppointmentInformationState: () => {
        cancelled = true;
        return { updateAppointmentInformationState: ok() };
      },
    });
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    expect(await screen.findByText('待履约')).toBeTruthy();
    expect(screen.getByText('训练')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '取消预约' }));
    expect(await screen.findByText('距预约开始不足120分钟，不能取消')).toBeTruthy();
    expect(screen.queryByLabelText('取消原因')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));

    windowOpen = true;
    fireEvent.click(screen.getByRole('button', { name: '取消预约' }));
    const reason = await screen.findByLabelText('取消原因');
    fireEvent.click(screen.getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('取消原因不能为空')).toBeTruthy();
    expect(calls.some((c) => c.op === 'updateAppointmentInformationState')).toBe(false);

    fireEvent.change(reason, { target: { value: '  临时有课 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.getAllByText('已取消').length).toBeGreaterThan(0));
    expect(calls.find((c) => c.op === 'updateAppointmentInformationState')!.variables).toEqual({
      id: 'a1',
      state: '1',
      reason: '临时有课',
      dataSource: '1',
    });
    expect(await screen.findByText('临时有课')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消预约' })).toBeNull();
    expect(screen.getByRole('button', { name: '删除记录' })).toBeTruthy();
  });

  it("keeps the sheet open with the server's reason when the cancel is refused", async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment()),
      checkAppointmentCancelTime: { checkAppointmentCancelTime: ok() },
      updateAppointmentInformationState: {
        updateAppointmentInformationState: {
          errcode: '1',
          msg: '预约已开始或已结束，不能取消',
          msg_en: 'The booking has started',
        },
      },
    });
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    fireEvent.click(await screen.findByRole('button', { name: '取消预约' }));
    fireEvent.change(await screen.findByLabelText('取消原因'), { target: { value: '有事' } });
    fireEvent.click(screen.getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('预约已开始或已结束，不能取消')).toBeTruthy();
    expect(screen.getByLabelText('取消原因')).toBeTruthy();
  });

  it('cancels the rest of a series with a reason and says how many were cancelled', async () => {
    const calls = serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ series_id: 'series-1', booking_mode: '2' })),
      cancelAppointmentSeries: {
        cancelAppointmentSeries: { ...ok('已取消3个预约', 'Cancelled 3 booking(s)'), ids: ['a1', 'a2', 'a3'] },
      },
    });
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    expect(await screen.findByText('周期预约')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消整个系列' }));
    fireEvent.change(await screen.findByLabelText('取消原因'), { target: { value: '学期结束' } });
    fireEvent.click(screen.getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('已取消3个预约')).toBeTruthy();
    expect(calls.find((c) => c.op === 'cancelAppointmentSeries')!.variables).toEqual({
      seriesId: 'series-1',
      reason: '学期结束',
    });
  });

  it('goes to the change-time page for a coming booking', async () => {
    serveBooking({ findAppointmentInformationAllForAccount: list(appointment()) });
    const router = renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    fireEvent.click(await screen.findByRole('button', { name: '更改时间' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/mobile/chooseAnotherTime/11111111-1111-4111-8111-111111111111/a1'),
    );
  });
});

describe('/mobile/appointmentDetail: attachment', () => {
  const uploaded = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';

  const signed = `${uploaded}?exp=1900000000&sig=${'s'.repeat(43)}`;

  /** Answers the signed-link request for the attachment (with `answer`), passing the rest on. */
  function serveLink(answer: () => Response) {
    const requests: { url: string; authorization: string | null }[] = [];
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === `${uploaded}/link`) {
          requests.push({ url, authorization: new Headers(init?.headers).get('authorization') });
          return answer();
        }
        return base(url, init);
      }),
    );
    return requests;
  }

  it('links a file uploaded here with a signed link, so the token is not in it', async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ enclosure: uploaded, enclosure_name: '名单.pdf' })),
    });
    const requests = serveLink(
      () => new Response(JSON.stringify({ uri: signed, expires_at: '2030-03-17T17:46:40.000Z' })),
    );
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    const link = await screen.findByRole('link', { name: '名单.pdf' });
    await waitFor(() => expect(link.getAttribute('href')).toBe(signed));
    expect(requests).toEqual([{ url: `${uploaded}/link`, authorization: 'Bearer tok' }]);
  });

  it('links it with the token when the server gives no signed link (the file is private)', async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ enclosure: uploaded, enclosure_name: '名单.pdf' })),
    });
    const requests = serveLink(
      () => new Response(JSON.stringify({ errcode: '500', msg: '文件不存在' }), { status: 404 }),
    );
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    const link = await screen.findByRole('link', { name: '名单.pdf' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(link.getAttribute('href')).toBe(`${uploaded}?access_token=tok`);
  });

  it('never asks for a link to, nor gives the token to, a file elsewhere', async () => {
    const elsewhere = `https://evil.example.com${uploaded}`;
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ enclosure: elsewhere, enclosure_name: '名单.pdf' })),
    });
    const requests = serveLink(() => new Response('{}'));
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    expect(await screen.findByText(elsewhere)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '名单.pdf' })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows any other stored value as text, never as a link', async () => {
    const hostile = 'javascript:alert(document.cookie)';
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ enclosure: hostile, enclosure_name: '名单.pdf' })),
    });
    renderRoutes(routes, '/mobile/appointmentDetail/todo/a1');
    expect(await screen.findByText(hostile)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '名单.pdf' })).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});

describe('/mobile/appointmentDetail: voucher and scan sign-in/out tabs (spec 2.6)', () => {
  const minute = 60_000;
  const signAnswer = (over: Partial<AppointmentSign>) => ({
    findAppointmentSignInfo: { findAppointmentSignInfo: testSign({ appointment_id: 'a1', id: 'a1', ...over }) },
  });
  const codeAnswer = {
    findAppointmentSignCode: {
      findAppointmentSignCode: {
        code: 'c',
        url: '',
        qcode_image: '',
        expire_time: '',
        expires_in: 300,
        subject_id: 'a1',
      },
    },
  };

  it('opens the scanner for this booking while its check-in window is open', async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment()),
      ...signAnswer({
        sign_in_start: wallTimeOf(Date.now() - 10 * minute),
        sign_in_end: wallTimeOf(Date.now() + 30 * minute),
      }),
      ...codeAnswer,
    });
    const router = renderRoutes(
      [...routes, { path: '/mobile/qrcode-scanner', element: <p>scanner</p> }],
      '/mobile/appointmentDetail/reserved/a1',
    );
    const voucherTab = await screen.findByRole('tab', { name: '预约凭证' });
    expect(voucherTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '扫码签到/签退' }));
    expect(await screen.findByText('签到时段')).toBeTruthy();
    expect(screen.getByText('待签到')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '扫码签到' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/qrcode-scanner'));
    expect(router.state.location.search).toBe('?id=a1');
  });

  it('says when check-in opens, and offers check-out once checked in', async () => {
    const opens = Date.now() + 90 * minute;
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment()),
      ...signAnswer({ sign_in_start: wallTimeOf(opens), sign_in_end: wallTimeOf(opens + 60 * minute) }),
      ...codeAnswer,
    });
    renderRoutes(routes, '/mobile/appointmentDetail/reserved/a1');
    fireEvent.click(await screen.findByRole('tab', { name: '扫码签到/签退' }));
    expect(await screen.findByText(/签到尚未开始，.* 起可扫码签到/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '扫码签到' }).hasAttribute('disabled')).toBe(true);
    cleanup();

    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment()),
      ...signAnswer({
        sign_state: '1',
        appointment_state: '1',
        sign_in_time: wallTimeOf(Date.now() - 5 * minute),
        sign_in_way: '1',
        sign_out_rule: '1',
        sign_out_end: wallTimeOf(Date.now() + 60 * minute),
      }),
      ...codeAnswer,
    });
    const router = renderRoutes(
      [...routes, { path: '/mobile/qrcode-scanner', element: <p>scanner</p> }],
      '/mobile/appointmentDetail/reserved/a1',
    );
    fireEvent.click(await screen.findByRole('tab', { name: '扫码签到/签退' }));
    fireEvent.click(await screen.findByRole('button', { name: '扫码签退' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=out&id=a1'));
  });
});
