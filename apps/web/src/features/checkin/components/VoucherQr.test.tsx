import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureGraphql } from '../../../lib/graphql.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { serveGraphql } from '../../../testing/graphqlServer.ts';
import { ensureCheckinTranslations } from '../i18n.ts';
import { serveChanging } from '../testing.ts';
import type { AppointmentSign } from '../types.ts';
import { VoucherQr } from './VoucherQr.tsx';

const BOOKING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  await initI18n();
  await ensureCheckinTranslations();
});
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
};
const midnight = () => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/** A booking whose check-in window is open (the browser's zone is the tenant's here). */
const sign = (over: Partial<AppointmentSign> = {}) =>
  ({
    id: BOOKING,
    appointment_date: midnight(),
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    sign_state: '0',
    sign_out_rule: '0',
    sign_in_start: wall(Date.now() - 600_000),
    sign_in_end: wall(Date.now() + 3_600_000),
    sign_out_end: '',
    sign_in_time: '',
    ...over,
  }) as AppointmentSign;

const voucher = (n: number) => ({
  findAppointmentSignCode: {
    code: `code-${n}`,
    url: '',
    qcode_image: `data:image/png;base64,${n}`,
    expire_time: '',
    expires_in: 300,
    subject_id: BOOKING,
  },
});

function renderVoucher() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VoucherQr appointmentId={BOOKING} />
    </QueryClientProvider>,
  );
}

describe('VoucherQr', () => {
  it('shows the voucher with a countdown and fetches a new one before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let issued = 0;
    const calls = serveChanging({
      findAppointmentSignInfo: { findAppointmentSignInfo: sign() },
      findAppointmentSignCode: () => voucher(++issued),
    });
    renderVoucher();
    const img = (await screen.findByAltText('预约凭证二维码')) as HTMLImageElement;
    expect(img.src).toBe('data:image/png;base64,1');
    expect(screen.getByText('请向场地管理员出示此码签到')).toBeDefined();
    expect(screen.getByText('5:00')).toBeDefined();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(100_000);
    });
    expect(screen.getByText('3:20')).toBeDefined();
    // 20 s before it expires a fresh voucher replaces it
    await act(async () => {
      await vi.advanceTimersByTimeAsync(181_000);
    });
    expect(((await screen.findByAltText('预约凭证二维码')) as HTMLImageElement).src).toBe('data:image/png;base64,2');
    expect(calls.filter((c) => c.op === 'findAppointmentSignCode').length).toBe(2);
  });

  it('shows no voucher but the state of a booking that cannot use one', async () => {
    const calls = serveGraphql({
      findAppointmentSignInfo: {
        findAppointmentSignInfo: sign({ appointment_state: '2', sign_state: '3', missed_time: '2026-05-04 10:00:00' }),
      },
    });
    renderVoucher();
    expect(await screen.findByText('该预约已记为违约')).toBeDefined();
    expect(screen.queryByAltText('预约凭证二维码')).toBeNull();
    expect(calls).not.toContain('findAppointmentSignCode');
  });

  it('shows the reason when the voucher is refused', async () => {
    serveGraphql({
      findAppointmentSignInfo: { findAppointmentSignInfo: sign() },
      findAppointmentSignCode: {
        errors: [{ message: '不是本人的预约', extensions: { code: 'APPOINTMENT_NOT_OWNER', msg: '不是本人的预约' } }],
      } as never,
    });
    renderVoucher();
    expect((await screen.findByRole('alert')).textContent).toContain('不是本人的预约');
  });
});
