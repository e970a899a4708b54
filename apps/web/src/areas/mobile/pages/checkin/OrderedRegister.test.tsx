import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { serveChanging as serve, TEST_BOOKING, TEST_RESOURCE, testSign } from '../../../../features/checkin/testing.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import type { GraphqlAnswer } from '../../../../testing/graphqlServer.ts';
import OrderedRegister from './OrderedRegister.tsx';
import { graphqlVariables, loadCheckinTexts, renderPage } from './testing.tsx';

beforeAll(loadCheckinTexts);
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

/** The test bookings' day (today). */
const DAY = bookingDate(testSign().appointment_date);
const PATTERN = '/mobile/ordered/register/:id';
const PATH = `/mobile/ordered/register/${TEST_RESOURCE}`;

const list = (rows: AppointmentSign[]): GraphqlAnswer => ({
  findAppointmentSignAll: {
    edges: rows.map((node) => ({ node })),
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: rows.length,
  },
});

const ok = (op: string, msg: string, msg_en: string): GraphqlAnswer => ({
  [op]: { errcode: '0', msg, msg_en, appointmentId: TEST_BOOKING, ids: [TEST_BOOKING] },
});

/** A booking whose check-in is open now, checked out at the desk (sign_out_rule '1'). */
const open = (over: Partial<AppointmentSign> = {}) =>
  testSign({
    sign_out_rule: '1',
    sign_in_start: '2000-01-01 08:00:00',
    sign_in_end: '2999-01-01 08:00:00',
    ...over,
  });

describe('/mobile/ordered/register/{id}', () => {
  it("lists the day's bookings of the resource and registers an arrival, then the departure", async () => {
    let state: 'new' | 'in' | 'out' = 'new';
    const calls = serve({
      findResources: { findResources: null },
      findAppointmentSignAll: () =>
        list([
          state === 'new'
            ? open()
            : open({
                appointment_state: '1',
                sign_state: state === 'in' ? '1' : '2',
                sign_in_time: `${DAY} 09:05:00`,
                sign_in_way: '3',
                sign_in_user_name: '场馆老师',
                sign_out_time: state === 'out' ? `${DAY} 09:55:00` : '',
                sign_out_way: state === 'out' ? '3' : '',
              }),
        ]),
      updateAppointmentPerformState: () => {
        state = 'in';
        return ok('updateAppointmentPerformState', '已标记为已履约', 'Marked as performed');
      },
      updateAppointmentSignOut: () => {
        state = 'out';
        return ok('updateAppointmentSignOut', '签退成功', 'Checked out');
      },
    });
    renderPage(PATTERN, PATH, <OrderedRegister />);
    const row = await screen.findByRole('listitem', { name: /09:00-10:00 张同学/ });
    const item = within(row);
    expect(row.textContent).toContain('待签到');
    // the resource of the page, today
    const [first] = graphqlVariables('findAppointmentSignAll');
    expect(first).toMatchObject({
      filter: { resources_id: { eq: TEST_RESOURCE } },
      appointmentDate: [expect.any(String)],
    });
    // no departure before the arrival
    expect(item.queryByRole('button', { name: '登记离场' })).toBeNull();

    fireEvent.click(item.getByRole('button', { name: '登记到场' }));
    await waitFor(() => expect(row.textContent).toContain('签到 09:05（场馆老师）'));
    expect(graphqlVariables('updateAppointmentPerformState')).toEqual([
      { id: TEST_BOOKING, appointment_state: '1', reason: null },
    ]);
    expect(row.textContent).toContain('已签到');

    fireEvent.click(await item.findByRole('button', { name: '登记离场' }));
    await waitFor(() => expect(row.textContent).toContain('签退 09:55'));
    expect(graphqlVariables('updateAppointmentSignOut')).toEqual([{ id: TEST_BOOKING }]);
    expect(item.queryByRole('button', { name: '登记离场' })).toBeNull();
    expect(calls.filter((c) => c.op === 'findAppointmentSignAll').length).toBeGreaterThanOrEqual(3);
  });

  it("shows the server's refusal under the booking and changes nothing", async () => {
    serve({
      findResources: { findResources: null },
      findAppointmentSignAll: list([open({ sign_in_start: '2999-01-01 08:00:00' })]),
      updateAppointmentPerformState: {
        updateAppointmentPerformState: {
          errcode: '500',
          msg: '尚未到可标记的时间（2999-01-01 08:00:00 起）',
          msg_en: 'It cannot be marked yet (from 2999-01-01 08:00:00)',
        },
      },
    });
    renderPage(PATTERN, PATH, <OrderedRegister />);
    const row = await screen.findByRole('listitem', { name: /张同学/ });
    fireEvent.click(within(row).getByRole('button', { name: '登记到场' }));
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toBe('尚未到可标记的时间（2999-01-01 08:00:00 起）');
    expect(row.textContent).toContain('待签到');
    expect(within(row).getByRole('button', { name: '登记到场' })).toBeDefined();
  });

  it('asks before marking a no-show, and sends nothing when kept', async () => {
    const calls = serve({
      findResources: { findResources: null },
      findAppointmentSignAll: list([open()]),
      updateAppointmentPerformState: ok('updateAppointmentPerformState', '已标记为违约', 'Marked as a no-show'),
    });
    renderPage(PATTERN, PATH, <OrderedRegister />);
    const row = await screen.findByRole('listitem', { name: /张同学/ });
    fireEvent.click(within(row).getByRole('button', { name: '标记违约' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认标记违约？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => c.op)).not.toContain('updateAppointmentPerformState');

    fireEvent.click(within(row).getByRole('button', { name: '标记违约' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '标记违约' }));
    await waitFor(() =>
      expect(graphqlVariables('updateAppointmentPerformState')).toEqual([
        { id: TEST_BOOKING, appointment_state: '2', reason: null },
      ]),
    );
  });

  it('searches by the booker and switches the day', async () => {
    serve({ findResources: { findResources: null }, findAppointmentSignAll: list([]) });
    renderPage(PATTERN, PATH, <OrderedRegister />);
    expect(await screen.findByText('当天没有已确认的预约')).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: '按预约人姓名或账号搜索' }), { target: { value: ' 张 ' } });
    await waitFor(() => expect(graphqlVariables('findAppointmentSignAll').at(-1)).toMatchObject({ keyword: '张' }));
    expect(await screen.findByText('当天没有该预约人的预约')).toBeDefined();
    const day = graphqlVariables('findAppointmentSignAll').at(-1)!.appointmentDate as string[];
    fireEvent.click(screen.getByRole('button', { name: '后一天' }));
    await waitFor(() => expect(graphqlVariables('findAppointmentSignAll').at(-1)!.appointmentDate).not.toEqual(day));
    fireEvent.click(screen.getByRole('button', { name: '今天' }));
    await waitFor(() => expect(graphqlVariables('findAppointmentSignAll').at(-1)!.appointmentDate).toEqual(day));
  });
});
