/**
 * Entry passes, gate verification, entries and long-term visitors (visitors.passes.graphql), on
 * PGlite or on PostgreSQL (TEST_DATABASE_URL). Visits and long-term visitors are inserted
 * directly (their own operations are other files' subject); bookings too, and moved or
 * cancelled by updating their row, as the booking engine would.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  assemblePass,
  base45Decode,
  base45Encode,
  decodePass,
  encodePass,
  isoDateOf,
  localMidnightMs,
  PASS_PREFIX,
  passVerdict,
  verifyPassSignature,
} from '@yuyue/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { users } from '../src/modules/directory/directory.tables.ts';
import { resourcesTypes } from '../src/modules/resource-types/resource-types.tables.ts';
import { resources } from '../src/modules/resources/resources.tables.ts';
import { revokePassesOf } from '../src/modules/visitors/visitors.appointments.repository.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorEntries,
  visitorLongTerms,
  visitorOverallSettings,
  visitorPasses,
  visitorPassKeys,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
const DAY = '2030-03-04'; // a Monday
const MIDNIGHT = localMidnightMs(DAY, ZONE)!;
const HOUR = 3_600_000;
const NOW = MIDNIGHT + 10 * HOUR;
const setClock = (ms: number) => {
  bookingClock.now = () => ms;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
const tok: Record<string, string> = {};
const areas: string[] = [];
let otherArea: string;
let visitorA: string;
let visitorB: string;
let studentId: string;

async function makeArea(tenant: string, name: string): Promise<string> {
  return withTenant(t.database.db, tenant, async (tx) => {
    const [type] = await tx
      .select()
      .from(resourcesTypes)
      .where(and(eq(resourcesTypes.tenant_id, tenant), eq(resourcesTypes.appointment_category, 'visitor')));
    const typeId =
      type?.id ??
      (
        await tx
          .insert(resourcesTypes)
          .values({ tenant_id: tenant, resources_name: '访客区域', appointment_category: 'visitor', state: 1, del: 0 })
          .returning()
      )[0]!.id;
    const [r] = await tx
      .insert(resources)
      .values({ tenant_id: tenant, resources_type_id: typeId, resources_name: name, resources_name_en: `${name} EN` })
      .returning();
    return r!.id;
  });
}

async function makeVisitorUser(account: string, name: string): Promise<string> {
  return withTenant(t.database.db, tenantId, async (tx) => {
    const user = await insertUser(tx, tenantId, { account, name, role: 'visitor' });
    const [v] = await tx
      .insert(visitors)
      .values({
        tenant_id: tenantId,
        user_id: user.id,
        visitor_name: name,
        phone_enc: 'x',
        phone_hash: account,
        phone_mask: '138****0000',
      })
      .returning();
    return v!.id;
  });
}

let visitSeq = 0;
/** An approved visit of visitor A hosted by student, on DAY at areas 0 and 1. */
async function insertVisit(over: Partial<typeof visitorAppointments.$inferInsert> = {}): Promise<string> {
  visitSeq++;
  const [row] = await t.database.db
    .insert(visitorAppointments)
    .values({
      tenant_id: tenantId,
      visitor_id: visitorA,
      visitor_name: '张小三',
      visitor_type: '1',
      in_school_date: DAY,
      valid_from: new Date(MIDNIGHT),
      valid_to: new Date(MIDNIGHT + 24 * HOUR),
      in_school_area: `${areas[0]},${areas[1]}`,
      host_user_id: studentId,
      host_account: 'student',
      state: 2,
      remark: `visit ${visitSeq}`,
      ...over,
    })
    .returning();
  return row!.id;
}

async function insertLongTerm(over: Partial<typeof visitorLongTerms.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(visitorLongTerms)
    .values({
      tenant_id: tenantId,
      user_name: '李长期',
      user_id: 'longterm1',
      person_type: '施工人员',
      dept: '基建处',
      phone_mask: '139****1111',
      permission: areas[0]!,
      valid_from: '2030-03-01',
      valid_to: '2030-03-31',
      weekdays: '1,2,3,4,5',
      start_time: '08:00',
      end_time: '18:00',
      ...over,
    })
    .returning();
  return row!.id;
}

async function gql(token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  return t.gql('apps_yy_sys', doc, { token, variables });
}

/** The operation's data (no errors allowed). */
async function data(token: string | undefined, doc: string, variables: Record<string, unknown> = {}): Promise<Loose> {
  const res = await gql(token, doc, variables);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0];
}

async function errorCode(token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  const res = await gql(token, doc, variables);
  return res.body.errors?.[0]?.extensions?.code as string | undefined;
}

const PASS = `query($id: String!) { findVisitorPass(id: $id) {
  serial kind ref_id token visitor_name area_ids area_names area_names_en valid_from valid_to state weekdays start_time end_time } }`;
const BUNDLE = `{ findVisitorGateBundle { tenant_key time_zone keys { kid public_key } revoked areas { id resources_name } generated_at } }`;
const VERIFY = `query($token: String!, $place: String!) { verifyVisitorPass(token: $token, arrival_place: $place) {
  result reason_cn reason_en serial kind visitor_name area_names valid_from valid_to } }`;
