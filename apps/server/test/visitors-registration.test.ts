/**
 * Visitor registration on the public endpoint: one-time codes (limits, expiry, tries, single
 * use), registration (fields, duplicates, tenants), sign-in at /sso by phone, the visitor's
 * profile and what a visitor token may not reach; no plain phone or ID number in the database
 * or the server log.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { maskName } from '@yuyue/shared';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { visitorAppointments, visitorOneTimeCodes, visitors } from '../src/modules/visitors/visitors.tables.ts';
import { visitorRetentionJob } from '../src/modules/visitors/visitors.admin-people.service.ts';
import { users } from '../src/modules/directory/directory.tables.ts';
import { updateTenant } from '../src/modules/tenants/tenants.repository.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';
import {
  PASSWORD,
  advanceCodeClock,
  clearSentMessages,
  codeFor,
  idNumber,
  lastCodeTo,
  publicGql,
  registerRaw,
  registerVisitor,
  registration,
  sendCode,
  signInByPhone,
  signInByPhoneForTokens,
} from './visitors-fixtures.ts';

let t: TestApp;
const logLines: string[] = [];
let otherTenantId: string;
let adminToken: string;
let userToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
  // every log line the app writes (its request loggers are children of this one and write to its stream)
  const capture = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  const streamSym = pino.symbols.streamSym as unknown as keyof typeof t.app.log;
  (t.app.log as unknown as Record<symbol, unknown>)[streamSym as unknown as symbol] = (
    capture as unknown as Record<symbol, unknown>
  )[streamSym as unknown as symbol];
  otherTenantId = await t.createOtherTenant('vother');
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  userToken = await t.tokenFor(demoAccounts.user.account);
  otherAdminToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(() => t.close());
beforeEach(() => {
  clearSentMessages();
  // every test starts an hour after the last one's codes: no sending limit carries over
  advanceCodeClock(2 * 60 * 60_000);
});

let phoneSeq = 0;
const newPhone = () => `139${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;
let cardSeq = 100;
const newCard = () => idNumber(++cardSeq);

async function demoKeyOf() {
  const rows = await t.database.db.execute(sql`select tenant_key from tenants where id = ${t.demoTenantId}`);
  return String((rows as unknown as { rows: { tenant_key: string }[] }).rows[0]!.tenant_key);
}

describe('one-time codes', () => {
  it('answers the same whether the phone is registered or not, and keeps only a hash', async () => {
    const registered = newPhone();
    await registerVisitor(t, registered, newCard());
    advanceCodeClock(61_000);
    const a = await sendCode(t, registered, { purpose: 'resetPassword' });
    const b = await sendCode(t, newPhone(), { purpose: 'resetPassword' });
    expect(a).toEqual(b);
    expect(a.errcode).toBe('0');
    const code = lastCodeTo(registered);
    const rows = await withTenant(t.database.db, t.demoTenantId, (tx) => tx.select().from(visitorOneTimeCodes));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.code_hash).not.toContain(code);
      expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.phone_hash).not.toContain(registered);
    }
  });

  it('one per phone per minute, the refusal naming the wait; then again after the minute', async () => {
    const phone = newPhone();
    expect((await sendCode(t, phone)).errcode).toBe('0');
    const refused = await sendCode(t, phone);
    expect(refused.errcode).not.toBe('0');
    expect(refused.msg).toBe('验证码发送过于频繁，请60秒后再试');
    expect(refused.msg_en).toBe('Codes were sent too often; try again in 60 seconds');
    advanceCodeClock(30_000);
    expect((await sendCode(t, phone)).msg_en).toBe('Codes were sent too often; try again in 30 seconds');
    advanceCodeClock(30_001);
    expect((await sendCode(t, phone)).errcode).toBe('0');
  });

  it('five per phone per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(t, phone)).errcode).toBe('0');
      advanceCodeClock(61_000);
    }
    const refused = await sendCode(t, phone);
    expect(refused.errcode).not.toBe('0');
    expect(refused.msg_en).toMatch(/^Codes were sent too often; try again in (5[5-6]) minutes$/);
  });

  it('twenty per client address per hour, whatever the phones', async () => {
    const address = '10.200.0.1';
    for (let i = 0; i < 20; i++) expect((await sendCode(t, newPhone(), { address })).errcode).toBe('0');
    const refused = await sendCode(t, newPhone(), { address });
    expect(refused.msg_en).toMatch(/^Codes were sent too often; try again in 60 minutes$/);
    // another address is not held
    expect((await sendCode(t, newPhone(), { address: '10.200.0.2' })).errcode).toBe('0');
    // an IPv6 client counts by its /64
    for (let i = 0; i < 20; i++) {
      expect((await sendCode(t, newPhone(), { address: `2001:db8:1:2::${(i + 1).toString(16)}` })).errcode).toBe('0');
    }
    expect((await sendCode(t, newPhone(), { address: '2001:db8:1:2:ffff::9' })).errcode).not.toBe('0');
  });

  it('twenty per address even when thirty phones ask at the same moment', async () => {
    const address = '10.201.0.1';
    const answers = await Promise.all(Array.from({ length: 30 }, () => sendCode(t, newPhone(), { address })));
    expect(answers.filter((a) => a.errcode === '0')).toHaveLength(20);
    const counted = await t.database.db.execute(
      sql`select count(*)::int as n from visitor_one_time_codes where address = ${address}`,
    );
    const n = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(n).toBe(20);
  });

  it('refuses a malformed phone or purpose, sending nothing', async () => {
    expect((await sendCode(t, '12345')).msg_en).toBe('Not a valid mobile phone number; enter the 11-digit number');
    expect((await sendCode(t, newPhone(), { purpose: 'spam' })).msg_en).toBe(
      'Invalid code purpose "spam": register or resetPassword',
    );
    expect((await sendCode(t, newPhone(), { tenantKey: 'no-such-tenant' })).msg_en).toBe('Unknown tenant');
  });

  it('a disabled tenant sends no code and registers nobody', async () => {
    const tenantId = await t.createOtherTenant('vdisabled');
    await withTenant(t.database.db, tenantId, (tx) => updateTenant(tx, tenantId, { state: '0' }));
    expect((await sendCode(t, newPhone(), { tenantKey: 'vdisabled' })).msg_en).toBe('The tenant is disabled');
    expect(
      (await registerRaw(t, registration(newPhone(), newCard(), { verification_code: '123456' }), 'vdisabled')).msg_en,
    ).toBe('The tenant is disabled');
  });

  it('expires after 5 minutes', async () => {
    const phone = newPhone();
    const code = await codeFor(t, phone);
    advanceCodeClock(5 * 60_000 + 1);
    const out = await registerRaw(t, registration(phone, newCard(), { verification_code: code }));
    expect(out.msg_en).toBe('The code is no longer valid (expired, used or too many wrong tries); ask for a new one');
  });

  it('dies after five wrong tries: the right code is refused then', async () => {
    const phone = newPhone();
    const card = newCard();
    const code = await codeFor(t, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await registerRaw(t, registration(phone, card, { verification_code: wrong }))).msg_en);
    }
    expect(answers.slice(0, 4)).toEqual([
      'Wrong code; 4 tries left',
      'Wrong code; 3 tries left',
      'Wrong code; 2 tries left',
      'Wrong code; 1 tries left',
    ]);
    expect(answers[4]).toMatch(/no longer valid/);
    expect((await registerRaw(t, registration(phone, card, { verification_code: code }))).msg_en).toMatch(
      /no longer valid/,
    );
    const none = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select({ id: visitors.id }).from(visitors).where(eq(visitors.visitor_name, 'never')),
    );
    expect(none).toEqual([]);
  });

  it('is used once: a second reset with the same code is refused', async () => {
    const phone = newPhone();
    await registerVisitor(t, phone, newCard());
    advanceCodeClock(61_000);
    const code = await codeFor(t, phone, { purpose: 'resetPassword' });
    const reset = (password: string) =>
      publicGql(
        t,
        `mutation($p: String!, $c: String!, $w: String!) {
          resetVisitorPasswordForPublic(phone: $p, verification_code: $c, password: $w) { errcode msg_en } }`,
        { p: phone, c: code, w: password },
      );
    expect((await reset('NewPass123')).body.data?.resetVisitorPasswordForPublic.errcode).toBe('0');
    expect((await reset('Other12345')).body.data?.resetVisitorPasswordForPublic.msg_en).toMatch(/no longer valid/);
    expect(await signInByPhone(t, phone, PASSWORD)).toBeNull();
    expect(await signInByPhone(t, phone, 'NewPass123')).toBeTruthy();
  });

  it('a registration code does not reset a password, and an unregistered phone cannot be reset', async () => {
    const phone = newPhone();
    const code = await codeFor(t, phone);
    const res = await publicGql(
      t,
      `mutation($p: String!, $c: String!) {
        resetVisitorPasswordForPublic(phone: $p, verification_code: $c, password: "Abcdef123") { errcode msg_en } }`,
      { p: phone, c: code },
    );
    expect(res.body.data?.resetVisitorPasswordForPublic.msg_en).toMatch(/no longer valid/);
    advanceCodeClock(61_000);
    const reset = await codeFor(t, phone, { purpose: 'resetPassword' });
    const res2 = await publicGql(
      t,
      `mutation($p: String!, $c: String!) {
        resetVisitorPasswordForPublic(phone: $p, verification_code: $c, password: "Abcdef123") { errcode msg_en } }`,
      { p: phone, c: reset },
    );
    expect(res2.body.data?.resetVisitorPasswordForPublic.msg_en).toBe(
      'This phone number is not registered as a visitor',
    );
  });
});

describe('registration', () => {
  it('creates a visitor user (role visitor, no plain phone) and a sealed visitor row; audited', async () => {
    const phone = newPhone();
    const card = newCard();
    const id = await registerVisitor(t, phone, card, { over: { unit: '北京大学', email: 'v@example.edu' } });
    const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(visitors).where(eq(visitors.id, id)),
    );
    expect(row).toMatchObject({ visitor_name: '王访客', unit: '北京大学', card_type: '1', data_source: 1 });
    expect(row!.phone_mask).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(row!.card_number_mask).toBe(`${card.slice(0, 3)}***********${card.slice(-4)}`);
    expect(row!.phone_enc).not.toContain(phone);
    const [user] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(users).where(eq(users.id, row!.user_id!)),
    );
    expect(user).toMatchObject({ role: 'visitor', name: '王访客', phone: '' });
    expect(user!.account).toMatch(/^visitor:[0-9a-f]{32}$/);
    const logs = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'visitor'), eq(operateLogs.operate_object, id))),
    );
    expect(logs.map((l) => l.operate_type)).toEqual(['register']);
    expect(logs[0]!.operate_content).not.toContain(phone);
  });

  it('refuses missing required fields, a weak password and a bad ID number, creating nothing', async () => {
    const phone = newPhone();
    const code = await codeFor(t, phone);
    const card = newCard();
    const cases: [Record<string, unknown>, string][] = [
      [{ visitor_name: '' }, 'Name is required'],
      [{ card_number: '' }, 'ID number is required'],
      [{ password: 'short1' }, 'The password must be 8-64 characters with at least one letter and one digit'],
      [{ password: 'onlyletters' }, 'The password must be 8-64 characters with at least one letter and one digit'],
      [
        { card_number: `${card.slice(0, 17)}${card[17] === '0' ? '1' : '0'}` },
        'ID number is not valid: must be an 18-character resident ID number with a right check digit',
      ],
      [{ email: 'x' }, 'E-mail is not valid: must be an e-mail address'],
      [{ verification_code: '' }, 'Verification code is required'],
    ];
    for (const [over, message] of cases) {
      const out = await registerRaw(t, registration(phone, card, { verification_code: code, ...over }));
      expect(out.msg_en, JSON.stringify(over)).toBe(message);
    }
    // the code was not spent by any of those
    const out = await registerRaw(t, registration(phone, card, { verification_code: code }));
    expect(out.errcode).toBe('0');
  });

  it('refuses a phone or ID number already registered, clearly, before the code is spent', async () => {
    const phone = newPhone();
    const card = newCard();
    await registerVisitor(t, phone, card);
    advanceCodeClock(61_000);
    const again = await codeFor(t, phone);
    expect((await registerRaw(t, registration(phone, newCard(), { verification_code: again }))).msg_en).toBe(
      'This phone number is already registered as a visitor; please sign in',
    );
    const other = newPhone();
    const code = await codeFor(t, other);
    expect((await registerRaw(t, registration(other, card, { verification_code: code }))).msg_en).toBe(
      'This ID number is already registered to a visitor',
    );
    // the lower-case check letter is the same number
    expect((await registerRaw(t, registration(other, newCard(), { verification_code: code }))).errcode).toBe('0');
  });

  it('two registrations of one ID number at once: one succeeds, the other is told the number is taken', async () => {
    const card = newCard();
    const [p1, p2] = [newPhone(), newPhone()];
    const [c1, c2] = [await codeFor(t, p1), await codeFor(t, p2)];
    const results = await Promise.all([
      registerRaw(t, registration(p1, card, { verification_code: c1 })),
      registerRaw(t, registration(p2, card, { verification_code: c2 })),
    ]);
    expect(results.filter((r) => r.errcode === '0')).toHaveLength(1);
    expect(results.find((r) => r.errcode !== '0')!.msg_en).toBe('This ID number is already registered to a visitor');
  });

  it('one code used by two registrations at once opens only one', async () => {
    const phone = newPhone();
    const code = await codeFor(t, phone);
    const results = await Promise.all([
      registerRaw(t, registration(phone, newCard(), { verification_code: code })),
      registerRaw(t, registration(phone, newCard(), { verification_code: code })),
    ]);
    expect(results.filter((r) => r.errcode === '0')).toHaveLength(1);
    expect(results.find((r) => r.errcode !== '0')!.msg_en).toMatch(/no longer valid|already registered/);
  });

  it("without the phone's code nobody learns whether it is registered", async () => {
    const phone = newPhone();
    await registerVisitor(t, phone, newCard());
    advanceCodeClock(61_000);
    const registered = await registerRaw(t, registration(phone, newCard(), { verification_code: '123456' }));
    const fresh = await registerRaw(t, registration(newPhone(), newCard(), { verification_code: '123456' }));
    expect(registered.msg_en).toBe(fresh.msg_en);
  });

  it('a wrong code creates nothing', async () => {
    const phone = newPhone();
    const code = await codeFor(t, phone);
    const out = await registerRaw(
      t,
      registration(phone, newCard(), { verification_code: code === '123456' ? '654321' : '123456' }),
    );
    expect(out.msg_en).toBe('Wrong code; 4 tries left');
    expect(await signInByPhone(t, phone)).toBeNull();
  });

  it('another tenant is its own: the same phone and number register there apart', async () => {
    const phone = newPhone();
    const card = newCard();
    await registerVisitor(t, phone, card);
    const id = await registerVisitor(t, phone, card, { tenantKey: 'vother' });
    const [row] = await withTenant(t.database.db, otherTenantId, (tx) =>
      tx.select().from(visitors).where(eq(visitors.id, id)),
    );
    expect(row!.tenant_id).toBe(otherTenantId);
    // a code of one tenant does not open the other
    advanceCodeClock(61_000);
    const demoCode = await codeFor(t, phone, { purpose: 'resetPassword' });
    const res = await publicGql(
      t,
      `mutation($p: String!, $c: String!) {
        resetVisitorPasswordForPublic(phone: $p, verification_code: $c, password: "Abcdef123", tenantKey: "vother") { errcode msg_en } }`,
      { p: phone, c: demoCode },
    );
    expect(res.body.data?.resetVisitorPasswordForPublic.msg_en).toMatch(/no longer valid/);
  });

  it('the public page reads the shown fields and the tenant settings without sign-in', async () => {
    const res = await publicGql(
      t,
      `query($k: String) { findRegisterFieldListForPublic(tenantKey: $k) { field_name is_required mod_user_name }
        findVisitorPublicSettings(tenantKey: $k) { tenant_name sys_name is_welcome_setting } }`,
      { k: await demoKeyOf() },
    );
    const fields = res.body.data?.findRegisterFieldListForPublic as { field_name: string; is_required: number }[];
    expect(fields.slice(0, 4)).toEqual([
      { field_name: 'visitor_name', is_required: 1, mod_user_name: '' },
      { field_name: 'phone', is_required: 1, mod_user_name: '' },
      { field_name: 'card_type', is_required: 1, mod_user_name: '' },
      { field_name: 'card_number', is_required: 1, mod_user_name: '' },
    ]);
    expect(fields.map((f) => f.field_name)).not.toContain('identity_type');
    expect(res.body.data?.findVisitorPublicSettings.tenant_name).toBeTruthy();
    const unknown = await publicGql(t, `{ findVisitorPublicSettings(tenantKey: "nope") { tenant_name } }`);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('TENANT_UNKNOWN');
  });

  it("offers person_type's choices from the person types, and refuses one not among them", async () => {
    const res = await publicGql(
      t,
      `query($k: String) { findRegisterFieldListForPublic(tenantKey: $k) { field_name options } }`,
      { k: await demoKeyOf() },
    );
    const fields = res.body.data?.findRegisterFieldListForPublic as { field_name: string; options: string[] }[];
    const personType = fields.find((f) => f.field_name === 'person_type');
    expect(personType?.options.length).toBeGreaterThan(0);
    expect(fields.filter((f) => f.field_name !== 'person_type').every((f) => f.options.length === 0)).toBe(true);
    const phone = newPhone();
    const card = newCard();
    const code = await codeFor(t, phone);
    const refused = await registerRaw(
      t,
      registration(phone, card, { verification_code: code, person_type: '不存在的类型' }),
    );
    expect(refused.errcode).not.toBe('0');
    expect(refused.msg_en).toBe('Person type is not valid: choose one of the list');
    const chosen = await registerRaw(
      t,
      registration(phone, card, { verification_code: code, person_type: personType!.options[0] }),
    );
    expect(chosen, JSON.stringify(chosen)).toMatchObject({ errcode: '0' });
  });
});

describe('a registered visitor', () => {
  let phone: string;
  let card: string;
  let token: string;

  beforeAll(async () => {
    phone = newPhone();
    card = newCard();
    advanceCodeClock(2 * 60 * 60_000);
    await registerVisitor(t, phone, card);
    const signed = await signInByPhone(t, phone);
    expect(signed).toBeTruthy();
    token = signed!;
  });

  it('signs in at /sso with the phone; a wrong password is refused', async () => {
    expect(await signInByPhone(t, phone, 'Wrong12345')).toBeNull();
    expect(await signInByPhone(t, `+86 ${phone}`)).toBeTruthy();
  });

  it('their id_token and userinfo hold no plain name, phone, e-mail or ID number: an opaque account, the name masked', async () => {
    const phone2 = newPhone();
    const card2 = newCard();
    const email = `v${phoneSeq}@example.com`;
    const name = '欧阳访客';
    await registerVisitor(t, phone2, card2, { over: { visitor_name: name, email } });
    const tokens = await signInByPhoneForTokens(t, phone2);
    expect(tokens?.get('access_token')).toBeTruthy();
    const idToken = tokens!.get('id_token')!;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const userinfo = await t.app.inject({
      url: '/sso/oauth2/userinfo',
      headers: { authorization: `Bearer ${tokens!.get('access_token')}` },
    });
    expect(userinfo.statusCode).toBe(200);
    const info = userinfo.json() as Record<string, unknown>;
    for (const [what, body] of [
      ['id_token', claims],
      ['userinfo', info],
    ] as const) {
      const text = JSON.stringify(body);
      for (const secret of [name, phone2, card2, email, phone2.slice(-8)]) expect(text, what).not.toContain(secret);
      expect(body.name, what).toBe(maskName(name));
      expect(String(body.account), what).toMatch(/^visitor:[0-9a-f-]{36}$/);
      expect(body.preferred_username, what).toBe(body.account);
      expect(body.email, what).toBeUndefined();
      expect(body.phone_number, what).toBeUndefined();
    }
    // the visitor still reaches their own pages with that token
    const me = await t.gql('apps_yy_sys', '{ findVisitorInfoByAccount { visitor_name } }', {
      token: tokens!.get('access_token')!,
    });
    expect(me.body.data?.findVisitorInfoByAccount.visitor_name).toBe(name);
  });

  it('is refused booking and back-office operations', async () => {
    const booking = await t.gql('apps_yy_sys', '{ findResourcesAllByAccount { id } }', { token });
    expect(booking.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const types = await t.gql('apps_yy_sys', '{ findResourcesTypeAllByAccount { id } }', { token });
    expect(types.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const logs = await t.gql('apps_yy_sys', '{ findOperateLogAll { totalCount } }', { token });
    expect(logs.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const users = await t.gql('iam', '{ users { totalCount } }', { token });
    expect(users.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  const OWN = `query($a: String, $w: Boolean) { findVisitorInfoByAccount(account: $a, whole: $w) {
    id visitor_name phone card_number password info_complete infoList { field_name value } } }`;

  it('reads their own registration, numbers masked; never whole', async () => {
    const res = await t.gql('apps_yy_sys', OWN, { token, variables: { a: 'someone-else' } });
    const v = res.body.data?.findVisitorInfoByAccount;
    expect(v).toMatchObject({
      visitor_name: '王访客',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      card_number: `${card.slice(0, 3)}***********${card.slice(-4)}`,
      password: null,
    });
    const whole = await t.gql('apps_yy_sys', OWN, { token, variables: { w: true } });
    expect(whole.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('a visitor administrator sees numbers whole only when asking, each view audited', async () => {
    const account = await withTenant(t.database.db, t.demoTenantId, async (tx) => {
      const [v] = await tx
        .select()
        .from(visitors)
        .where(eq(visitors.phone_mask, `${phone.slice(0, 3)}****${phone.slice(-4)}`));
      const [u] = await tx.select().from(users).where(eq(users.id, v!.user_id!));
      return u!.account;
    });
    const masked = await t.gql('apps_yy_sys', OWN, { token: adminToken, variables: { a: account } });
    expect(masked.body.data?.findVisitorInfoByAccount.phone).toContain('****');
    const whole = await t.gql('apps_yy_sys', OWN, { token: adminToken, variables: { a: account, w: true } });
    expect(whole.body.data?.findVisitorInfoByAccount).toMatchObject({ phone, card_number: card });
    const views = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'visitor'), eq(operateLogs.operate_type, 'viewWhole'))),
    );
    expect(views).toHaveLength(1);
    expect(views[0]!.operate_user_id).toBe(demoAccounts.admin.account);
    expect(views[0]!.operate_content).not.toContain(phone);
    // an ordinary user and another tenant's administrator get nothing
    const user = await t.gql('apps_yy_sys', OWN, { token: userToken, variables: { a: account } });
    expect(user.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await t.gql('apps_yy_sys', OWN, { token: otherAdminToken, variables: { a: account, w: true } });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('VISITOR_NOT_FOUND');
    const anonymous = await t.gql('apps_yy_sys', OWN, { variables: { a: account } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a host looks a phone up: masked name only; visitors and anonymous may not', async () => {
    const LOOKUP = `query($p: String!) { findVisitorInfoByPhone(phone: $p) { registered visitor_name phone } }`;
    const res = await t.gql('apps_yy_sys', LOOKUP, { token: userToken, variables: { p: phone } });
    expect(res.body.data?.findVisitorInfoByPhone).toEqual({
      registered: true,
      visitor_name: '王*客',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    const admin = await t.gql('apps_yy_sys', LOOKUP, { token: adminToken, variables: { p: phone } });
    expect(admin.body.data?.findVisitorInfoByPhone.visitor_name).toBe('王*客');
    const none = await t.gql('apps_yy_sys', LOOKUP, { token: userToken, variables: { p: newPhone() } });
    expect(none.body.data?.findVisitorInfoByPhone).toMatchObject({ registered: false, visitor_name: null });
    const other = await t.gql('apps_yy_sys', LOOKUP, { token: otherAdminToken, variables: { p: phone } });
    expect(other.body.data?.findVisitorInfoByPhone.registered).toBe(false);
    expect(
      (await t.gql('apps_yy_sys', LOOKUP, { token, variables: { p: phone } })).body.errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await t.gql('apps_yy_sys', LOOKUP, { variables: { p: phone } })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('fills in the information fields, checked by type; only a visitor may', async () => {
    const UPDATE = `mutation($f: [VisitorFieldValueInput!]!, $m: VisitorRegistrationInput) {
      updateVisitorAddFieldInfo(fields: $f, model: $m) { errcode msg msg_en } }`;
    const bad = await t.gql('apps_yy_sys', UPDATE, {
      token,
      variables: { f: [{ field_name: 'emergency_phone', value: 'abc' }] },
    });
    expect(bad.body.data?.updateVisitorAddFieldInfo.msg_en).toBe(
      'Emergency phone is not valid: must be a phone number',
    );
    const unknown = await t.gql('apps_yy_sys', UPDATE, { token, variables: { f: [{ field_name: 'x', value: '1' }] } });
    expect(unknown.body.data?.updateVisitorAddFieldInfo.msg_en).toBe('There is no information field named "x"');
    const ok = await t.gql('apps_yy_sys', UPDATE, {
      token,
      variables: {
        f: [
          { field_name: 'emergency_contact', value: '李四' },
          { field_name: 'nationality', value: '中国大陆' },
        ],
        m: { unit: '清华大学', phone: '13000000000', card_number: '110105194912310021' },
      },
    });
    expect(ok.body.data?.updateVisitorAddFieldInfo.errcode).toBe('0');
    const after = await t.gql('apps_yy_sys', OWN, { token });
    const v = after.body.data?.findVisitorInfoByAccount;
    expect(v.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(v.infoList).toEqual(
      expect.arrayContaining([
        { field_name: 'emergency_contact', value: '李四' },
        { field_name: 'nationality', value: '中国大陆' },
      ]),
    );
    // fields not listed keep their value; a phone field is kept sealed and shown masked
    await t.gql('apps_yy_sys', UPDATE, {
      token,
      variables: { f: [{ field_name: 'emergency_phone', value: '13911112222' }] },
    });
    const kept = (await t.gql('apps_yy_sys', OWN, { token })).body.data?.findVisitorInfoByAccount.infoList;
    expect(kept).toEqual(
      expect.arrayContaining([
        { field_name: 'emergency_contact', value: '李四' },
        { field_name: 'emergency_phone', value: '139****2222' },
      ]),
    );
    const [stored] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select({ info: visitors.info }).from(visitors).where(eq(visitors.id, v.id)),
    );
    expect(JSON.stringify(stored!.info)).not.toContain('13911112222');
    // a second update keeps the sealed value as it is
    await t.gql('apps_yy_sys', UPDATE, {
      token,
      variables: { f: [{ field_name: 'emergency_contact', value: '赵五' }] },
    });
    const again = (await t.gql('apps_yy_sys', OWN, { token })).body.data?.findVisitorInfoByAccount.infoList;
    expect(again).toEqual(expect.arrayContaining([{ field_name: 'emergency_phone', value: '139****2222' }]));
    const host = await t.gql('apps_yy_sys', UPDATE, { token: userToken, variables: { f: [] } });
    expect(host.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const other of [adminToken, otherAdminToken]) {
      const refused = await t.gql('apps_yy_sys', UPDATE, { token: other, variables: { f: [] } });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await t.gql('apps_yy_sys', UPDATE, { variables: { f: [] } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

/** Every text or jsonb column (table.column) of any table that holds one of `secrets` anywhere. */
async function columnsHolding(secrets: readonly string[]): Promise<string[]> {
  const columns = await t.database.db.execute(sql`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const list = (columns as unknown as { rows: { table_schema: string; table_name: string; column_name: string }[] })
    .rows;
  expect(list.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const c of list) {
    const column = sql`${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)}`;
    const held = sql.join(
      secrets.map((v) => sql`${sql.identifier(c.column_name)}::text like ${`%${v}%`}`),
      sql` or `,
    );
    const res = await t.database.db.execute(sql`select count(*)::int as n from ${column} where ${held}`);
    const n = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if (n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('privacy', () => {
  it('no plain phone or ID number in any text or jsonb column of any table, nor in the server log', async () => {
    const phone = newPhone();
    const card = newCard();
    advanceCodeClock(2 * 60 * 60_000);
    await registerVisitor(t, phone, card);
    const token = await signInByPhone(t, phone);
    expect(token).toBeTruthy();
    // the visitor's own phone typed into a phone information field is sealed too
    const filled = await t.gql(
      'apps_yy_sys',
      `mutation($f: [VisitorFieldValueInput!]!) { updateVisitorAddFieldInfo(fields: $f) { errcode } }`,
      { token: token!, variables: { f: [{ field_name: 'emergency_phone', value: phone }] } },
    );
    expect(filled.body.data?.updateVisitorAddFieldInfo.errcode).toBe('0');
    // a refusal and a lookup also pass through the log
    await registerRaw(t, registration(phone, card, { verification_code: '000000' }));
    await t.gql('apps_yy_sys', `query($p: String!) { findVisitorInfoByPhone(phone: $p) { registered } }`, {
      token: userToken,
      variables: { p: phone },
    });
    const found = await columnsHolding([phone, card]);
    expect(found).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('');
    // the capture holds the requests' own lines (the refusal above), so it sees what they log
    expect(log).toContain('operation refused');
    expect(log).not.toContain(phone);
    expect(log).not.toContain(card);
  });
  it('nor after an invitation by phone, a record import, a long-term visitor, a gate entry and a retention run', async () => {
    const invitedPhone = newPhone();
    const pendingPhone = newPhone();
    const importedPhone = newPhone();
    const importedCard = newCard();
    const longTermPhone = newPhone();
    const card = newCard();
    advanceCodeClock(2 * 60 * 60_000);
    await registerVisitor(t, invitedPhone, card);
    const visitorToken = (await signInByPhone(t, invitedPhone))!;
    expect(visitorToken).toBeTruthy();
    const areas = await t.gql('apps_yy_sys', '{ findVisitorOverAllSettingsResources { id } }', { token: adminToken });
    const area = (areas.body.data?.findVisitorOverAllSettingsResources as { id: string }[])[0]!.id;
    const ok = async (token: string, query: string, variables: Record<string, unknown>) => {
      const res = await t.gql('apps_yy_sys', query, { token, variables });
      const out = Object.values(res.body.data ?? {})[0] as { errcode: string; ids: string[] } | null;
      expect(out?.errcode, JSON.stringify(res.body)).toBe('0');
      return out!.ids;
    };

    // a host invites a registered phone (approved at once) and one not registered (awaiting it)
    const INVITE = `mutation($models: [VisitorAppointmentInput!]!) { batchSaveVisitorAppointment(models: $models) { errcode ids } }`;
    const guest = (phone: string) => ({
      visitor_type: '2',
      visitor_name: '邀请客',
      phone,
      in_school_date: Date.now(),
      in_school_area: area,
    });
    const [visitId, pendingId] = await ok(userToken, INVITE, {
      models: [guest(invitedPhone), guest(`+86 ${pendingPhone}`)],
    });
    // its pass, scanned at the gate (once at once, once from an offline queue)
    const pass = await t.gql('apps_yy_sys', 'query($id: String!) { findVisitorPass(id: $id) { token } }', {
      token: visitorToken,
      variables: { id: visitId },
    });
    const passToken = pass.body.data?.findVisitorPass.token as string;
    expect(passToken).toBeTruthy();
    const RECORD = `mutation($entries: [VisitorEntryInput!]!) { recordVisitorEntries(entries: $entries) { result } }`;
    const entries = await t.gql('apps_yy_sys', RECORD, {
      token: adminToken,
      variables: {
        entries: [
          { entry_key: crypto.randomUUID(), token: passToken, arrival_place: area },
          { entry_key: crypto.randomUUID(), token: passToken, arrival_place: area, offline: true },
        ],
      },
    });
    expect(entries.body.data?.recordVisitorEntries.map((e: { result: string }) => e.result)).toEqual([
      'recorded',
      'repeat',
    ]);

    // a visitor record import
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('v');
    ws.addRow(['visitor_name', 'phone', 'card_type', 'card_number']);
    ws.addRow(['导入客', importedPhone, '1', importedCard]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = '----yuyueprivacy';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/visitors/records/import',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(imported.json(), imported.body).toMatchObject({ errcode: '0', imported: 1 });

    // a long-term visitor
    await ok(
      adminToken,
      `mutation($model: VisitorLongTermInput!) { saveVisitorLongTermEntity(model: $model) { errcode ids } }`,
      {
        model: {
          user_name: '长期客',
          person_type: '施工人员',
          phone: longTermPhone,
          valid_from: '2030-01-01',
          valid_to: '2030-12-31',
          weekdays: '1,2,3,4,5',
          start_time: '07:00',
          end_time: '19:00',
        },
      },
    );

    // a retention run that anonymises the pending invitation (moved far into the past)
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .update(visitorAppointments)
        .set({ valid_from: longAgo, valid_to: new Date(longAgo.getTime() + 86_400_000) })
        .where(eq(visitorAppointments.id, pendingId!)),
    );
    expect(await visitorRetentionJob({ config: t.config, log: t.app.log }).run(t.database.db)).toMatch(/anonymised/);

    const secrets = [invitedPhone, pendingPhone, importedPhone, importedCard, longTermPhone, card];
    expect(await columnsHolding(secrets)).toEqual([]);
    // the scan does see what is stored plainly (the long-term visitor's name)
    expect(await columnsHolding(['长期客'])).toContain('visitor_long_terms.user_name');
    const log = logLines.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
