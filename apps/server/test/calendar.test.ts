/**
 * Calendars: a booking's .ics download (booker, resource administrators, tenant administrators;
 * 404 for anyone else, 401 without sign-in), private feeds (made, replaced, revoked; a
 * resource's only for its administrators) following bookings as they change and are cancelled,
 * conditional requests, rate limits, and the operate log.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { calendarClock } from '../src/modules/calendar/calendar.ics.ts';
import { FEED_FETCHES_PER_MINUTE, FEED_MISSES_PER_MINUTE } from '../src/modules/calendar/calendar.routes.ts';
import { onlineMeetings } from '../src/modules/meetings/meetings.tables.ts';
import { resources } from '../src/modules/resources/resources.tables.ts';
import { CANCEL } from './booking-fixtures.ts';
import {
  BOOKING_NOW,
  book,
  call,
  errorCode,
  logsOf,
  makeResource,
  on,
  checkinFixture,
  setClock,
  type Fixture,
} from './checkin-fixtures.ts';
import { bookingClock } from '../src/platform/clock.ts';

const SAVE = `mutation($kind: String, $resources_id: String) { saveCalendarFeed(kind: $kind, resources_id: $resources_id) {
  errcode msg msg_en url webcal_url replaced feed { id kind resources_id resources_name create_time } } }`;
const LIST = `query($resources_id: String) { findCalendarFeedAllForAccount(resources_id: $resources_id) {
  id kind resources_id resources_name resources_name_en create_time } }`;
const REVOKE = `mutation($id: ID) { deleteCalendarFeed(id: $id) { errcode msg msg_en ids } }`;
const CHANGE = `mutation($id: ID!, $appointment_date: Date!, $timeSlotId: String) {
  updateAppointmentTime(id: $id, appointment_date: $appointment_date, timeSlotId: $timeSlotId) { errcode msg msg_en } }`;

vi.setConfig({ testTimeout: 120_000 });

// The fixture of the check-in tests (useCheckinFixture's, with more time to set up on a busy machine).
let fx: Fixture | undefined;
const fixture = () => fx!;
beforeAll(async () => {
  fx = await checkinFixture();
}, 300_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await fx?.t.close();
});
beforeEach(() => setClock(BOOKING_NOW));

afterEach(() => {
  calendarClock.now = () => Date.now();
});

interface Got {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

async function get(f: Fixture, url: string, headers: Record<string, string> = {}, ip = '127.0.0.1'): Promise<Got> {
  const res = await f.t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

const download = (f: Fixture, id: string, token?: string, query = '') =>
  get(f, `/bus/calendar/appointments/${id}.ics${query}`, token ? { authorization: `Bearer ${token}` } : {});

/** The unfolded content lines of an iCalendar text. */
function lines(text: string): string[] {
  return text
    .split('\r\n')
    .reduce<string[]>((acc, l) => {
      if (l.startsWith(' ')) acc[acc.length - 1] += l.slice(1);
      else acc.push(l);
      return acc;
    }, [])
    .filter(Boolean);
}

/** The VEVENTs of a calendar, each as its property lines by name (parameters kept in the name). */
function events(text: string): Map<string, string>[] {
  const out: Map<string, string>[] = [];
  let cur: Map<string, string> | null = null;
  for (const l of lines(text)) {
    if (l === 'BEGIN:VEVENT') cur = new Map();
    else if (l === 'END:VEVENT') {
      out.push(cur!);
      cur = null;
    } else if (cur) {
      const i = l.indexOf(':');
      cur.set(l.slice(0, i), l.slice(i + 1));
    }
  }
  return out;
}

const eventOf = (text: string, bookingId: string) => events(text).find((e) => e.get('UID')!.startsWith(bookingId));

/** A fresh resource of the fixture's department (the keeper administers it) and a booking of its 09:00 slot by the student. */
async function booked(f: Fixture, extra: Record<string, unknown> = {}) {
  const resource = await makeResource(f, { resources_name: `会议室 ${randomUUID().slice(0, 6)}`, ...extra });
  const [id] = await book(f, f.student, resource.id, [resource.slots[0]!.id]);
  return { resource, id: id! };
}

const pathOf = (url: string) => new URL(url).pathname;