const RECORD = `mutation($entries: [VisitorEntryInput!]!) { recordVisitorEntries(entries: $entries) { entry_key result reason_cn reason_en id } }`;
const ROTATE = `mutation { rotateVisitorPassKey { errcode msg ids } }`;
const LONG_TERMS = `query($p: String, $n: String) { findVisitorLongTermByPersonTypeAndName(person_type: $p, user_name: $n) {
  id user_name user_id person_type phone password permission valid_from valid_to weekdays start_time end_time is_enable } }`;
const CHECK = `query($id: String!) { checkAppointmentInfoAndLongTermPeople(id: $id) { errcode msg msg_en kind visitor_name valid_from valid_to area_names } }`;

const pass = (token: string, id: string) => data(token, PASS, { id });
const verify = (token: string, passToken: string, place = areas[0]!) =>
  data(token, VERIFY, { token: passToken, place });

let entrySeq = 0;
const entryKey = () => `00000000-0000-4000-8000-${String(++entrySeq).padStart(12, '0')}`;

async function entryRows(serial: string) {
  return t.database.db.select().from(visitorEntries).where(eq(visitorEntries.pass_serial, serial));
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  otherTenantId = await t.createOtherTenant('elsewhere');
  for (const n of ['东门', '西门', '北门']) areas.push(await makeArea(tenantId, n));
  otherArea = await makeArea(otherTenantId, '别处大门');
  await withTenant(t.database.db, tenantId, async (tx) => {
    for (const [account, name] of [
      ['guard', '门岗'],
      ['vadmin', '访客管理员'],
      ['nobody', '普通老师'],
      ['longterm1', '李长期'],
    ]) {
      await insertUser(tx, tenantId, { account: account!, name: name! });
    }
    await tx.insert(visitorAdminPermissions).values([
      { tenant_id: tenantId, admin_user: 'guard', permission: 'gate' },
      { tenant_id: tenantId, admin_user: 'vadmin', permission: 'admin' },
    ]);
  });
  visitorA = await makeVisitorUser('visitor:aaaa', '张小三');
  visitorB = await makeVisitorUser('visitor:bbbb', '王访客');
  const [s] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.account, 'student')));
  studentId = s!.id;
  for (const account of [
    'admin',
    'student',
    'guard',
    'vadmin',
    'nobody',
    'longterm1',
    'visitor:aaaa',
    'visitor:bbbb',
  ]) {
    tok[account] = await t.tokenFor(account);
  }
  tok.other = await t.tokenFor('admin', otherTenantId);
}, 120_000);

afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});

beforeEach(() => setClock(NOW));

describe('findVisitorPass', () => {
  it('gives an approved visit its pass: for its visitor, host, visitor administrator and tenant administrator, the same pass each time', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    expect(p).toMatchObject({
      kind: 'visit',
      ref_id: id,
      visitor_name: '张*三',
      state: 'valid',
      valid_from: `${DAY} 00:00`,
      valid_to: '2030-03-05 00:00',
      weekdays: '',
    });
    expect(p.serial).toMatch(/^[0-9a-f]{16}$/);
    expect([...p.area_ids].sort()).toEqual([areas[0], areas[1]].sort());
    expect(p.area_names.sort()).toEqual(['东门', '西门'].sort());
    expect(p.token.startsWith(PASS_PREFIX)).toBe(true);
    // Nothing personal beyond the masked name.
    const decoded = decodePass(p.token);
    expect(decoded.ok && decoded.pass.visitorName).toBe('张*三');
    expect(p.token).not.toContain('张小三');
    for (const who of ['student', 'vadmin', 'admin', 'visitor:aaaa']) {
      const again = await pass(tok[who]!, id);
      expect(again.serial).toBe(p.serial);
      expect(again.token).toBe(p.token);
    }
    const rows = await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.ref_id, id));
    expect(rows).toHaveLength(1);
    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, id));
    expect(logs.some((l) => l.operate_module === 'visitor' && /签发通行证/.test(l.operate_content))).toBe(true);
  });

  it('refuses anonymous callers, another visitor, users who are neither host nor administrator, and another tenant', async () => {
    const id = await insertVisit();
    expect(await errorCode(undefined, PASS, { id })).toBe('UNAUTHENTICATED');
    expect(await errorCode(tok['visitor:bbbb'], PASS, { id })).toBe('VISITOR_PASS_FORBIDDEN');
    expect(await errorCode(tok.nobody, PASS, { id })).toBe('VISITOR_PASS_FORBIDDEN');
    expect(await errorCode(tok.guard, PASS, { id })).toBe('VISITOR_PASS_FORBIDDEN');
    expect(await errorCode(tok.other, PASS, { id })).toBe('VISITOR_PASS_NOT_FOUND');
    expect(await errorCode(tok.admin, PASS, { id: 'not-an-id' })).toBe('VISITOR_PASS_NOT_FOUND');
    // Nothing was issued by the refusals.
    expect(await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.ref_id, id))).toHaveLength(0);
  });

  it('refuses a visit not approved, one that is over, and every pass when the tenant turned QR passes off', async () => {
    const pending = await insertVisit({ state: 0 });
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id: pending })).toBe('VISITOR_PASS_NOT_APPROVED');
    const over = await insertVisit({
      valid_from: new Date(MIDNIGHT - 24 * HOUR),
      valid_to: new Date(MIDNIGHT),
      in_school_date: '2030-03-03',
    });
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id: over })).toBe('VISITOR_PASS_ENDED');
    const noArea = await insertVisit({ in_school_area: '' });
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id: noArea })).toBe('VISITOR_PASS_AREAS_INVALID');

    const id = await insertVisit();
    const qr = (v: number) =>
      t.database.db
        .insert(visitorOverallSettings)
        .values({ tenant_id: tenantId, is_visitor_qr_code: v })
        .onConflictDoUpdate({ target: visitorOverallSettings.tenant_id, set: { is_visitor_qr_code: v } });
    await qr(0);
    try {
      expect(await errorCode(tok['visitor:aaaa'], PASS, { id })).toBe('VISITOR_PASS_QR_DISABLED');
    } finally {
      await qr(1);
    }
    expect((await pass(tok['visitor:aaaa']!, id)).state).toBe('valid');
  });

  it('a pass issued before its day is notYet, after it expired', async () => {
    setClock(MIDNIGHT - 5 * HOUR);
    const id = await insertVisit();
    expect((await pass(tok['visitor:aaaa']!, id)).state).toBe('notYet');
    setClock(MIDNIGHT + 24 * HOUR + 1000);
    expect((await pass(tok['visitor:aaaa']!, id)).state).toBe('expired');
  });
});

