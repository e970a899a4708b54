import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import AppointmentUpdate from './AppointmentUpdate.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const GYM = '33333333-3333-4333-8333-333333333333';
/** Midnight of 2099-01-05 in Asia/Shanghai. */
const FUTURE = Date.UTC(2099, 0, 4, 16);

const booking = {
  id: ID,
  resources_id: GYM,
  resources_name: '健身房',
  resources_name_en: 'Fitness centre',
  resources_type_name: '健身房',
  appointment_date: FUTURE,
  start_time: '08:00',
  end_time: '10:00',
  state: '0',
  audit_status: '0',
  appointment_state: '0',
  booking_mode: '1',
  appointment_user: 'student',
  appointment_user_name: '张同学',
  created_user: 'student',
  theme: '力量训练',
  appointmentParticipantList: [],
  appointmentCollectionList: [],
};
const slot = (id: string, kssj: string, jssj: string, state: string, remaining = 50) => ({
  id,
  kssj,
  jssj,
  state,
  rule: state === 'available' ? '' : 'full',
  opens_at: '',
  capacity: 50,
  remaining,
  reason_cn: '',
  reason_en: '',
});

type Call = { op: string; variables: Record<string, unknown> };

function serve(change: Record<string, unknown>) {
  const calls: Call[] = [];
  const answers: Record<string, unknown> = {
    findAppointmentInformationAllForAppointMent: {
      findAppointmentInformationAllForAppointMent: {
        edges: [{ node: booking, cursor: ID }],
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 1,
      },
    },
    findResources: { findResources: { id: GYM, resources_name: '健身房', time_slot_rule: '1' } },
    findResourceSlotAvailability: {
      findResourceSlotAvailability: [
        slot('s1', '08:00', '10:00', 'available', 49),
        slot('s2', '10:00', '12:00', 'available'),
        slot('s3', '12:00', '14:00', 'full', 0),
      ],
    },
    updateAppointmentTime: { updateAppointmentTime: change },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const data = answers[body.operationName];
      if (!data) return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify({ data }));
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[`/manage/appointment/appointment-update/${ID}`]}>
          <App>
            <Routes>
              <Route path="/manage/appointment/appointment-update/:id" element={<AppointmentUpdate />} />
              <Route path="/manage/appointment/list" element={<p>bookings list</p>} />
            </Routes>
          </App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));

describe('change time', () => {
  it('needs a slot, offers only free ones, and moves the booking to the chosen one', async () => {
    const calls = serve({ errcode: '0', msg: '操作成功', msg_en: 'Done' });
    renderPage();
    await screen.findByText('10:00-12:00');
    const full = screen.getByText('12:00-14:00').closest('label')!;
    expect(full.className).toContain('disabled');
    expect(calls.find((c) => c.op === 'findResourceSlotAvailability')?.variables).toEqual({
      resourcesId: GYM,
      date: '2099-01-05',
    });
    save();
    expect(await screen.findByText('新时段不能为空')).toBeTruthy();
    expect(calls.some((c) => c.op === 'updateAppointmentTime')).toBe(false);

    fireEvent.click(screen.getByText('10:00-12:00'));
    save();
    await waitFor(() => expect(calls.some((c) => c.op === 'updateAppointmentTime')).toBe(true));
    expect(calls.find((c) => c.op === 'updateAppointmentTime')?.variables).toEqual({
      id: ID,
      appointment_date: '2099-01-05',
      timeSlotId: 's2',
    });
    expect(await screen.findByText('bookings list')).toBeTruthy();
  });

  it("keeps the page and shows the server's reason when the change is refused", async () => {
    serve({ errcode: '403', msg: '只能操作本人的预约', msg_en: 'Only the booker can do this' });
    renderPage();
    fireEvent.click(await screen.findByText('10:00-12:00'));
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('只能操作本人的预约');
    expect(screen.queryByText('bookings list')).toBeNull();
  });
});
