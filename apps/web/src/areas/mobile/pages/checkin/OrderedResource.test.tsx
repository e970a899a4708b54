import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { serveChanging as serve, TEST_BOOKING, TEST_RESOURCE, testSign } from '../../../../features/checkin/testing.ts';
import type { GraphqlAnswer } from '../../../../testing/graphqlServer.ts';
import OrderedResource from './OrderedResource.tsx';
import { graphqlVariables, loadCheckinTexts, renderPage } from './testing.tsx';

const RESOURCE = TEST_RESOURCE;
const BOOKING = TEST_BOOKING;
const sign = testSign;

beforeAll(loadCheckinTexts);
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

const list = (rows: AppointmentSign[]): GraphqlAnswer => ({
  findAppointmentSignAll: {
    edges: rows.map((node) => ({ node })),
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: rows.length,
  },
});

describe('/mobile/ordered/resources/{id}, staff marking', () => {
  it('marks a booking a no-show with a note after confirming, and the list shows it', async () => {
    let marked = false;
    const calls = serve({
      findResources: { findResources: null },
      findAppointmentSignAll: () =>
        list([
          marked
            ? sign({
                appointment_state: '2',
                sign_state: '3',
                missed_time: '2026-05-04 10:00:00',
                missed_way: '2',
                remark: '未到场',
              })
            : sign(),
        ]),
      updateAppointmentPerformState: () => {
        marked = true;
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
    renderPage('/mobile/ordered/resources/:id', `/mobile/ordered/resources/${RESOURCE}`, <OrderedResource />);
    const row = await screen.findByRole('button', { name: /09:00-10:00 张同学/ });
    expect(row.textContent).toContain('签到已截止');
    fireEvent.click(row);
    fireEvent.change(screen.getByLabelText('备注（选填）'), { target: { value: '未到场' } });
    fireEvent.click(screen.getByRole('button', { name: '标记违约' }));

    // the consequence is confirmed first; nothing is sent before
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认标记违约？');
    expect(dialog.textContent).toContain('张同学');
    expect(calls.map((c) => c.op)).not.toContain('updateAppointmentPerformState');
    fireEvent.click(within(dialog).getByRole('button', { name: '标记违约' }));

    await waitFor(() => expect(row.textContent).toContain('违约'));
    expect(graphqlVariables('updateAppointmentPerformState')).toEqual([
      { id: BOOKING, appointment_state: '2', reason: '未到场' },
    ]);
    // the list was read again after the marking
    expect(calls.filter((c) => c.op === 'findAppointmentSignAll').length).toBeGreaterThan(1);
    // a no-show can still be corrected, no longer marked a no-show again
    const item = within(row.closest('li')!);
    expect(item.getByRole('button', { name: '更正为已履约' })).toBeDefined();
    expect(item.queryByRole('button', { name: '标记违约' })).toBeNull();
    expect(item.getByText('未到场')).toBeDefined();
    // the confirmation has closed (its closing animation must not outlive the test's document)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the reason when the server refuses a marking', async () => {
    serve({
      findResources: { findResources: null },
      findAppointmentSignAll: list([
        sign({ sign_in_start: '2099-01-01 08:30:00', sign_in_end: '2099-01-01 09:15:00' }),
      ]),
      updateAppointmentPerformState: {
        updateAppointmentPerformState: {
          errcode: '500',
          msg: '预约尚未开始，2099-01-01 08:30:00 后才能标记',
          msg_en: 'The booking has not started; it can be marked from 2099-01-01 08:30:00',
        },
      },
    });
    renderPage('/mobile/ordered/resources/:id', `/mobile/ordered/resources/${RESOURCE}`, <OrderedResource />);
    fireEvent.click(await screen.findByRole('button', { name: /09:00-10:00 张同学/ }));
    fireEvent.click(screen.getByRole('button', { name: '标记已履约' }));
    const alert = await screen.findByText('预约尚未开始，2099-01-01 08:30:00 后才能标记');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(graphqlVariables('updateAppointmentPerformState')).toEqual([
      { id: BOOKING, appointment_state: '1', reason: null },
    ]);
  });
});