describe('issuing under concurrency', () => {
  it('asked for at once, a visit gets one pass and a new tenant one signing key', async () => {
    const id = await insertVisit();
    const got = await Promise.all(
      ['visitor:aaaa', 'student', 'vadmin', 'admin', 'visitor:aaaa', 'student'].map((who) => pass(tok[who]!, id)),
    );
    expect(new Set(got.map((p) => p.serial)).size).toBe(1);
    expect(await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.ref_id, id))).toHaveLength(1);

    const fresh = await t.createOtherTenant('fresh-keys', { account: 'admin', password: 'Fresh@123456' });
    const admin = await t.tokenFor('admin', fresh);
    const bundles = await Promise.all(Array.from({ length: 6 }, () => data(admin, BUNDLE)));
    expect(new Set(bundles.map((b) => JSON.stringify(b.keys))).size).toBe(1);
    expect(bundles[0].keys).toHaveLength(1);
    expect(await t.database.db.select().from(visitorPassKeys).where(eq(visitorPassKeys.tenant_id, fresh))).toHaveLength(
      1,
    );
  });
});

describe('gate verification', () => {
  it('the bundle and verification are for gate staff, visitor and tenant administrators only', async () => {
    const id = await insertVisit();
    const p = await pass(tok.student!, id);
    const variables = { token: p.token, place: areas[0] };
    expect(await errorCode(undefined, BUNDLE)).toBe('UNAUTHENTICATED');
    expect(await errorCode(tok['visitor:aaaa'], BUNDLE)).toBe('FORBIDDEN');
    expect(await errorCode(tok.student, BUNDLE)).toBe('FORBIDDEN');
    expect(await errorCode(tok.nobody, BUNDLE)).toBe('FORBIDDEN');
    expect(await errorCode(tok['visitor:aaaa'], VERIFY, variables)).toBe('FORBIDDEN');
    expect(await errorCode(tok.student, VERIFY, variables)).toBe('FORBIDDEN');
    for (const who of ['guard', 'vadmin', 'admin']) {
      expect((await verify(tok[who]!, p.token)).result).toBe('valid');
      const bundle = await data(tok[who], BUNDLE);
      expect(bundle.tenant_key).toBe('demo');
      expect(bundle.time_zone).toBe(ZONE);
      expect(bundle.areas.map((a: Loose) => a.id)).toEqual(expect.arrayContaining(areas));
      expect(new Date(bundle.generated_at).getTime()).toBe(NOW);
    }
    // Another tenant's administrator: our area is no place of theirs, and our pass is not theirs.
    expect(await errorCode(tok.other, VERIFY, variables)).toBe('VISITOR_GATE_PLACE_INVALID');
    expect((await data(tok.other, VERIFY, { token: p.token, place: otherArea })).result).toBe('otherTenant');
    const theirs = await data(tok.other, BUNDLE);
    expect(theirs.tenant_key).toBe('elsewhere');
    expect(theirs.areas.map((a: Loose) => a.id)).toContain(otherArea);
    expect(theirs.areas.map((a: Loose) => a.id)).not.toContain(areas[0]);
  });

  it('verifies offline with the bundle exactly as online: valid, wrong area, not yet, expired', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const bundle = await data(tok.guard, BUNDLE);
    const offline = (at: number, place: string) => {
      const decoded = decodePass(p.token);
      return passVerdict({
        decoded,
        signatureOk: verifyPassSignature(decoded, bundle.keys),
        tenantKey: bundle.tenant_key,
        place,
        at,
        timeZone: bundle.time_zone,
        revoked: new Set(bundle.revoked),
      }).result;
    };
    const online = await verify(tok.guard!, p.token);
    expect(online).toMatchObject({
      result: 'valid',
      serial: p.serial,
      kind: 'visit',
      visitor_name: '张*三',
      valid_from: `${DAY} 00:00`,
      valid_to: '2030-03-05 00:00',
    });
    expect(online.reason_cn).toBeTruthy();
    expect(online.reason_en).toBeTruthy();
    expect(offline(NOW, areas[0]!)).toBe('valid');
    expect((await verify(tok.guard!, p.token, areas[2])).result).toBe('wrongArea');
    expect(offline(NOW, areas[2]!)).toBe('wrongArea');
    setClock(MIDNIGHT - 1000);
    expect((await verify(tok.guard!, p.token)).result).toBe('notYet');
    expect(offline(MIDNIGHT - 1000, areas[0]!)).toBe('notYet');
    setClock(MIDNIGHT + 24 * HOUR);
    expect((await verify(tok.guard!, p.token)).result).toBe('expired');
    expect(offline(MIDNIGHT + 24 * HOUR, areas[0]!)).toBe('expired');
  });

  it('refuses forged, altered, malformed and other-tenant passes', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const decoded = decodePass(p.token);
    if (!decoded.ok) throw new Error('the pass does not decode');
    // Signed with a key of our own making, claiming the tenant's kid.
    const { privateKey } = generateKeyPairSync('ed25519');
    const { payload, message } = encodePass({ ...decoded.pass, areaIds: [areas[2]!] });
    const forged = assemblePass(payload, new Uint8Array(sign(null, message, privateKey)));
    expect((await verify(tok.guard!, forged, areas[2])).result).toBe('forged');
    // The genuine signature on an altered window.
    const widened = encodePass({ ...decoded.pass, validTo: decoded.pass.validTo + 86_400 }).payload;
    expect((await verify(tok.guard!, assemblePass(widened, decoded.signature))).result).toBe('forged');
    // One flipped bit in the signature.
    const bytes = base45Decode(p.token.slice(PASS_PREFIX.length))!;
    bytes[bytes.length - 1]! ^= 1;
    expect((await verify(tok.guard!, PASS_PREFIX + base45Encode(bytes))).result).toBe('forged');
    expect((await verify(tok.guard!, 'https://example.com/x')).result).toBe('malformed');
    expect((await verify(tok.guard!, `${PASS_PREFIX}ABC`)).result).toBe('malformed');
    // A genuine pass of another tenant.
    const [theirVisit] = await t.database.db
      .insert(visitorAppointments)
      .values({
        tenant_id: otherTenantId,
        visitor_name: '赵外校',
        in_school_date: DAY,
        valid_from: new Date(MIDNIGHT),
        valid_to: new Date(MIDNIGHT + 24 * HOUR),
        in_school_area: otherArea,
        state: 2,
      })
      .returning();
    const theirs = await pass(tok.other!, theirVisit!.id);
    expect((await verify(tok.other!, theirs.token, otherArea)).result).toBe('valid');
    expect((await verify(tok.guard!, theirs.token)).result).toBe('otherTenant');
  });

  it('a revoked pass is refused online and listed in the bundle; a cancelled visit gives no pass', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    expect((await data(tok.guard, BUNDLE)).revoked).not.toContain(p.serial);
    // The visit cancelled as the appointments module does it: state 4 and its passes revoked.
    await withTenant(t.database.db, tenantId, async (tx) => {
      await tx.update(visitorAppointments).set({ state: 4 }).where(eq(visitorAppointments.id, id));
      await revokePassesOf(tx, tenantId, id, 'cancelled', new Date());
    });
    expect((await verify(tok.guard!, p.token)).result).toBe('revoked');
    expect((await data(tok.guard, BUNDLE)).revoked).toContain(p.serial);
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id })).toBe('VISITOR_PASS_NOT_APPROVED');
    // Revocation without an explicit revoke: the visit rejected after the pass was issued.
    const other = await insertVisit();
    const q = await pass(tok['visitor:aaaa']!, other);
    await t.database.db.update(visitorAppointments).set({ state: 3 }).where(eq(visitorAppointments.id, other));
    expect((await data(tok.guard, BUNDLE)).revoked).toContain(q.serial);
    expect((await verify(tok.guard!, q.token)).result).toBe('revoked');
    // Refusing the pass revoked it for good.
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id: other })).toBe('VISITOR_PASS_NOT_APPROVED');
    const [row] = await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.serial, q.serial));
    expect(row!.revoked_at).not.toBeNull();
  });
});

