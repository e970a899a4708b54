import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureCheckinTranslations } from '../../../../features/checkin/i18n.ts';
import {
  makeSignCode,
  serveChanging as serve,
  TEST_BOOKING,
  TEST_RESOURCE,
  testSign,
} from '../../../../features/checkin/testing.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { AntdShell } from '../../AntdShell.tsx';
import Signer from './Signer.tsx';

const BOOKING = TEST_BOOKING;
const RESOURCE = TEST_RESOURCE;

beforeAll(async () => {
  await prepareBackOfficeTest();
  await ensureCheckinTranslations();
});
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

/** A booking of 2026-05-04 in Shanghai, to be performed, check-in 08:30-09:15. */
const sign = (over: Partial<AppointmentSign> = {}) =>
  testSign({
    resources_name: '研讨室 201',
    resources_name_en: 'Seminar room 201',
    appointment_date: Date.UTC(2026, 4, 4) - 8 * 3_600_000,
    phone: '',
    theme: '组会',
    sign_in_start: '2026-05-04 08:30:00',
    sign_in_end: '2026-05-04 09:15:00',
    ...over,
  });

function renderSigner() {
  const router = createMemoryRouter([{ path: '/pc/signer', element: <Signer /> }], { initialEntries: ['/pc/signer'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdShell themeColor="#3399fe">
        <RouterProvider router={router} />
      </AntdShell>
    </QueryClientProvider>,
  );
}

/** A USB scanner: types the QR code's text into the focused field, then Enter. */
function scan(text: string) {
  const field = screen.getByLabelText('二维码内容');
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
}

describe('/pc/signer', () => {
  it('a voucher scanned at the desk is refused with its reason; staff then mark the booking a no-show', async () => {
    let missed = false;
    const calls = serve({
      scanAppointmentSignCode: {
        scanAppointmentSignCode: {
          errcode: '500',
          msg: '签到已截止（截止时间 2026-05-04 09:15:00）',
          msg_en: 'Check-in closed at 2026-05-04 09:15:00',
        },
      },
      findAppointmentSignInfo: () => ({
        findAppointmentSignInfo: missed
          ? sign({ appointment_state: '2', sign_state: '3', missed_time: '2026-05-04 10:05:00', missed_way: '2' })
          : sign(),
      }),
      updateAppointmentPerformState: () => {
        missed = true;
        return {
          updateAppointmentPerformState: {
            errcode: '0',
            msg: '已标记为违约',
            msg_en: 'Marked as a no-show',
            appointmentId: BOOKING,
          },
        };
      },
    });
    renderSigner();
    const voucher = makeSignCode(2, BOOKING);
    scan(voucher);

    expect(
      (await screen.findByText('签到已截止（截止时间 2026-05-04 09:15:00）')).closest('[role=alert]'),
    ).not.toBeNull();
    expect(calls.find((c) => c.op === 'scanAppointmentSignCode')?.variables).toEqual({ code: voucher, type: '1' });
    // the field is empty for the next scan, and the voucher's booking is shown to mark it
    expect((screen.getByLabelText('二维码内容') as HTMLInputElement).value).toBe('');
    const panel = (await screen.findByText('研讨室 201')).closest('.ant-card') as HTMLElement;
    expect(panel.textContent).toContain('张同学 / student');

    fireEvent.click(within(panel).getByRole('button', { name: '标记违约' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('备注（选填）'), { target: { value: '未到场' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '标记违约' }));
    expect(await screen.findByText('已标记为违约')).toBeDefined();
    expect(calls.find((c) => c.op === 'updateAppointmentPerformState')?.variables).toEqual({
      id: BOOKING,
      appointment_state: '2',
      reason: '未到场',
    });
    // the booking reads as a no-show now; it can be corrected, not marked again
    await waitFor(() => expect(within(panel).getByRole('button', { name: '更正为已履约' })).toBeDefined());
    expect(within(panel).queryByRole('button', { name: '标记违约' })).toBeNull();
    expect(panel.querySelector('.ant-card-extra')?.textContent).toBe('违约');
  });

  it('a venue code checks the signed-in user out when check-out is chosen, and the scans are listed', async () => {
    const calls = serve({
      saveAppointmentSignOut: {
        saveAppointmentSignOut: { errcode: '0', msg: '签退成功', msg_en: 'Checked out', appointmentId: BOOKING },
      },
      findAppointmentSignInfo: {
        findAppointmentSignInfo: sign({
          appointment_state: '1',
          sign_state: '2',
          sign_in_time: '2026-05-04 08:55:00',
          sign_in_way: '1',
          sign_out_time: '2026-05-04 10:01:00',
          sign_out_way: '1',
          sign_out_rule: '1',
          sign_out_end: '2026-05-04 10:15:00',
        }),
      },
    });
    renderSigner();
    fireEvent.click(screen.getByRole('radio', { name: '签退' }));
    const code = makeSignCode(1, RESOURCE);
    scan(`https://campus.example/yy-sys/mobile/venueDetail/${RESOURCE}?signCode=${code}`);
    expect((await screen.findAllByText('签退成功')).length).toBeGreaterThan(0);
    expect(calls.map((c) => c.op)).toContain('saveAppointmentSignOut');
    expect(calls.find((c) => c.op === 'saveAppointmentSignOut')?.variables).toEqual({ code });
    // a booker's own booking: no staff markings
    const panel = (await screen.findByText('研讨室 201')).closest('.ant-card') as HTMLElement;
    expect(within(panel).queryByRole('button', { name: '标记违约' })).toBeNull();
    expect(screen.getByText(/签退 · 签退成功/)).toBeDefined();
  });
});
