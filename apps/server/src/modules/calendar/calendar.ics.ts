import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import { withTenant, type Db } from '../../db/client.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { buildCalendar } from '../../platform/ical.ts';
import { isUuid } from '../../platform/ids.ts';
import { findTenantById } from '../../platform/tenancy.ts';
import { managesResource } from '../resources/resource-admins.ts';
import { bookingEvent, lastChangeOf, uidHost } from './calendar.events.ts';
import {
  bookingById,
  bookingsForFeed,
  feedOwner,
  liveFeedByHash,
  meetingsOf,
  resourceNames,
  type CalendarBooking,
} from './calendar.repository.ts';
import { TOKEN_RE, tokenHash } from './calendar.service.ts';

/** A feed shows bookings from this many days back... */
export const FEED_PAST_DAYS = 60;
/** ...to this many days ahead. */
export const FEED_FUTURE_DAYS = 180;
/** A cancelled, rejected or terminated booking stays in a feed (STATUS:CANCELLED) this long, then is dropped. */
export const CALLED_OFF_KEEP_DAYS = 30;
/** Most bookings one feed lists (the earliest in the window first). */
export const FEED_MAX_EVENTS = 2000;
/** How often subscribers are asked to refresh. */
export const FEED_REFRESH_MINUTES = 30;

const DAY = 86_400_000;

/** The feeds' clock: the window and how long called-off bookings stay are counted from it (tests move it). */
export const calendarClock = { now: (): number => Date.now() };

/** A calendar ready to send: its text, when it last changed and a strong ETag of the text. */
export interface CalendarFile {
  filename: string;
  body: string;
  lastModified: Date;
  etag: string;
}

function file(filename: string, body: string, lastModified: Date): CalendarFile {
  const etag = `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 32)}"`;
  return { filename, body, lastModified, etag };
}

const siteOf = (config: Pick<Config, 'publicUrl' | 'basePath'>) => `${config.publicUrl}${config.basePath}`;

/**
 * The `.ics` of one booking for the signed-in caller: its booker, an administrator of its
 * resource or a tenant administrator. Null (answered 404) for anyone else and for a booking
 * that does not exist, so a booking's existence is not revealed.
 */
export async function bookingCalendar(ctx: RequestContext, id: string): Promise<CalendarFile | null> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) return null;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const booking = await bookingById(tx, tenant.id, id);
    if (!booking) return null;
    const own = booking.appointment_user === user.account;
    if (!own && !(await managesResource(tx, tenant.id, user, booking.resources_id))) return null;
    const meeting = (await meetingsOf(tx, tenant.id, [booking.id])).get(booking.id);
    const event = bookingEvent(booking, meeting, {
      site: siteOf(ctx.config),
      host: uidHost(ctx.config.publicUrl),
      audience: own ? 'booker' : 'admin',
    });
    const body = buildCalendar({ timeZone: tenant.timeZone, method: 'PUBLISH', events: [event] });
    return file(`booking-${booking.id.slice(0, 8)}.ics`, body, event.lastModified);
  });
}

/**
 * A feed's calendar by its URL token, or null (404): unknown or revoked token, owner gone or
 * disabled, or (a resource feed) the owner no longer administers the resource or it is deleted.
 * Lists the bookings from FEED_PAST_DAYS back to FEED_FUTURE_DAYS ahead of `now`, those called
 * off only for CALLED_OFF_KEEP_DAYS after it (as STATUS:CANCELLED).
 */
export async function feedCalendar(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'basePath'>,
  token: string,
  now: number = calendarClock.now(),
): Promise<CalendarFile | null> {
  if (!TOKEN_RE.test(token)) return null;
  const feed = await liveFeedByHash(db, tokenHash(token));
  if (!feed) return null;
  const tenant: TenantRef | null = await findTenantById(db, feed.tenant_id);
  if (!tenant) return null;
  const window = {
    from: new Date(now - FEED_PAST_DAYS * DAY),
    to: new Date(now + FEED_FUTURE_DAYS * DAY),
    calledOffSince: new Date(now - CALLED_OFF_KEEP_DAYS * DAY),
    limit: FEED_MAX_EVENTS,
  };
  const found = await withTenant(db, tenant.id, async (tx) => {
    const owner = await feedOwner(tx, tenant.id, feed.user_id);
    if (!owner) return null;
    let bookings: CalendarBooking[];
    let name: string;
    if (feed.kind === 'resource') {
      const resourceId = feed.resources_id;
      if (!resourceId) return null;
      const resource = (await resourceNames(tx, tenant.id, [resourceId])).get(resourceId);
      const asOwner: AuthUser = { ...owner, role: owner.role as AuthUser['role'], tenantId: tenant.id };
      if (!resource || resource.deleted || !(await managesResource(tx, tenant.id, asOwner, resourceId))) return null;
      bookings = await bookingsForFeed(tx, tenant.id, { resourceId }, window);
      name = `${resource.zh} 预约${resource.en && resource.en !== resource.zh ? ` / ${resource.en} bookings` : ' / Bookings'}`;
    } else {
      bookings = await bookingsForFeed(tx, tenant.id, { account: owner.account }, window);
      name = `我的预约 / My bookings (${owner.name || owner.account})`;
    }
    const meetings = await meetingsOf(
      tx,
      tenant.id,
      bookings.map((b) => b.id),
    );
    return { bookings, meetings, name };
  });
  if (!found) return null;
  const site = siteOf(config);
  const host = uidHost(config.publicUrl);
  const audience = feed.kind === 'resource' ? 'admin' : 'booker';
  const events = found.bookings.map((b) => bookingEvent(b, found.meetings.get(b.id), { site, host, audience }));
  const body = buildCalendar({
    name: found.name,
    timeZone: tenant.timeZone,
    events,
    refreshMinutes: FEED_REFRESH_MINUTES,
  });
  const lastModified = new Date(
    Math.max(
      feed.create_time.getTime(),
      ...found.bookings.map((b) => lastChangeOf(b, found.meetings.get(b.id)).getTime()),
    ),
  );
  return file('calendar.ics', body, lastModified);
}