describe('rotateVisitorPassKey', () => {
  it('is for tenant administrators; passes already issued stay valid and their key stays published', async () => {
    const id = await insertVisit();
    const before = await pass(tok['visitor:aaaa']!, id);
    for (const who of ['guard', 'vadmin', 'student', 'visitor:aaaa']) {
      expect(await errorCode(tok[who], ROTATE)).toBe('FORBIDDEN');
    }
    expect(await errorCode(undefined, ROTATE)).toBe('UNAUTHENTICATED');
    const rotated = await data(tok.admin, ROTATE);
    expect(rotated.errcode).toBe('0');
    const newKid = rotated.ids[0];
    const oldKid = decodePass(before.token).ok ? (decodePass(before.token) as Loose).pass.kid : '';
    expect(newKid).not.toBe(oldKid);
    const bundle = await data(tok.guard, BUNDLE);
    expect(bundle.keys.map((k: Loose) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await verify(tok.guard!, before.token)).result).toBe('valid');
    // The old pass is still given out the same; a new visit's pass is signed with the new key.
    expect((await pass(tok['visitor:aaaa']!, id)).token).toBe(before.token);
    const fresh = await pass(tok['visitor:aaaa']!, await insertVisit());
    expect((decodePass(fresh.token) as Loose).pass.kid).toBe(newKid);
    expect((await verify(tok.guard!, fresh.token)).result).toBe('valid');
    // Another tenant's rotation leaves ours alone.
    await data(tok.other, ROTATE);
    expect((await verify(tok.guard!, fresh.token)).result).toBe('valid');
    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, newKid));
    expect(logs).toHaveLength(1);
  });

  it('a retired key stops being published once its passes have expired', async () => {
    setClock(NOW + 40 * 24 * HOUR);
    const bundle = await data(tok.guard, BUNDLE);
    // Every pass of these tests ended long before; only the current signing key is left.
    expect(bundle.keys).toHaveLength(1);
  });
});

