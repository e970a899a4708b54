/** The registration desk's hand check-out (updateAppointmentSignOut), /mobile/ordered/register. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  book,
  call,
  errorCode,
  logsOf,
  makeResource,
  on,
  setClock,
  useCheckinFixture,
  type Fixture,
} from './checkin-fixtures.ts';

const MARK = `mutation($id: ID!, $state: String!) { updateAppointmentPerformState(id: $id, appointment_state: $state) {
  errcode msg msg_en appointmentId } }`;
const SIGN_OUT = `mutation($id: ID!) { updateAppointmentSignOut(id: $id) { errcode msg msg_en appointmentId ids } }`;
const INFO = `query($appointmentId: String!) { findAppointmentSignInfo(appointmentId: $appointmentId) {
  appointment_state sign_state sign_in_way sign_out_time sign_out_way sign_out_user } }`;

const fixture = useCheckinFixture();
let f: Fixture;
beforeEach(() => {
  f = fixture();
});

describe('staff check a booking out by hand', () => {
  it('checks out a checked-in booking once, for its administrators only, within the deadline', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[1]!.id]);

    setClock(on(9, 50));
    const early = await call(f, f.staff, SIGN_OUT, { id });
    expect(early).toMatchObject({ errcode: '500', msg: '该预约尚未签到，不能签退' });
    expect(await call(f, f.staff, MARK, { id, state: '1' })).toMatchObject({ errcode: '0' });

    setClock(on(10, 30));
    expect(await errorCode(f, f.other, SIGN_OUT, { id })).toBe('FORBIDDEN');
    expect(await errorCode(f, f.student, SIGN_OUT, { id })).toBe('FORBIDDEN');
    expect((await call(f, f.staff, SIGN_OUT, { id: 'not-an-id' })).msg).toBe('预约记录不存在');
    expect(await call(f, f.staff, SIGN_OUT, { id })).toMatchObject({
      errcode: '0',
      msg: '签退成功',
      msg_en: 'Checked out',
      appointmentId: id,
      ids: [id],
    });
    expect(await call(f, f.student, INFO, { appointmentId: id })).toMatchObject({
      appointment_state: '1',
      sign_state: '2',
      sign_in_way: '3',
      sign_out_time: '2030-01-03 10:30:00',
      sign_out_way: '3',
      sign_out_user: 'keeper',
    });
    expect((await call(f, f.admin, SIGN_OUT, { id })).msg).toBe('该预约已签退（2030-01-03 10:30:00）');
    expect((await logsOf(f, id!, 'checkin')).map((l) => l.type)).toEqual(['markPerformed', 'signOut']);
  });

  it('refuses after the deadline and on a resource without check-out, changing nothing', async () => {
    const r = await makeResource(f);
    const [late] = await book(f, f.student, r.id, [r.slots[1]!.id]);
    setClock(on(10, 0));
    await call(f, f.staff, MARK, { id: late, state: '1' });
    setClock(on(11, 15));
    const closed = await call(f, f.staff, SIGN_OUT, { id: late });
    expect(closed.errcode).toBe('500');
    expect(closed.msg_en).toContain('2030-01-03 11:15:00');
    expect((await call(f, f.student, INFO, { appointmentId: late })).sign_state).toBe('1');

    const plain = await makeResource(f, { resourcesConfig: { signin_rule: '1', sign_out_rule: '0' } });
    const [id] = await book(f, f.student, plain.id, [plain.slots[1]!.id]);
    setClock(on(10, 0));
    await call(f, f.admin, MARK, { id, state: '1' });
    expect((await call(f, f.admin, SIGN_OUT, { id })).errcode).toBe('500');
    expect((await call(f, f.student, INFO, { appointmentId: id })).sign_state).toBe('1');
  });
});
