import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorTexts } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { resolveTenant } from '../../platform/tenancy.ts';
import { openSecrets } from './meetings.crypto.ts';
import { findMeetingSettings, listWhitelist, setStateByExternalId } from './meetings.repository.ts';
import { addressAllowed, wemeetCallbackSignature } from './meetings.rules.ts';

/** A callback's timestamp may be this far from the server's clock (replayed callbacks are refused). */
export const CALLBACK_WINDOW_MS = 10 * 60_000;

/** Tencent Meeting's events and the meeting state each one leads to. */
const EVENT_STATES: Record<string, 'started' | 'ended'> = {
  'meeting.started': 'started',
  'meeting.end': 'ended',
};

function refuse(reply: FastifyReply, code: 'MEETING_CALLBACK_REFUSED' | 'MEETING_CALLBACK_SIGNATURE', status: number) {
  const t = errorTexts(code);
  return reply.code(status).send({ errcode: String(status), msg: t.zh, msg_en: t.en });
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : '';
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The meeting provider's callbacks (the external meeting API), per tenant:
 * `GET|POST /bus/meetings/<tenant key>/callback/wemeet` is Tencent Meeting's event subscription
 * URL. A caller whose address is not on the tenant's IP whitelist (`IPwhiteList`; an empty list
 * admits nobody) gets 403 and an operate-log line. The GET is the URL check (the signature
 * over `check_str`; the answer is `check_str` decoded), the POST an event (`{"data": base64 of
 * the event JSON}`, signed): `meeting.started` and `meeting.end` set the meeting's state.
 * Signatures: SHA-1 of the callback token, `timestamp`, `nonce` and the data sorted and joined.
 */
export const meetingRoutes: FastifyPluginAsync = async (app) => {
  /** The tenant and its callback token, or a reply already sent. */
  async function admit(request: FastifyRequest, reply: FastifyReply, data: string) {
    const key = (request.params as { tenant?: string }).tenant ?? '';
    const tenant = await resolveTenant(app.database.db, { key });
    if (!tenant) {
      reply.code(404).send({ errcode: '404', msg: '租户不存在', msg_en: 'No such tenant' });
      return null;
    }
    const ctx: RequestContext = {
      config: app.config,
      db: app.database.db,
      log: request.log,
      tenant,
      user: null,
      ip: request.ip,
    };
    const { allowed, settings } = await withTenant(ctx.db, tenant.id, async (tx) => ({
      allowed: addressAllowed(
        request.ip,
        (await listWhitelist(tx, tenant.id)).map((r) => r.address),
      ),
      settings: await findMeetingSettings(tx, tenant.id),
    }));
    if (!allowed) {
      await withTenant(ctx.db, tenant.id, (tx) =>
        audit(tx, ctx, {
          module: 'meeting',
          type: 'callbackRefused',
          content: `拒绝来自 ${request.ip} 的云会议回调 ${request.method} ${request.url.split('?')[0]}`,
        }),
      );
      refuse(reply, 'MEETING_CALLBACK_REFUSED', 403);
      return null;
    }
    const token = settings ? (openSecrets(ctx.config, tenant.id, settings.secret_enc).callback_token ?? '') : '';
    const timestamp = header(request, 'timestamp');
    const nonce = header(request, 'nonce');
    const signature = header(request, 'signature');
    const fresh = /^\d{1,13}$/.test(timestamp) && Math.abs(Date.now() - Number(timestamp) * 1000) <= CALLBACK_WINDOW_MS;
    if (
      !token ||
      !fresh ||
      !sameText(signature.toLowerCase(), wemeetCallbackSignature(token, timestamp, nonce, data))
    ) {
      refuse(reply, 'MEETING_CALLBACK_SIGNATURE', 403);
      return null;
    }
    return { tenant, ctx };
  }

  app.get('/bus/meetings/:tenant/callback/wemeet', async (request, reply) => {
    const checkStr = String((request.query as Record<string, unknown>).check_str ?? '');
    if (!(await admit(request, reply, checkStr))) return reply;
    return reply.type('text/plain; charset=utf-8').send(Buffer.from(checkStr, 'base64').toString('utf8'));
  });

  app.post('/bus/meetings/:tenant/callback/wemeet', async (request, reply) => {
    const body = request.body as { data?: unknown } | undefined;
    const data = typeof body?.data === 'string' ? body.data : '';
    const admitted = await admit(request, reply, data);
    if (!admitted) return reply;
    const event = parseEvent(data);
    const state = event ? EVENT_STATES[event.event] : undefined;
    if (event && state) await applyEvent(admitted.tenant, admitted.ctx, state, event.meetingIds);
    return reply.type('text/plain; charset=utf-8').send('successfully received callback');
  });
};

/** An event's name and the meeting ids it is about (`payload[].meeting_info.meeting_id`); null when unreadable. */
export function parseEvent(data: string): { event: string; meetingIds: string[] } | null {
  try {
    const json = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as {
      event?: unknown;
      payload?: { meeting_info?: { meeting_id?: unknown } }[];
    };
    if (typeof json.event !== 'string') return null;
    const ids = (Array.isArray(json.payload) ? json.payload : [])
      .map((p) => p?.meeting_info?.meeting_id)
      .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
      .map(String);
    return { event: json.event, meetingIds: ids };
  } catch {
    return null;
  }
}

async function applyEvent(tenant: TenantRef, ctx: RequestContext, state: 'started' | 'ended', ids: string[]) {
  if (!ids.length) return;
  await withTenant(ctx.db, tenant.id, (tx) => setStateByExternalId(tx, tenant.id, 'wemeet', ids, state));
}
