import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorTexts } from '@yuyue/shared';
import { bookingCalendar, calendarClock, feedCalendar, type CalendarFile } from './calendar.ics.ts';

/** Feed fetches one feed answers per minute (calendar apps poll every 15 minutes or so). */
export const FEED_FETCHES_PER_MINUTE = 30;
/** Fetches of unknown or revoked feeds one address may make per minute (guessing is pointless, but costs lookups). */
export const FEED_MISSES_PER_MINUTE = 30;

/** A fixed-window counter per key, in this process. */
export class WindowLimiter {
  private readonly counts = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is within its allowance (which this call spends). */
  take(key: string, now: number): number {
    const hit = this.counts.get(key);
    if (!hit || hit.until <= now) {
      if (this.counts.size >= this.maxKeys) this.sweep(now);
      this.counts.set(key, { count: 1, until: now + this.windowMs });
      return 0;
    }
    if (hit.count >= this.max) return Math.max(1, Math.ceil((hit.until - now) / 1000));
    hit.count++;
    return 0;
  }

  /** Seconds until `key` may try again, without spending anything. */
  peek(key: string, now: number): number {
    const hit = this.counts.get(key);
    return hit && hit.until > now && hit.count >= this.max ? Math.max(1, Math.ceil((hit.until - now) / 1000)) : 0;
  }

  private sweep(now: number) {
    for (const [k, v] of this.counts) if (v.until <= now) this.counts.delete(k);
    if (this.counts.size >= this.maxKeys) this.counts.clear();
  }
}

function refuse(reply: FastifyReply, status: 404 | 429, seconds = 0) {
  const t =
    status === 404
      ? errorTexts('CALENDAR_NOT_FOUND')
      : errorTexts('CALENDAR_RATE_LIMITED', { seconds: String(seconds) });
  if (status === 429) reply.header('retry-after', String(seconds));
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ errcode: String(status), msg: t.zh, msg_en: t.en });
}

/** The `<name>.ics` route parameter's name, or null when it does not end in `.ics`. */
function icsName(request: FastifyRequest): string | null {
  const file = (request.params as { file?: string }).file ?? '';
  return file.toLowerCase().endsWith('.ics') ? file.slice(0, -4) : null;
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is current. */
function fresh(request: FastifyRequest, f: CalendarFile): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string') {
    return inm
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === f.etag || t === '*');
  }
  const ims = request.headers['if-modified-since'];
  if (typeof ims === 'string') {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(f.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function send(request: FastifyRequest, reply: FastifyReply, f: CalendarFile, disposition: 'attachment' | 'inline') {
  reply
    .header('etag', f.etag)
    .header('last-modified', f.lastModified.toUTCString())
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer');
  if (fresh(request, f)) return reply.code(304).send();
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `${disposition}; filename="${f.filename}"`)
    .send(f.body);
}

/**
 * Calendars (docs/GLOSSARY.md "Calendars"):
 * - `GET /bus/calendar/appointments/<booking id>.ics`: one booking, for its booker, its
 *   resource's administrators and tenant administrators (Bearer token or `access_token`); 401
 *   without a valid token, 404 for anyone else and for no such booking.
 * - `GET /bus/calendar/feeds/<token>.ics`: a private feed, no sign-in (the URL's token is the
 *   secret); 404 once revoked or replaced. ETag/Last-Modified with 304, `Cache-Control:
 *   private`; FEED_FETCHES_PER_MINUTE per feed and FEED_MISSES_PER_MINUTE unknown tokens per
 *   address, 429 with Retry-After beyond.
 */
export const calendarRoutes: FastifyPluginAsync = async (app) => {
  const perFeed = new WindowLimiter(FEED_FETCHES_PER_MINUTE, 60_000);
  const misses = new WindowLimiter(FEED_MISSES_PER_MINUTE, 60_000);

  app.get('/bus/calendar/appointments/:file', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const id = icsName(request);
    const f = id === null ? null : await bookingCalendar(ctx, id);
    if (!f) return refuse(reply, 404);
    return send(request, reply, f, 'attachment');
  });

  app.get('/bus/calendar/feeds/:file', async (request, reply) => {
    const now = Date.now();
    const blocked = misses.peek(request.ip, now);
    if (blocked) return refuse(reply, 429, blocked);
    const token = icsName(request) ?? '';
    const wait = perFeed.take(token, now);
    if (wait) return refuse(reply, 429, wait);
    const f = await feedCalendar(app.database.db, app.config, token, calendarClock.now());
    if (!f) {
      misses.take(request.ip, now);
      return refuse(reply, 404);
    }
    return send(request, reply, f, 'inline');
  });
};
