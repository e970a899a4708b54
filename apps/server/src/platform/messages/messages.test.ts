import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../../config.ts';
import { clearSentMessages, sendMessage, sentMessages } from './messages.ts';

function capturingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}

function messagesOf(env: Record<string, string>): Config['messages'] {
  return loadConfig({ NODE_ENV: 'development', ...env }).messages;
}

const phone = '13812345678';

describe('message channel configuration', () => {
  it('defaults to log, memory under test, http when a gateway is set', () => {
    expect(messagesOf({}).channel).toBe('log');
    expect(loadConfig({ NODE_ENV: 'test' }).messages.channel).toBe('memory');
    expect(messagesOf({ SMS_GATEWAY_URL: 'https://sms.example.edu/send' }).channel).toBe('http');
    expect(messagesOf({ MESSAGE_CHANNEL: 'file:/tmp/x.jsonl' })).toMatchObject({
      channel: 'file',
      file: '/tmp/x.jsonl',
    });
  });

  it('refuses an unknown channel and http without a gateway at start', () => {
    expect(() => messagesOf({ MESSAGE_CHANNEL: 'pigeon' })).toThrow(/MESSAGE_CHANNEL/);
    expect(() => messagesOf({ MESSAGE_CHANNEL: 'http' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => messagesOf({ MESSAGE_CHANNEL: 'file:' })).toThrow(/MESSAGE_CHANNEL/);
  });
});

describe('sendMessage', () => {
  afterEach(() => clearSentMessages());

  it('log: writes the text with the phone masked, never whole', async () => {
    const { log, lines } = capturingLog();
    const ok = await sendMessage(
      { config: { messages: messagesOf({}) }, log },
      { to: phone, text: 'code 123456', purpose: 'register' },
    );
    expect(ok).toBe(true);
    const all = lines.join('');
    expect(all).toContain('code 123456');
    expect(all).toContain('138****5678');
    expect(all).not.toContain(phone);
  });

  it('memory: kept for tests to read', async () => {
    const { log } = capturingLog();
    await sendMessage(
      { config: { messages: messagesOf({ MESSAGE_CHANNEL: 'memory' }) }, log },
      {
        to: phone,
        text: 'hello',
        purpose: 'register',
      },
    );
    expect(sentMessages()).toEqual([expect.objectContaining({ to: phone, text: 'hello', purpose: 'register' })]);
  });

  it('file: appends JSON lines', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'yuyue-msg-'));
    const file = path.join(dir, 'sub', 'messages.jsonl');
    const deps = { config: { messages: messagesOf({ MESSAGE_CHANNEL: `file:${file}` }) }, log: capturingLog().log };
    expect(await sendMessage(deps, { to: phone, text: 'one', purpose: 'register' })).toBe(true);
    expect(await sendMessage(deps, { to: phone, text: 'two', purpose: 'resetPassword' })).toBe(true);
    const rows = (await fs.readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(rows.map((r) => [r.to, r.text, r.purpose])).toEqual([
      [phone, 'one', 'register'],
      [phone, 'two', 'resetPassword'],
    ]);
    expect(Number.isNaN(Date.parse(rows[0]!.at!))).toBe(false);
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('http', () => {
    let server: http.Server | undefined;
    afterEach(async () => {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      server = undefined;
    });

    async function gateway(handler: http.RequestListener): Promise<string> {
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      return `http://127.0.0.1:${port}/send`;
    }

    it('POSTs {to, text, purpose, tenant} with the bearer token', async () => {
      const received: { auth?: string; type?: string; body: unknown; method?: string }[] = [];
      const url = await gateway((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          received.push({
            auth: req.headers.authorization,
            type: req.headers['content-type'],
            method: req.method,
            body: JSON.parse(body),
          });
          res.writeHead(200).end('{}');
        });
      });
      const messages = messagesOf({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 's3cret' });
      const ok = await sendMessage(
        { config: { messages }, log: capturingLog().log },
        { to: phone, text: 'code 654321', purpose: 'register', tenant: 'demo' },
      );
      expect(ok).toBe(true);
      expect(received).toEqual([
        {
          auth: 'Bearer s3cret',
          type: 'application/json',
          method: 'POST',
          body: { to: phone, text: 'code 654321', purpose: 'register', tenant: 'demo' },
        },
      ]);
    });

    it('a non-2xx answer is a failure, logged with the phone masked, never thrown', async () => {
      const url = await gateway((_req, res) => res.writeHead(502).end('bad gateway'));
      const { log, lines } = capturingLog();
      const ok = await sendMessage(
        { config: { messages: messagesOf({ SMS_GATEWAY_URL: url }) }, log },
        { to: phone, text: 'code 111111', purpose: 'register' },
      );
      expect(ok).toBe(false);
      const all = lines.join('');
      expect(all).toContain('502');
      expect(all).toContain('138****5678');
      expect(all).not.toContain(phone);
      expect(all).not.toContain('111111');
    });

    it('an unreachable gateway is a failure, not a crash', async () => {
      const url = await gateway((_req, res) => res.end());
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
      const ok = await sendMessage(
        { config: { messages: messagesOf({ SMS_GATEWAY_URL: url }) }, log: capturingLog().log },
        { to: phone, text: 'x', purpose: 'register' },
      );
      expect(ok).toBe(false);
    });
  });
});
