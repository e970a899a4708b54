/**
 * A local stand-in for Tencent Meeting's REST API (node:http on a free port): it checks every
 * request's signature as Tencent documents it (HMAC-SHA256 over method, the X-TC-Key/Nonce/
 * Timestamp line, URI and body; hex; base64), its AppId/SdkId/X-TC-Registered headers, and
 * answers create (POST /v1/meetings), modify (PUT /v1/meetings/{id}), cancel
 * (POST /v1/meetings/{id}/cancel) and user detail (GET /v1/users/{userid}) as documented. It can
 * be told to fail (an outage: 503; a refusal: 400 with error_info) or to be slow.
 */
import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInCall {
  method: string;
  uri: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  signatureOk: boolean;
}

export interface WemeetStandIn {
  url: string;
  calls: StandInCall[];
  /** `outage`: 503 for every call; `refuse`: 400 with error_info; `ok`: as documented. */
  mode: 'ok' | 'outage' | 'refuse';
  /** Milliseconds each answer waits (two workers racing). */
  delayMs: number;
  close(): Promise<void>;
}

export const STANDIN_CREDENTIALS = {
  appId: '211153201',
  sdkId: '28790143',
  secretId: 'AKIDstandinSecretId0001',
  secretKey: 'standin-Secret-Key-\u5bc6\u94a5-0001',
  userid: 'meeting-operator',
};

function expectedSignature(method: string, headers: http.IncomingHttpHeaders, uri: string, body: string): string {
  const line = `X-TC-Key=${headers['x-tc-key']}&X-TC-Nonce=${headers['x-tc-nonce']}&X-TC-Timestamp=${headers['x-tc-timestamp']}`;
  const hex = createHmac('sha256', STANDIN_CREDENTIALS.secretKey)
    .update(`${method}\n${line}\n${uri}\n${body}`)
    .digest('hex');
  return Buffer.from(hex).toString('base64');
}

export async function startWemeetStandIn(): Promise<WemeetStandIn> {
  const state: Omit<WemeetStandIn, 'url' | 'close'> = { calls: [], mode: 'ok', delayMs: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const method = req.method ?? '';
      const uri = req.url ?? '';
      const h = req.headers;
      const signatureOk =
        h['x-tc-signature'] === expectedSignature(method, h, uri, raw) &&
        h['x-tc-key'] === STANDIN_CREDENTIALS.secretId &&
        h.appid === STANDIN_CREDENTIALS.appId &&
        h.sdkid === STANDIN_CREDENTIALS.sdkId &&
        h['x-tc-registered'] === '1' &&
        /^\d+$/.test(String(h['x-tc-nonce'])) &&
        Math.abs(Number(h['x-tc-timestamp']) - Date.now() / 1000) < 300;
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      state.calls.push({ method, uri, body, headers: h, signatureOk });
      const answer = (status: number, json: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        }, state.delayMs);
      if (!signatureOk)
        return answer(401, { error_info: { error_code: 190303, new_error_code: 200190303, message: '鉴权失败' } });
      if (state.mode === 'outage') return answer(503, { error_info: { error_code: 500, message: 'busy' } });
      if (state.mode === 'refuse')
        return answer(400, { error_info: { error_code: 9003, new_error_code: 200009003, message: '参数错误' } });
      let m: RegExpExecArray | null;
      if (method === 'POST' && uri === '/v1/meetings') {
        const id = `${randomInt(100000000, 999999999)}${randomInt(1000000, 9999999)}`;
        const code = String(randomInt(100000000, 999999999));
        return answer(200, {
          meeting_number: 1,
          meeting_info_list: [
            {
              subject: body.subject,
              meeting_id: id,
              meeting_code: code,
              password: '4321',
              start_time: body.start_time,
              end_time: body.end_time,
              join_url: `https://meeting.tencent.com/dm/${code}`,
              hosts: [{ userid: body.userid }],
            },
          ],
        });
      }
      if (method === 'PUT' && (m = /^\/v1\/meetings\/(\d+)$/.exec(uri)))
        return answer(200, { meeting_number: 1, meeting_info_list: [{ meeting_id: m[1], meeting_code: '' }] });
      if (method === 'POST' && /^\/v1\/meetings\/\d+\/cancel$/.test(uri)) return answer(200, {});
      if (method === 'GET' && (m = /^\/v1\/users\/([^/?]+)$/.exec(uri)))
        return m[1] === STANDIN_CREDENTIALS.userid
          ? answer(200, { userid: m[1], username: '会议管理员' })
          : answer(404, { error_info: { error_code: 20002, message: '用户不存在' } });
      return answer(404, { error_info: { error_code: 404, message: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as WemeetStandIn;
}
