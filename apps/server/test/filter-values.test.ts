import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, badmintonType, makeResource, model, submit, type Slot } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

// Filter values as existing clients send them (api-contract 4): numbers or strings for the same
// column, inline or in variables, dates unpadded; the same request gets the same answer.

let t: TestApp;
let admin: string;
let student: string;
let resource: { id: string; slots: Slot[] };

const OWN = `query own($filter: AppointmentInformationFilterMap) {
  findAppointmentInformationAllForSelf(first: 50, filter: $filter) { totalCount edges { node { id state } } } }`;
const ALL = `query all($filter: AppointmentInformationFilterMap) {
  findAppointmentInformationAllForAppointMent(first: 50, filter: $filter) { totalCount } }`;

async function own(token: string, filter: unknown) {
  const res = await t.gql('apps_yy_sys', OWN, { token, variables: { filter } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.findAppointmentInformationAllForSelf.totalCount as number;
}

async function inline(token: string, query: string) {
  return t.gql('apps_yy_sys', query, { token });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  bookingClock.now = () => NOW;
  const typeId = await badmintonType(t, admin);
  resource = await makeResource(t, admin, typeId);
  for (const slot of resource.slots.slice(0, 2)) {
    const r = await submit(t, student, { model: model(resource.id, '2030-01-03'), timeSlotIdList: [slot.id] });
    expect(r.code, JSON.stringify(r)).toBe('0');
  }
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t.close();
});

describe('filter values of either type', () => {
  it('a state given as a number or as a string, in variables, selects the same bookings', async () => {
    const booked = await own(student, { resources_id: { eq: resource.id } });
    expect(booked).toBe(2);
    const state = (
      await t.gql('apps_yy_sys', OWN, { token: student, variables: { filter: { resources_id: { eq: resource.id } } } })
    ).body.data!.findAppointmentInformationAllForSelf.edges[0].node.state as string;
    expect(await own(student, { resources_id: { eq: resource.id }, state: { eq: Number(state) } })).toBe(2);
    expect(await own(student, { resources_id: { eq: resource.id }, state: { eq: state } })).toBe(2);
    expect(await own(student, { resources_id: { eq: resource.id }, state: { in: [Number(state), 99] } })).toBe(2);
    expect(await own(student, { resources_id: { eq: resource.id }, state: { eq: 99 } })).toBe(0);
  });

  it('the same values written inline are accepted and answer the same', async () => {
    const q = (f: string) =>
      `{ findAppointmentInformationAllForSelf(first: 50, filter: {resources_id: {eq: "${resource.id}"}, ${f}}) { totalCount } }`;
    const asNumber = await inline(student, q('audit_status: {in: [0, 1, 2, 3]}'));
    const asString = await inline(student, q('audit_status: {in: ["0", "1", "2", "3"]}'));
    expect(asNumber.status, JSON.stringify(asNumber.body)).toBe(200);
    expect(asNumber.body.data).toEqual(asString.body.data);
    expect(asNumber.body.data?.findAppointmentInformationAllForSelf.totalCount).toBe(2);
  });

  it('an unpadded date selects the same bookings as a padded one, for the student and the administrator', async () => {
    const filter = (date: string) => ({ resources_id: { eq: resource.id }, appointment_date: { eq: date } });
    expect(await own(student, filter('2030-1-3'))).toBe(2);
    expect(await own(student, filter('2030-01-03'))).toBe(2);
    const all = async (date: string) =>
      (await t.gql('apps_yy_sys', ALL, { token: admin, variables: { filter: filter(date) } })).body.data!
        .findAppointmentInformationAllForAppointMent.totalCount;
    expect(await all('2030-1-3')).toBe(2);
    expect(await all('2030-1-3')).toBe(await all('2030-01-03'));
  });

  it('a value no filter can take is refused alike inline and in variables: HTTP 400 with zh and en', async () => {
    const viaVariables = await t.gql('apps_yy_sys', OWN, {
      token: student,
      variables: { filter: { state: { eq: { nested: 1 } } } },
    });
    const viaInline = await inline(
      student,
      '{ findAppointmentInformationAllForSelf(first: 5, filter: {state: {eq: {nested: 1}}}) { totalCount } }',
    );
    expect(viaVariables.status).toBe(400);
    expect(viaInline.status).toBe(400);
    expect(viaVariables.body.errors?.[0]?.extensions?.msg).toBeTruthy();
    expect(viaVariables.body.errors?.[0]?.extensions?.msg_en).toBeTruthy();
  });

  it('anonymous callers are still refused, whatever the filter', async () => {
    const res = await t.gql('apps_yy_sys', OWN, { variables: { filter: { state: { eq: 0 } } } });
    expect(JSON.stringify(res.body)).not.toContain('totalCount":');
  });
});