describe('a booking’s .ics', () => {
  it('is the booking in the tenant’s zone with its VTIMEZONE, for booker, resource administrator and tenant administrator', async () => {
    const f = fixture();
    const { id } = await booked(f);
    for (const token of [f.student, f.staff, f.admin]) {
      const res = await download(f, id, token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="booking-[0-9a-f]{8}\.ics"$/);
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.body.endsWith('\r\n')).toBe(true);
      const all = lines(res.body);
      expect(all).toContain('METHOD:PUBLISH');
      expect(all).toEqual(expect.arrayContaining(['BEGIN:VTIMEZONE', 'TZID:Asia/Shanghai', 'TZOFFSETTO:+0800']));
      const e = eventOf(res.body, id)!;
      expect(e.get('DTSTART;TZID=Asia/Shanghai')).toBe('20300103T090000');
      expect(e.get('DTEND;TZID=Asia/Shanghai')).toBe('20300103T100000');
      expect(e.get('STATUS')).toBe('CONFIRMED');
      expect(e.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    }
    // The booker's copy links to their own page, an administrator's to the back office.
    expect(eventOf((await download(f, id, f.student)).body, id)!.get('URL')).toMatch(/\/mobile\/myAppointment$/);
    expect(eventOf((await download(f, id, f.staff)).body, id)!.get('URL')).toMatch(/\/manage\/appointment$/);
  });

  it('answers 404 to another user, another tenant and for no such booking, 401 without or with a bad token', async () => {
    const f = fixture();
    const { id } = await booked(f);
    const notFound = await download(f, id, f.other);
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body)).toMatchObject({ errcode: '404', msg: '日历不存在或已失效' });
    // A resource administrator of another department.
    const elsewhere = await booked(f, { admin_dept: 'ELSEWHERE' });
    expect((await download(f, elsewhere.id, f.staff)).status).toBe(404);
    expect((await download(f, elsewhere.id, f.admin)).status).toBe(200);

    const otherTenant = await f.t.createOtherTenant(`cal${randomUUID().slice(0, 6)}`);
    const otherAdmin = await f.t.tokenFor('admin', otherTenant);
    expect((await download(f, id, otherAdmin)).status).toBe(404);
    expect((await download(f, randomUUID(), f.admin)).status).toBe(404);
    expect((await download(f, 'not-a-uuid', f.admin)).status).toBe(404);
    expect((await get(f, `/bus/calendar/appointments/${id}`, { authorization: `Bearer ${f.admin}` })).status).toBe(404);

    expect((await download(f, id)).status).toBe(401);
    expect((await download(f, id, 'not-a-token')).status).toBe(401);
    // The web app's links carry the token as a query parameter, under the base path too.
    const viaQuery = await get(
      f,
      `${f.t.config.basePath}/bus/calendar/appointments/${id}.ics?access_token=${f.student}`,
    );
    expect(viaQuery.status).toBe(200);
  });

  it('carries the online meeting: join link as URL, number and password in the description', async () => {
    const f = fixture();
    const { resource, id } = await booked(f);
    await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      tx.insert(onlineMeetings).values({
        tenant_id: f.t.demoTenantId,
        appointment_id: id,
        resources_id: resource.id,
        provider: 'jitsi',
        state: 'scheduled',
        start_at: new Date(on(9, 0)),
        end_at: new Date(on(10, 0)),
        code: '123 456 789',
        join_url: 'https://meet.example.org/yy-abcdef?jwt=x',
        password: '4321',
        sync: '',
      }),
    );
    const e = eventOf((await download(f, id, f.student)).body, id)!;
    expect(e.get('URL')).toBe('https://meet.example.org/yy-abcdef?jwt=x');
    const description = e
      .get('DESCRIPTION')!
      .replace(/\\n/g, '\n')
      .replace(/\\([,;\\])/g, '$1');
    expect(description).toContain('会议号 / Meeting number: 123 456 789');
    expect(description).toContain('会议密码 / Meeting password: 4321');
    expect(description).toContain('https://meet.example.org/yy-abcdef?jwt=x');
  });
});