describe('recordVisitorEntries', () => {
  it('is for gate staff and administrators', async () => {
    const id = await insertVisit();
    const p = await pass(tok.student!, id);
    const entries = [{ entry_key: entryKey(), token: p.token, arrival_place: areas[0] }];
    expect(await errorCode(undefined, RECORD, { entries })).toBe('UNAUTHENTICATED');
    expect(await errorCode(tok['visitor:aaaa'], RECORD, { entries })).toBe('FORBIDDEN');
    expect(await errorCode(tok.student, RECORD, { entries })).toBe('FORBIDDEN');
    expect(await errorCode(tok.other, RECORD, { entries })).toBe('VISITOR_GATE_PLACE_INVALID');
    expect(await entryRows(p.serial)).toHaveLength(0);
    for (const who of ['guard', 'vadmin', 'admin']) {
      const [r] = await data(tok[who], RECORD, { entries: [{ ...entries[0], entry_key: entryKey() }] });
      expect(['recorded', 'repeat']).toContain(r.result);
    }
  });

  it('stores each entry exactly once: resends answer alreadyRecorded, concurrent sends store one row', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const key = entryKey();
    const entry = {
      entry_key: key,
      serial: p.serial,
      arrival_place: areas[0],
      arrive_time: new Date(NOW - 60_000).toISOString(),
    };
    const [first] = await data(tok.guard, RECORD, { entries: [entry] });
    expect(first).toMatchObject({ entry_key: key, result: 'recorded' });
    const [again] = await data(tok.guard, RECORD, { entries: [entry] });
    expect(again).toMatchObject({ entry_key: key, result: 'alreadyRecorded', id: first.id });
    const rows = await entryRows(p.serial);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      apply_id: id,
      visitor_id: visitorA,
      visitor_name: '张小三',
      arrival_place: areas[0],
      data_source: 1,
      repeat: false,
      recorded_by: 'guard',
    });
    expect(rows[0]!.arrive_time.getTime()).toBe(NOW - 60_000);

    const racing = entryKey();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        data(tok.guard, RECORD, {
          entries: [{ ...entry, entry_key: racing, arrive_time: new Date(NOW).toISOString() }],
        }),
      ),
    );
    const outcomes = results.map((r) => r[0].result).sort();
    expect(outcomes.filter((o) => o === 'alreadyRecorded')).toHaveLength(5);
    expect(new Set(results.map((r) => r[0].id)).size).toBe(1);
    expect((await entryRows(p.serial)).filter((r) => r.entry_key === racing)).toHaveLength(1);
  });

  it('an entry verified while the gate was offline is stored as synced (data_source 3), exactly once; others stay 1', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const at = (ms: number) => new Date(ms).toISOString();
    const queued = {
      entry_key: entryKey(),
      serial: p.serial,
      arrival_place: areas[0],
      arrive_time: at(NOW - 30 * 60_000),
      offline: true,
    };
    const online = {
      entry_key: entryKey(),
      token: p.token,
      arrival_place: areas[1],
      arrive_time: at(NOW - 60_000),
      offline: false,
    };
    const plain = { entry_key: entryKey(), token: p.token, arrival_place: areas[1], arrive_time: at(NOW) };
    const results = await data(tok.guard, RECORD, { entries: [queued, online, plain] });
    expect(results.map((r: { result: string }) => r.result)).toEqual(['recorded', 'recorded', 'repeat']);
    // the queue sent twice (the first answer lost), and at once from two tabs: still one row
    const resent = await Promise.all([
      data(tok.guard, RECORD, { entries: [queued] }),
      data(tok.guard, RECORD, { entries: [queued] }),
    ]);
    expect(resent.map((r) => r[0].result)).toEqual(['alreadyRecorded', 'alreadyRecorded']);
    const rows = await entryRows(p.serial);
    const sourceOf = (key: string) => rows.filter((r) => r.entry_key === key).map((r) => r.data_source);
    expect(sourceOf(queued.entry_key)).toEqual([3]);
    expect(sourceOf(online.entry_key)).toEqual([1]);
    expect(sourceOf(plain.entry_key)).toEqual([1]);
  });

  it('flags a second entry of the pass at the same place as a repeat, also when sent at once from two gates', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const at = (ms: number) => new Date(ms).toISOString();
    const [a, b] = await Promise.all([
      data(tok.guard, RECORD, {
        entries: [{ entry_key: entryKey(), token: p.token, arrival_place: areas[0], arrive_time: at(NOW - 10_000) }],
      }),
      data(tok.vadmin, RECORD, {
        entries: [{ entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(NOW - 5_000) }],
      }),
    ]);
    expect([a[0].result, b[0].result].sort()).toEqual(['recorded', 'repeat']);
    // Queued offline, an earlier scan may arrive after a later one: whichever is stored second is the repeat.
    const late = await insertVisit();
    const q = await pass(tok['visitor:aaaa']!, late);
    const [first] = await data(tok.guard, RECORD, {
      entries: [{ entry_key: entryKey(), serial: q.serial, arrival_place: areas[0], arrive_time: at(NOW - 1_000) }],
    });
    const [earlier] = await data(tok.vadmin, RECORD, {
      entries: [{ entry_key: entryKey(), serial: q.serial, arrival_place: areas[0], arrive_time: at(NOW - 20_000) }],
    });
    expect([first.result, earlier.result]).toEqual(['recorded', 'repeat']);
    // Another place is a first entry there.
    const [c] = await data(tok.guard, RECORD, {
      entries: [{ entry_key: entryKey(), serial: p.serial, arrival_place: areas[1], arrive_time: at(NOW) }],
    });
    expect(c.result).toBe('recorded');
    expect((await verify(tok.guard!, p.token)).result).toBe('repeat');
    const rows = await entryRows(p.serial);
    expect(rows.filter((r) => r.repeat)).toHaveLength(1);
  });

  it('refuses and does not store bad passes and scan times; judges a queued entry as of its scan time', async () => {
    const id = await insertVisit();
    const p = await pass(tok['visitor:aaaa']!, id);
    const at = (ms: number) => new Date(ms).toISOString();
    const results = await data(tok.guard, RECORD, {
      entries: [
        { entry_key: entryKey(), token: p.token, arrival_place: areas[2], arrive_time: at(NOW) },
        { entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(NOW + HOUR) },
        { entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(NOW - 8 * 24 * HOUR) },
        { entry_key: entryKey(), serial: 'ffffffffffffffff', arrival_place: areas[0], arrive_time: at(NOW) },
        { entry_key: entryKey(), token: 'garbage', arrival_place: areas[0], arrive_time: at(NOW) },
        { entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(MIDNIGHT - 60_000) },
      ],
    });
    expect(results.map((r: Loose) => r.result)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(results[0].reason_en).toMatch(/area/);
    expect(results[1].reason_en).toMatch(/future/);
    expect(results[2].reason_en).toMatch(/7 days/);
    expect(results[5].reason_en).toMatch(/not valid yet/);
    expect(await entryRows(p.serial)).toHaveLength(0);

    // Scanned while the pass was good, sent after it was revoked: recorded (as of the scan).
    await withTenant(t.database.db, tenantId, (tx) => revokePassesOf(tx, tenantId, id, 'test', new Date()));
    const [row] = await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.serial, p.serial));
    const revokedAt = row!.revoked_at!.getTime();
    setClock(revokedAt + 60_000);
    const [late] = await data(tok.guard, RECORD, {
      entries: [
        { entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(revokedAt - 1000) },
      ],
    });
    const [after] = await data(tok.guard, RECORD, {
      entries: [
        { entry_key: entryKey(), serial: p.serial, arrival_place: areas[0], arrive_time: at(revokedAt + 1000) },
      ],
    });
    // (The real clock sets revoked_at; it may lie outside the visit's day, which then decides.)
    if (revokedAt > MIDNIGHT && revokedAt < MIDNIGHT + 24 * HOUR) {
      expect(late.result).toBe('recorded');
      expect(after.result).toBe('refused');
      expect(after.reason_en).toMatch(/revoked/);
    } else {
      expect(after.result).toBe('refused');
    }
  });

  it('refuses malformed calls whole: more than 200 entries, no pass named, bad times', async () => {
    const many = Array.from({ length: 201 }, () => ({
      entry_key: entryKey(),
      serial: '0000000000000000',
      arrival_place: areas[0],
    }));
    expect(await errorCode(tok.guard, RECORD, { entries: many })).toBe('VISITOR_ENTRIES_TOO_MANY');
    expect(await errorCode(tok.guard, RECORD, { entries: [{ entry_key: entryKey(), arrival_place: areas[0] }] })).toBe(
      'VISITOR_ENTRY_INVALID',
    );
    expect(
      await errorCode(tok.guard, RECORD, {
        entries: [
          { entry_key: entryKey(), serial: '0000000000000000', arrival_place: areas[0], arrive_time: 'yesterday' },
        ],
      }),
    ).toBe('VISITOR_ENTRY_INVALID');
    expect(
      await errorCode(tok.guard, RECORD, {
        entries: [{ entry_key: entryKey(), serial: '0000000000000000', arrival_place: 'nowhere' }],
      }),
    ).toBe('VISITOR_GATE_PLACE_INVALID');
  });
});

