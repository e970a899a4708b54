import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensurePublicBookingTranslations } from '../../../../features/public-booking/i18n.ts';
import type { PublicAppointmentCheck, PublicResourceSlotChart } from '../../../../features/public-booking/types.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { prepareBookingTests } from '../booking/testing.tsx';
import CheckAppointment from '../checkin/CheckAppointment.tsx';
import MobileBookingChart from './MobileBookingChart.tsx';

// A fresh browser: nobody is signed in.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => ({ ...m.signedInAuth(), currentUser: async () => null })),
);

beforeAll(async () => {
  await prepareBookingTests();
  await ensurePublicBookingTranslations();
  configureGraphql({ token: async () => null, unauthorized: () => {}, onError: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

interface Call {
  url: string;
  op: string;
  variables: Record<string, unknown>;
}

/** The public endpoint as a fake: answers by operation name (a function of the variables). */
function serve(answers: Record<string, (variables: Record<string, unknown>) => unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sys/settings')) return new Response(JSON.stringify({ entities: [] }));
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ url, op: body.operationName, variables: body.variables });
      const answer = answers[body.operationName];
      if (!answer)
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify(answer(body.variables)));
    }),
  );
  return calls;
}

function renderAt(path: string, element: React.ReactNode, entry: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const check: PublicAppointmentCheck = {
  id: 'b1',
  resources_id: 'r1',
  resources_name: '羽毛球场1号',
  resources_name_en: 'Court 1',
  appointment_date: Date.UTC(2030, 0, 2, 16),
  start_time: '09:00',
  end_time: '10:00',
  entry_start: '2030-01-03 08:45:00',
  entry_end: '2030-01-03 10:00:00',
  verdict: 'notYet',
  state: '0',
  audit_status: '0',
  appointment_state: '0',
  sign_state: '0',
  appointment_user_name: '张*学',
  checked_at: '2030-01-03 08:30:00',
};

describe('/mobile/checkAppointment without sign-in', () => {
  it("shows the public endpoint's verdict and the masked booker, and asks nobody to sign in", async () => {
    const calls = serve({ findPublicAppointmentCheck: () => ({ data: { findPublicAppointmentCheck: check } }) });
    renderAt('/mobile/checkAppointment/:id', <CheckAppointment />, '/mobile/checkAppointment/b1?tenantKey=demo');
    expect(await screen.findByText('暂不可入场')).toBeTruthy();
    expect(screen.getByText('未到入场时间，08:45 起可入场')).toBeTruthy();
    expect(screen.getByText('张*学')).toBeTruthy();
    expect(screen.getByText('羽毛球场1号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /登录/ })).toBeNull();
    expect(calls.map((c) => [c.url, c.op, c.variables])).toEqual([
      ['/bus/graphql/public', 'findPublicAppointmentCheck', { id: 'b1', tenantKey: 'demo' }],
    ]);
  });

  it("shows the server's reason when the id is refused", async () => {
    serve({
      findPublicAppointmentCheck: () => ({
        data: null,
        errors: [
          {
            message: '预约编号无效：x',
            extensions: { code: 'PUBLIC_BOOKING_ID_INVALID', msg: '预约编号无效：x', msg_en: 'Invalid booking number' },
          },
        ],
      }),
    });
    renderAt('/mobile/checkAppointment/:id', <CheckAppointment />, '/mobile/checkAppointment/x');
    expect(await screen.findByText('预约编号无效：x')).toBeTruthy();
  });
});

const chart = (date: string): PublicResourceSlotChart => ({
  resources_id: 'r1',
  resources_name: '羽毛球场1号',
  resources_name_en: 'Court 1',
  resources_number: '',
  campus_name: '主校区',
  campus_name_en: 'Main campus',
  building_name: '',
  building_name_en: '',
  floor_name: '',
  floor_name_en: '',
  available_number: 4,
  time_slot_rule: '1',
  date,
  today: '2030-01-01',
  dates: ['2030-01-01', '2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05', '2030-01-06', '2030-01-07'],
  slots: [
    {
      id: 's1',
      kssj: '09:00',
      jssj: '10:00',
      state: 'booked',
      bookable: false,
      capacity: 4,
      remaining: 0,
      reason_cn: '',
      reason_en: '',
    },
    {
      id: 's2',
      kssj: '10:00',
      jssj: '11:00',
      state: 'free',
      bookable: true,
      capacity: 4,
      remaining: 3,
      reason_cn: '',
      reason_en: '',
    },
    {
      id: 's3',
      kssj: '11:00',
      jssj: '12:00',
      state: 'closed',
      bookable: false,
      capacity: 4,
      remaining: 4,
      reason_cn: '场地维修',
      reason_en: 'Repairs',
    },
  ],
  booked_periods: [],
});

describe('/mobile/appointmentGragh without sign-in', () => {
  it('shows each slot with its state and seats, and loads another day when picked', async () => {
    const calls = serve({
      findPublicResourceSlotChart: (v) => ({
        data: { findPublicResourceSlotChart: chart((v.date as string | null) ?? '2030-01-01') },
      }),
    });
    renderAt('/mobile/appointmentGragh/:id', <MobileBookingChart />, '/mobile/appointmentGragh/r1');
    expect(await screen.findByText('已约满')).toBeTruthy();
    expect(screen.getByText('余 3/4')).toBeTruthy();
    expect(screen.getByText('场地维修')).toBeTruthy();
    expect(screen.getByText('空闲 1 · 已预约 1 · 不开放 1 · 已过 0')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /今天/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /01-03/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /01-03/ }).getAttribute('aria-checked')).toBe('true'));
    await waitFor(() =>
      expect(calls.at(-1)?.variables).toEqual({ resourcesId: 'r1', date: '2030-01-03', tenantKey: null }),
    );
  });
});