describe('calendar feeds', () => {
  it('policy: anonymous refused; each user makes, lists and revokes only their own', async () => {
    const f = fixture();
    expect(await errorCode(f, undefined, SAVE, {})).toBe('UNAUTHENTICATED');
    expect(await errorCode(f, undefined, LIST, {})).toBe('UNAUTHENTICATED');
    expect(await errorCode(f, undefined, REVOKE, { id: randomUUID() })).toBe('UNAUTHENTICATED');

    const made = await call(f, f.other, SAVE, {});
    expect(made).toMatchObject({ errcode: '0', replaced: false, feed: { kind: 'user', resources_id: '' } });
    expect(made.url).toMatch(/^http.*\/bus\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.webcal_url).toBe(made.url.replace(/^https?:/, 'webcal:'));
    const listed = await call(f, f.other, LIST);
    expect(listed).toEqual([expect.objectContaining({ id: made.feed.id, kind: 'user' })]);
    expect(JSON.stringify(listed)).not.toContain(pathOf(made.url).split('/').pop()!.slice(0, 43));

    // Someone else cannot see or revoke it, nor can the tenant administrator (feeds are personal).
    expect(await call(f, f.student, LIST)).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: made.feed.id })]),
    );
    for (const token of [f.student, f.admin]) {
      expect(await call(f, token, REVOKE, { id: made.feed.id })).toMatchObject({
        errcode: '500',
        msg: '日历订阅不存在或已停用',
        msg_en: 'No such calendar subscription, or it was revoked',
      });
    }
    const otherTenant = await f.t.createOtherTenant(`cal${randomUUID().slice(0, 6)}`);
    const otherAdmin = await f.t.tokenFor('admin', otherTenant);
    expect((await call(f, otherAdmin, REVOKE, { id: made.feed.id })).errcode).toBe('500');
    expect(await call(f, otherAdmin, LIST)).toEqual([]);
    expect((await get(f, pathOf(made.url))).status).toBe(200);

    expect((await call(f, f.other, SAVE, { kind: 'team' })).msg_en).toMatch(/kind must be user/);
    expect((await call(f, f.other, REVOKE, { id: 'x' })).errcode).toBe('500');
    expect((await call(f, f.other, REVOKE, { id: made.feed.id })).ids).toEqual([made.feed.id]);
    expect((await get(f, pathOf(made.url))).status).toBe(404);
    expect(await call(f, f.other, LIST)).toEqual([]);
  });

  it('a user’s feed lists their bookings; making it again replaces the URL (old one 404); revoking ends it; all logged', async () => {
    const f = fixture();
    const { id } = await booked(f);
    calendarClock.now = () => BOOKING_NOW;
    const first = await call(f, f.student, SAVE, { kind: 'user' });
    const res = await get(f, pathOf(first.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(res.headers['content-disposition']).toBe('inline; filename="calendar.ics"');
    expect(lines(res.body)).toEqual(expect.arrayContaining(['BEGIN:VTIMEZONE', 'TZID:Asia/Shanghai']));
    expect(lines(res.body).find((l) => l.startsWith('X-WR-CALNAME:'))).toContain('My bookings');
    expect(eventOf(res.body, id)).toBeDefined();
    // Only the student's own bookings.
    const others = await booked(f);
    const [otherBooking] = await book(f, f.other, others.resource.id, [others.resource.slots[1]!.id]);
    const again = (await get(f, pathOf(first.url))).body;
    expect(eventOf(again, otherBooking!)).toBeUndefined();

    const second = await call(f, f.student, SAVE, {});
    expect(second.replaced).toBe(true);
    expect(second.url).not.toBe(first.url);
    expect((await get(f, pathOf(first.url))).status).toBe(404);
    expect((await get(f, pathOf(second.url))).status).toBe(200);
    expect((await call(f, f.student, LIST)).map((x: { id: string }) => x.id)).toEqual([second.feed.id]);
    expect((await call(f, f.student, REVOKE, { id: second.feed.id })).errcode).toBe('0');
    expect((await get(f, pathOf(second.url))).status).toBe(404);

    expect(await logsOf(f, first.feed.id, 'calendar')).toEqual([
      expect.objectContaining({ type: 'save', user: 'student' }),
    ]);
    expect(await logsOf(f, `${second.feed.id},${first.feed.id}`, 'calendar')).toEqual([
      expect.objectContaining({ type: 'rotate' }),
    ]);
    expect(await logsOf(f, second.feed.id, 'calendar')).toEqual([expect.objectContaining({ type: 'revoke' })]);
  });

  it('follows a booking’s change of time and its cancellation (STATUS:CANCELLED for 30 days, then dropped), with ETag and 304', async () => {
    const f = fixture();
    const { resource, id } = await booked(f);
    calendarClock.now = () => BOOKING_NOW;
    const feed = await call(f, f.student, SAVE, {});
    const url = pathOf(feed.url);
    const before = await get(f, url);
    const e0 = eventOf(before.body, id)!;
    expect(e0.get('DTSTART;TZID=Asia/Shanghai')).toBe('20300103T090000');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(before.headers['last-modified']).toBeTruthy();

    // Unchanged: 304 for the ETag and for the date, no body.
    const same = await get(f, url, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect((await get(f, url, { 'if-modified-since': before.headers['last-modified'] as string })).status).toBe(304);
    expect((await get(f, url, { 'if-none-match': '"other"' })).status).toBe(200);

    // Moved to 10:00 (a later update time: a higher SEQUENCE).
    // (SEQUENCE counts whole seconds of the booking's update time: the booking clock moves on.)
    bookingClock.now = () => BOOKING_NOW + 2000;
    const moved = await call(f, f.student, CHANGE, {
      id,
      appointment_date: '2030-01-03',
      timeSlotId: resource.slots[1]!.id,
    });
    expect(moved.errcode, JSON.stringify(moved)).toBe('0');
    const after = await get(f, url, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const e1 = eventOf(after.body, id)!;
    expect(e1.get('DTSTART;TZID=Asia/Shanghai')).toBe('20300103T100000');
    expect(Number(e1.get('SEQUENCE'))).toBeGreaterThan(Number(e0.get('SEQUENCE')));
    expect(e1.get('UID')).toBe(e0.get('UID'));

    // Cancelled: still there, as cancelled, with a higher SEQUENCE.
    bookingClock.now = () => BOOKING_NOW + 4000;
    expect((await call(f, f.student, CANCEL, { id, reason: '改天' })).errcode).toBe('0');
    const cancelled = eventOf((await get(f, url)).body, id)!;
    expect(cancelled.get('STATUS')).toBe('CANCELLED');
    expect(Number(cancelled.get('SEQUENCE'))).toBeGreaterThan(Number(e1.get('SEQUENCE')));
    expect(cancelled.get('DESCRIPTION')).toContain('改天');

    // 29 days after the cancellation it is still listed; 31 days after, it is dropped.
    const cancelledAt = BOOKING_NOW + 4000;
    calendarClock.now = () => cancelledAt + 29 * 86_400_000;
    expect(eventOf((await get(f, url)).body, id)).toBeDefined();
    calendarClock.now = () => cancelledAt + 31 * 86_400_000;
    expect(eventOf((await get(f, url)).body, id)).toBeUndefined();
  });

  it('a resource’s feed is for its administrators only and lists everyone’s bookings of it', async () => {
    const f = fixture();
    const { resource, id } = await booked(f);
    const elsewhere = await booked(f, { admin_dept: 'ELSEWHERE' });
    calendarClock.now = () => BOOKING_NOW;

    const refused = await call(f, f.student, SAVE, { kind: 'resource', resources_id: resource.id });
    expect(refused).toMatchObject({
      errcode: '500',
      msg_en: 'Only the resource’s administrators may subscribe to its calendar',
    });
    expect((await call(f, f.staff, SAVE, { kind: 'resource', resources_id: elsewhere.resource.id })).errcode).toBe(
      '500',
    );
    expect((await call(f, f.staff, SAVE, { kind: 'resource', resources_id: randomUUID() })).msg_en).toBe(
      'The resource does not exist',
    );
    expect((await call(f, f.staff, SAVE, { kind: 'resource' })).errcode).toBe('500');
    const otherTenant = await f.t.createOtherTenant(`cal${randomUUID().slice(0, 6)}`);
    const otherAdmin = await f.t.tokenFor('admin', otherTenant);
    expect((await call(f, otherAdmin, SAVE, { kind: 'resource', resources_id: resource.id })).msg_en).toBe(
      'The resource does not exist',
    );

    const staffFeed = await call(f, f.staff, SAVE, { kind: 'resource', resources_id: resource.id });
    expect(staffFeed).toMatchObject({ errcode: '0', feed: { kind: 'resource', resources_id: resource.id } });
    expect(await call(f, f.staff, LIST, { resources_id: resource.id })).toEqual([
      expect.objectContaining({ id: staffFeed.feed.id, resources_name: expect.stringContaining('会议室') }),
    ]);
    const adminFeed = await call(f, f.admin, SAVE, { kind: 'resource', resources_id: elsewhere.resource.id });
    expect(adminFeed.errcode).toBe('0');

    const body = (await get(f, pathOf(staffFeed.url))).body;
    expect(eventOf(body, id)).toBeDefined();
    expect(eventOf(body, elsewhere.id)).toBeUndefined();
    expect(eventOf((await get(f, pathOf(adminFeed.url))).body, elsewhere.id)).toBeDefined();

    // The keeper's feed ends when the resource is handed to another department.
    await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      tx.update(resources).set({ admin_dept: 'ELSEWHERE' }).where(eq(resources.id, resource.id)),
    );
    expect((await get(f, pathOf(staffFeed.url))).status).toBe(404);
  });

  it('limits fetches per feed and unknown tokens per address (429 with Retry-After)', async () => {
    const f = fixture();
    const feed = await call(f, f.other, SAVE, {});
    const url = pathOf(feed.url);
    for (let i = 0; i < FEED_FETCHES_PER_MINUTE; i++) expect((await get(f, url, {}, '10.9.0.1')).status).toBe(200);
    const limited = await get(f, url, {}, '10.9.0.2');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(limited.body).msg_en).toMatch(/Too many requests; try again in \d+ s/);

    const ip = '10.9.0.3';
    for (let i = 0; i < FEED_MISSES_PER_MINUTE; i++) {
      expect((await get(f, `/bus/calendar/feeds/${'A'.repeat(42)}${i % 10}.ics`, {}, ip)).status).toBe(404);
    }
    expect((await get(f, `/bus/calendar/feeds/${'B'.repeat(43)}.ics`, {}, ip)).status).toBe(429);
    expect((await get(f, `/bus/calendar/feeds/${'B'.repeat(43)}.ics`, {}, '10.9.0.4')).status).toBe(404);
  });
});
