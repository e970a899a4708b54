/**
 * The booking engine tells the notification outbox about every change its people may be told
 * about, inside the change's own transaction: the outbox is replaced here by a recorder that can
 * also fail, to show that a failed notification takes the change back with it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AVAILABILITY, CANCEL, NOW, badmintonType, makeResource, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

interface Call {
  event: string;
  ids: string[];
  codes: string[];
}

const outbox = vi.hoisted(() => ({ calls: [] as Call[], failOn: null as string | null }));

// Only the bookings' notices are replaced: the rest of the outbox (the meetings' mail port is
// filled from it when the modules load) stays the real one.
vi.mock('../src/modules/notifications/notifications.outbox.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/modules/notifications/notifications.outbox.ts')>()),
  notifyBookings: async (
    _tx: unknown,
    _ctx: unknown,
    event: string,
    rows: { id: string; state: string; audit_status: string; appointment_state: string }[],
  ) => {
    outbox.calls.push({
      event,
      ids: rows.map((r) => r.id),
      codes: rows.map((r) => `${r.state}${r.audit_status}${r.appointment_state}`),
    });
    if (outbox.failOn === event) throw new Error('the outbox is unavailable');
  },
}));

let t: TestApp;
let admin: string;
let student: string;
let badminton: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  badminton = await badmintonType(t, admin);
  // periodic and batch booking on for the series cases
  const saved = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResourcesType!) { updateResourcesType(model: $model) { errcode } }`,
    { token: admin, variables: { model: { id: badminton, cyclicity_enable: '1', batch_enable: '1' } } },
  );
  expect(saved.body.data!.updateResourcesType.errcode).toBe('0');
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  outbox.calls = [];
  outbox.failOn = null;
});

const last = () => outbox.calls[outbox.calls.length - 1];

async function op(query: string, variables: Record<string, unknown>, token = student) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return Object.values(res.body.data!)[0] as { errcode: string; msg: string; ids?: string[] };
}

describe('notifications of booking changes', () => {
  it('booked (normal and series) and cancelled (one and a series) reach the outbox with the rows changed', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton);
    const one = await submit(t, student, {
      model: model(r.id, '2030-01-03'),
      timeSlotIdList: [r.slots[0]!.id, r.slots[1]!.id],
    });
    expect(one.code).toBe('0');
    expect(outbox.calls).toEqual([{ event: 'booked', ids: one.ids, codes: ['000', '000'] }]);

    const series = await submit(t, student, {
      model: model(r.id, '2030-01-03'),
      borrowDateList: ['2030-01-04', '2030-01-05'],
      timeSlotIdList: [r.slots[2]!.id],
    });
    expect(series.code).toBe('0');
    expect(last()).toEqual({ event: 'booked', ids: series.ids, codes: ['000', '000'] });

    expect((await op(CANCEL, { id: one.ids[0], reason: '有事' })).errcode).toBe('0');
    expect(last()).toEqual({ event: 'cancelled', ids: [one.ids[0]], codes: ['100'] });

    const cancelled = await op(
      `mutation($seriesId: String!, $reason: String) { cancelAppointmentSeries(seriesId: $seriesId, reason: $reason) { errcode msg ids } }`,
      { seriesId: series.seriesId, reason: '课程调整' },
    );
    expect(cancelled.errcode).toBe('0');
    expect(last()).toEqual({ event: 'cancelled', ids: series.ids, codes: ['100', '100'] });
    // refusals tell nobody
    const count = outbox.calls.length;
    expect((await submit(t, admin, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[1]!.id] })).code).toBe(
      '500',
    );
    expect(outbox.calls).toHaveLength(count);
  });

  it('approved, rejected, and a terminated application (told as cancelled)', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton, { need_approve: '1' });
    const ids: string[] = [];
    for (const s of r.slots.slice(0, 3)) {
      const res = await submit(t, student, { model: model(r.id, '2030-01-03'), timeSlotIdList: [s.id] });
      expect(res).toMatchObject({ code: '0', auditStatus: '1' });
      expect(last()).toEqual({ event: 'booked', ids: res.ids, codes: ['010'] });
      ids.push(res.ids[0]);
    }
    expect(
      (await op(`mutation($id: ID!) { approveAppointment(id: $id) { errcode msg } }`, { id: ids[0] }, admin)).errcode,
    ).toBe('0');
    expect(last()).toEqual({ event: 'approved', ids: [ids[0]], codes: ['020'] });
    expect(
      (
        await op(
          `mutation($id: ID!, $reason: String!) { rejectAppointment(id: $id, reason: $reason) { errcode msg } }`,
          { id: ids[1], reason: '场地维护' },
          admin,
        )
      ).errcode,
    ).toBe('0');
    expect(last()).toEqual({ event: 'rejected', ids: [ids[1]], codes: ['030'] });
    expect(
      (
        await op(
          `mutation($id: ID!, $reason: String) { terminateAppointment(id: $id, reason: $reason) { errcode msg } }`,
          { id: ids[2], reason: '不需要了' },
        )
      ).errcode,
    ).toBe('0');
    expect(last()).toEqual({ event: 'cancelled', ids: [ids[2]], codes: ['013'] });
  });

  it('in the same transaction: when the outbox fails, the booking or the cancel does not happen', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton);
    outbox.failOn = 'booked';
    const failed = await submit(t, student, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] });
    expect(failed).toMatchObject({ code: '500', messages: ['系统异常'] });
    const slots = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: admin, variables: { resourcesId: r.id, date: '2030-01-03' } })
    ).body.data!.findResourceSlotAvailability;
    expect(slots[0].state).toBe('available');

    outbox.failOn = 'cancelled';
    const booked = await submit(t, student, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] });
    expect(booked.code).toBe('0');
    expect((await op(CANCEL, { id: booked.ids[0], reason: '有事' })).errcode).toBe('500');
    const after = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: student, variables: { resourcesId: r.id, date: '2030-01-03' } })
    ).body.data!.findResourceSlotAvailability;
    expect(after[0].state).toBe('mine');
  });
});
