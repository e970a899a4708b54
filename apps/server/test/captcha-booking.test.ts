import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { encryptCaptchaCode } from '../src/modules/captcha/captcha.rules.ts';
import { submitRecordsWritten } from '../src/modules/captcha/captcha.service.ts';
import { captchaChallenges } from '../src/modules/captcha/captcha.tables.ts';
import { makeResource, model, NOW, solveCaptcha, submit } from './booking-fixtures.ts';
import { personDrag, seeded, slideBody } from './captcha-tracks.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

/**
 * The captcha and frequency rules through the booking API (api-contract 3 and 7): what a
 * client of the original does, from genCaptcha to saveAppointmentInformationAll.
 */

const MINE = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50, filter: $filter) {
  totalCount edges { node { id start_time appointment_date } } } }`;

let t: TestApp;
let admin: string;
let student: string;
let typeId: string;
let clock = NOW;
const tracks = seeded(11);

/** A meeting room with the given anti-abuse rules; its slot ids. */
async function room(rules: Record<string, string>): Promise<{ id: string; slots: string[] }> {
  const r = await makeResource(t, admin, typeId, rules);
  return { id: r.id, slots: r.slots.map((s) => s.id) };
}

async function book(
  resourcesId: string,
  slotId: string,
  captcha: { captchaId: string; captchaCode: string } = { captchaId: '', captchaCode: '' },
) {
  const result = await submit(t, student, {
    ...captcha,
    model: model(resourcesId, '2030-01-03'),
    timeSlotIdList: [slotId],
  });
  await submitRecordsWritten();
  return result as { code: string; messages: string[]; messages_en: string[] };
}

async function bookingsOf(resourcesId: string): Promise<number> {
  const res = await t.gql('apps_yy_sys', MINE, {
    token: student,
    variables: { filter: { resources_id: { eq: resourcesId }, state: { eq: '0' } } },
  });
  return res.body.data!.findAppointmentInformationAllForAccount.totalCount;
}

/** genCaptcha, then checkCaptcha with a slide ending `offset` px (of 600) from the answer. */
async function slide(offset = 0) {
  const gen = await t.app.inject({ method: 'POST', url: `/yy-sys/captcha/genCaptcha?token=${student}` });
  const id = gen.json().id as string;
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, id.slice('SLIDER_'.length))),
  );
  const end = (row!.answer_x + offset) / 2;
  const check = await t.app.inject({
    method: 'POST',
    url: `/yy-sys/captcha/checkCaptcha?token=${student}`,
    payload: slideBody(id, personDrag(end, tracks), clock),
  });
  return { id, body: check.json() };
}

/** A right slide's credential as the original's browser sends it: captchaCode AES-encrypted. */
async function credential() {
  const { captchaId, captchaCode } = await solveCaptcha(t, student);
  return { captchaId, captchaCode: encryptCaptchaCode(captchaCode, captchaId) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  typeId = types.find((x) => x.resources_name === '会议室')!.id;
}, 60_000);
beforeEach(() => {
  // submits more than 10 s apart: the frequency rule stays out of the captcha tests
  clock += 3_600_000;
  bookingClock.now = () => clock;
});
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});

describe('saveAppointmentInformationAll with the captcha (open_captcha_verify "1")', () => {
  it('books with a right slide; the credential cannot be used again', async () => {
    const r = await room({ open_captcha_verify: '1' });
    const cred = await credential();
    expect(await book(r.id, r.slots[0]!, cred)).toMatchObject({ code: '0' });
    clock += 11_000;
    expect(await book(r.id, r.slots[1]!, cred)).toMatchObject({ code: '500', messages: ['验证码不能重复使用'] });
    expect(await bookingsOf(r.id)).toBe(1);
  });

  it('refuses a submit without a credential and one after a wrong slide; nothing is booked', async () => {
    const r = await room({ open_captcha_verify: '1' });
    expect(await book(r.id, r.slots[0]!)).toMatchObject({
      code: '500',
      messages: ['该资源预约需要先完成滑块验证'],
    });
    const wrong = await slide(150);
    expect(wrong.body).toMatchObject({ code: 4001, success: false });
    const guessed = { captchaId: wrong.id.slice('SLIDER_'.length), captchaCode: randomUUID() };
    expect(await book(r.id, r.slots[0]!, guessed)).toMatchObject({
      code: '500',
      messages: ['验证码无效，请重新完成滑块验证'],
    });
    expect(await bookingsOf(r.id)).toBe(0);
  });

  it('a credential spent on a refused submit (slot taken) cannot be used again', async () => {
    const r = await room({ open_captcha_verify: '1' });
    expect(await book(r.id, r.slots[0]!, await credential())).toMatchObject({ code: '0' });
    clock += 11_000;
    const cred = await credential();
    expect((await book(r.id, r.slots[0]!, cred)).code).toBe('500');
    clock += 11_000;
    expect(await book(r.id, r.slots[1]!, cred)).toMatchObject({ messages: ['验证码不能重复使用'] });
    expect(await bookingsOf(r.id)).toBe(1);
  });
});

describe('saveAppointmentInformationAll with the frequency rule (open_frequency_verify "1")', () => {
  it('refuses the 3rd rapid submit with 频繁调用接口，禁用3分钟; accepted again after 180 s', async () => {
    const r = await room({ open_frequency_verify: '1' });
    expect(await book(r.id, r.slots[0]!)).toMatchObject({ code: '0' });
    clock += 2_000;
    expect(await book(r.id, r.slots[1]!)).toMatchObject({ code: '0' });
    clock += 2_000;
    const blockedAt = clock;
    expect(await book(r.id, r.slots[2]!)).toMatchObject({ code: '500', messages: ['频繁调用接口，禁用3分钟'] });
    clock = blockedAt + 90_000;
    expect(await book(r.id, r.slots[2]!)).toMatchObject({ code: '500', messages: ['频繁调用接口，禁用3分钟'] });
    expect(await bookingsOf(r.id)).toBe(2);
    clock = blockedAt + 180_000;
    expect(await book(r.id, r.slots[2]!)).toMatchObject({ code: '0' });
    expect(await bookingsOf(r.id)).toBe(3);
  });
});
