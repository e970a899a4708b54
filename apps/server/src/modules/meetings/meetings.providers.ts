import type { Config } from '../../config.ts';
import type { MeetingSecrets } from './meetings.crypto.ts';
import {
  epochSeconds,
  jitsiToken,
  roomName,
  wemeetNonce,
  wemeetSignature,
  type MeetingProviderName,
} from './meetings.rules.ts';

/** A meeting as a provider is asked to make, move or cancel it. */
export interface MeetingOrder {
  /** The provider's id of the meeting (empty before it is created). */
  externalId: string;
  subject: string;
  startAt: Date;
  endAt: Date;
  host: { account: string; name: string; email: string };
}

/** What the provider says of a created (or moved) meeting. */
export interface MeetingIssued {
  external_id: string;
  code: string;
  join_url: string;
  password: string;
}

/** A provider's refusal or failure; `permanent`: retrying the same call cannot help (a 4xx answer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface MeetingProvider {
  name: MeetingProviderName;
  create(order: MeetingOrder, signal: AbortSignal): Promise<MeetingIssued>;
  update(order: MeetingOrder, signal: AbortSignal): Promise<MeetingIssued>;
  cancel(order: MeetingOrder, signal: AbortSignal): Promise<void>;
  /** Checks the settings against the provider; resolves with what was checked, throws ProviderError. */
  test(signal: AbortSignal): Promise<string>;
}

/** A tenant's provider settings as stored (`meeting_settings`), secrets opened. */
export interface ProviderSettings {
  provider: MeetingProviderName;
  settings: Record<string, string>;
  secrets: MeetingSecrets;
}

export function providerFor(config: Config, s: ProviderSettings): MeetingProvider {
  return s.provider === 'wemeet' ? wemeetProvider(config, s) : jitsiProvider(config, s);
}

// --- Jitsi Meet (built in: no call is needed to make a room)

function jitsiProvider(config: Config, s: ProviderSettings): MeetingProvider {
  const base = (s.settings.base_url || config.meetings.jitsiUrl).replace(/\/+$/, '');
  const appId = s.settings.app_id || config.meetings.jitsiAppId;
  const secret = s.secrets.secret || config.meetings.jitsiAppSecret;
  const link = (room: string, order: MeetingOrder) => {
    const url = `${base}/${room}`;
    if (!appId || !secret) return url;
    const jwt = jitsiToken({
      appId,
      secret,
      domain: new URL(base).hostname,
      room,
      notBefore: new Date(order.startAt.getTime() - 30 * 60_000),
      expires: new Date(order.endAt.getTime() + 60 * 60_000),
      user: { id: order.host.account, name: order.host.name, email: order.host.email, moderator: true },
    });
    return `${url}?jwt=${jwt}`;
  };
  return {
    name: 'jitsi',
    async create(order) {
      const room = roomName();
      return { external_id: room, code: room, join_url: link(room, order), password: '' };
    },
    async update(order) {
      const room = order.externalId || roomName();
      return { external_id: room, code: room, join_url: link(room, order), password: '' };
    },
    async cancel() {
      // A Jitsi room exists only while people are in it: nothing to cancel.
    },
    async test(signal) {
      let res: Response;
      try {
        res = await fetch(base, { method: 'GET', redirect: 'manual', signal });
      } catch (err) {
        throw new ProviderError(`${base}: ${(err as Error).message}`);
      }
      await res.body?.cancel();
      if (res.status >= 500) throw new ProviderError(`${base}: HTTP ${res.status}`);
      return `${base} HTTP ${res.status}${appId && secret ? ', token authentication on' : ''}`;
    },
  };
}

// --- Tencent Meeting REST API

interface WemeetAnswer {
  meeting_info_list?: {
    meeting_id?: string;
    meeting_code?: string;
    join_url?: string;
    password?: string;
  }[];
  error_info?: { error_code?: number; new_error_code?: number; message?: string };
  [key: string]: unknown;
}

function wemeetProvider(config: Config, s: ProviderSettings): MeetingProvider {
  const base = config.meetings.wemeetUrl;
  const { app_id: appId = '', sdk_id: sdkId = '', secret_id: secretId = '', userid = '' } = s.settings;
  const secretKey = s.secrets.secret ?? '';

  async function call(method: 'GET' | 'POST' | 'PUT', uri: string, payload: unknown, signal: AbortSignal) {
    if (!appId || !secretId || !secretKey || !userid) {
      throw new ProviderError(
        'Tencent Meeting settings incomplete (app id, SecretId, SecretKey, operator userid)',
        true,
      );
    }
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = wemeetNonce();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-TC-Key': secretId,
      'X-TC-Timestamp': timestamp,
      'X-TC-Nonce': nonce,
      'X-TC-Signature': wemeetSignature({ secretId, secretKey, method, nonce, timestamp, uri, body }),
      AppId: appId,
      'X-TC-Registered': '1',
    };
    if (sdkId) headers.SdkId = sdkId;
    let res: Response;
    try {
      res = await fetch(`${base}${uri}`, { method, headers, body: body || undefined, signal });
    } catch (err) {
      throw new ProviderError(`Tencent Meeting ${method} ${uri}: ${(err as Error).message}`);
    }
    const text = await res.text();
    let answer: WemeetAnswer = {};
    try {
      answer = text ? (JSON.parse(text) as WemeetAnswer) : {};
    } catch {
      // not JSON: reported below by status
    }
    if (!res.ok || answer.error_info) {
      const info = answer.error_info;
      const detail = info
        ? `${info.new_error_code ?? info.error_code ?? ''} ${info.message ?? ''}`.trim()
        : text.slice(0, 200);
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      throw new ProviderError(`Tencent Meeting ${method} ${uri}: HTTP ${res.status} ${detail}`, permanent);
    }
    return answer;
  }

  const issued = (answer: WemeetAnswer, fallbackId: string): MeetingIssued => {
    const info = answer.meeting_info_list?.[0] ?? {};
    return {
      external_id: String(info.meeting_id ?? fallbackId),
      code: String(info.meeting_code ?? ''),
      join_url: String(info.join_url ?? ''),
      password: String(info.password ?? ''),
    };
  };
  const times = (order: MeetingOrder) => ({
    userid,
    instanceid: 1,
    subject: order.subject.slice(0, 255),
    start_time: epochSeconds(order.startAt),
    end_time: epochSeconds(order.endAt),
  });

  return {
    name: 'wemeet',
    async create(order, signal) {
      const answer = await call('POST', '/v1/meetings', { ...times(order), type: 0 }, signal);
      const out = issued(answer, '');
      if (!out.external_id) throw new ProviderError('Tencent Meeting created no meeting (no meeting_id in the answer)');
      return out;
    },
    async update(order, signal) {
      const uri = `/v1/meetings/${encodeURIComponent(order.externalId)}`;
      return issued(await call('PUT', uri, times(order), signal), order.externalId);
    },
    async cancel(order, signal) {
      const uri = `/v1/meetings/${encodeURIComponent(order.externalId)}/cancel`;
      await call('POST', uri, { userid, instanceid: 1, reason_code: 1 }, signal);
    },
    async test(signal) {
      await call('GET', `/v1/users/${encodeURIComponent(userid)}`, undefined, signal);
      return `${base}: user ${userid}`;
    },
  };
}