describe('booking guests', () => {
  async function insertBooking(from: number, to: number): Promise<string> {
    const [row] = await t.database.db
      .insert(appointments)
      .values({
        tenant_id: tenantId,
        resources_id: areas[2]!,
        resources_type_id: (await t.database.db.select().from(resources).where(eq(resources.id, areas[2]!)))[0]!
          .resources_type_id,
        appointment_date: isoDateOf(from, ZONE),
        start_time: '14:00',
        end_time: '16:00',
        starts_at: new Date(from),
        ends_at: new Date(to),
        exclusive: false,
        created_user: 'student',
        appointment_user: 'student',
      })
      .returning();
    return row!.id;
  }

  it("a guest's pass follows the booking's current window: moved, a new pass and the old revoked; cancelled, refused and revoked", async () => {
    const bookingId = await insertBooking(MIDNIGHT + 14 * HOUR, MIDNIGHT + 16 * HOUR);
    const visit = await insertVisit({
      visitor_type: '3',
      booking_id: bookingId,
      host_user_id: null,
      created_user: 'student',
      in_school_area: areas[2],
    });
    // The booker, the guest, and nobody else (the host field is empty).
    expect(await errorCode(tok.nobody, PASS, { id: visit })).toBe('VISITOR_PASS_FORBIDDEN');
    const first = await pass(tok.student!, visit);
    expect(first).toMatchObject({ kind: 'booking', valid_from: `${DAY} 14:00`, valid_to: `${DAY} 16:00` });
    expect((await pass(tok['visitor:aaaa']!, visit)).serial).toBe(first.serial);
    setClock(MIDNIGHT + 13 * HOUR);
    expect((await verify(tok.guard!, first.token, areas[2])).result).toBe('notYet');
    setClock(MIDNIGHT + 15 * HOUR);
    expect((await verify(tok.guard!, first.token, areas[2])).result).toBe('valid');

    // Moved to 17:00-18:00.
    setClock(NOW);
    await t.database.db
      .update(appointments)
      .set({ starts_at: new Date(MIDNIGHT + 17 * HOUR), ends_at: new Date(MIDNIGHT + 18 * HOUR) })
      .where(eq(appointments.id, bookingId));
    expect((await data(tok.guard, BUNDLE)).revoked).toContain(first.serial);
    const moved = await pass(tok['visitor:aaaa']!, visit);
    expect(moved.serial).not.toBe(first.serial);
    expect(moved).toMatchObject({ valid_from: `${DAY} 17:00`, valid_to: `${DAY} 18:00`, state: 'notYet' });
    const [old] = await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.serial, first.serial));
    expect(old!.revoked_at).not.toBeNull();
    setClock(MIDNIGHT + 17 * HOUR + 60_000);
    expect((await verify(tok.guard!, first.token, areas[2])).result).toBe('revoked');
    expect((await verify(tok.guard!, moved.token, areas[2])).result).toBe('valid');

    // Cancelled.
    await t.database.db.update(appointments).set({ state: '1', active: false }).where(eq(appointments.id, bookingId));
    expect((await data(tok.guard, BUNDLE)).revoked).toContain(moved.serial);
    expect((await verify(tok.guard!, moved.token, areas[2])).result).toBe('revoked');
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id: visit })).toBe('VISITOR_PASS_BOOKING_ENDED');
    const [gone] = await t.database.db.select().from(visitorPasses).where(eq(visitorPasses.serial, moved.serial));
    expect(gone!.revoked_at).not.toBeNull();
  });
});

describe('long-term visitors', () => {
  it('a long-term pass holds weekdays and hours; the visitor themselves and visitor administrators get it', async () => {
    const id = await insertLongTerm();
    expect(await errorCode(tok.nobody, PASS, { id })).toBe('VISITOR_PASS_FORBIDDEN');
    expect(await errorCode(tok.guard, PASS, { id })).toBe('VISITOR_PASS_FORBIDDEN');
    expect(await errorCode(tok['visitor:aaaa'], PASS, { id })).toBe('VISITOR_PASS_NOT_FOUND');
    const p = await pass(tok.longterm1!, id);
    expect(p).toMatchObject({
      kind: 'longTerm',
      visitor_name: '李*期',
      weekdays: '1,2,3,4,5',
      start_time: '08:00',
      end_time: '18:00',
      valid_from: '2030-03-01 00:00',
      valid_to: '2030-04-01 00:00',
      area_ids: [areas[0]],
      state: 'valid',
    });
    expect((await pass(tok.vadmin!, id)).serial).toBe(p.serial);
    expect((await verify(tok.guard!, p.token)).result).toBe('valid'); // Monday 10:00
    setClock(MIDNIGHT + 19 * HOUR);
    expect((await verify(tok.guard!, p.token)).result).toBe('outsideHours');
    setClock(MIDNIGHT - 14 * HOUR); // Sunday 10:00
    expect((await verify(tok.guard!, p.token)).result).toBe('outsideHours');
    setClock(NOW);
    expect((await verify(tok.guard!, p.token, areas[1])).result).toBe('wrongArea');
    // Disabled: refused at once, online and in the bundle.
    await t.database.db.update(visitorLongTerms).set({ is_enable: 0 }).where(eq(visitorLongTerms.id, id));
    expect((await verify(tok.guard!, p.token)).result).toBe('revoked');
    expect((await data(tok.guard, BUNDLE)).revoked).toContain(p.serial);
    expect(await errorCode(tok.longterm1, PASS, { id })).toBe('VISITOR_LONG_TERM_DISABLED');
  });

  it('findVisitorLongTermByPersonTypeAndName and checkAppointmentInfoAndLongTermPeople are for gate staff and administrators', async () => {
    const id = await insertLongTerm({
      user_name: '周%测试',
      person_type: '访问学者',
      weekdays: '1',
      start_time: '09:00',
      end_time: '12:00',
    });
    const visit = await insertVisit();
    for (const who of [undefined, 'visitor:aaaa', 'student', 'nobody']) {
      const expected = who ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      expect(await errorCode(who ? tok[who] : undefined, LONG_TERMS, { p: '访问学者', n: '周' })).toBe(expected);
      expect(await errorCode(who ? tok[who] : undefined, CHECK, { id })).toBe(expected);
    }
    for (const who of ['guard', 'vadmin', 'admin']) {
      const found = await data(tok[who], LONG_TERMS, { p: '访问学者', n: '%' });
      expect(found.map((r: Loose) => r.id)).toEqual([id]);
      expect(found[0]).toMatchObject({ phone: '139****1111', password: '', weekdays: '1' });
    }
    expect(await data(tok.guard, LONG_TERMS, { p: '施工人员', n: '周' })).toEqual([]);
    expect(await data(tok.other, LONG_TERMS, { p: '访问学者', n: '' })).toEqual([]);

    expect(await data(tok.guard, CHECK, { id })).toMatchObject({
      errcode: '0',
      kind: 'longTerm',
      visitor_name: '周**试',
    });
    setClock(MIDNIGHT + 13 * HOUR);
    const late = await data(tok.guard, CHECK, { id });
    expect(late.errcode).not.toBe('0');
    expect(late.msg_en).toMatch(/hours/);
    setClock(NOW);
    expect(await data(tok.guard, CHECK, { id: visit })).toMatchObject({
      errcode: '0',
      kind: 'visit',
      visitor_name: '张*三',
    });
    await t.database.db.update(visitorAppointments).set({ state: 4 }).where(eq(visitorAppointments.id, visit));
    expect((await data(tok.guard, CHECK, { id: visit })).errcode).not.toBe('0');
    const theirs = await data(tok.other, CHECK, { id });
    expect(theirs.errcode).not.toBe('0');
    expect(theirs.msg_en).toMatch(/No visit or long-term visitor/);
  });
});

describe('privacy', () => {
  it('a pass carries the masked name and nothing else personal', async () => {
    const id = await insertVisit({
      visitor_name: '欧阳小明',
      phone_mask: '138****5678',
      accept_visit_phone: '13912345678',
    });
    const p = await pass(tok['visitor:aaaa']!, id);
    const decoded = decodePass(p.token);
    if (!decoded.ok) throw new Error('the pass does not decode');
    expect(decoded.pass.visitorName).toBe('欧**明');
    const { areaIds, ...rest } = decoded.pass;
    expect(areaIds.sort()).toEqual([areas[0], areas[1]].sort());
    expect(Object.keys(rest).sort()).toEqual(
      ['kid', 'kind', 'serial', 'tenantKey', 'validFrom', 'validTo', 'version', 'visitorName'].sort(),
    );
    expect(new TextDecoder().decode(decoded.payload)).not.toMatch(/欧阳小明|5678|13912345678|张小三/);
    expect(p.token).not.toContain(visitorA);
    expect(p.token).not.toContain(visitorB);
  });
});
