/**
 * Visitor registration helpers for server tests: one-time codes read from the memory message
 * channel, registration, and sign-in at /sso with the phone number.
 */
import { expect } from 'vitest';
import { clearSentMessages, sentMessages } from '../src/platform/messages/messages.ts';
import { visitorCodeClock } from '../src/modules/visitors/visitors.registration.service.ts';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import type { TestApp } from './support.ts';

let addressSeq = 0;
/** A client address of its own for each call unless one is given (the per-address code limit). */
export function nextAddress(): string {
  addressSeq++;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

/** Moves the one-time codes' clock by `ms` (forward only: codes are ordered by it). */
let offset = 0;
export function advanceCodeClock(ms: number): void {
  offset += ms;
  visitorCodeClock.now = () => Date.now() + offset;
}

/** POSTs a document to the public endpoint from `address`. */
export async function publicGql(
  t: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  address = nextAddress(),
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/bus/graphql/public',
    remoteAddress: address,
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

const SEND = `mutation($phone: String!, $purpose: String, $tenantKey: String) {
  sendVisitorVerificationCode(phone: $phone, purpose: $purpose, tenantKey: $tenantKey) { errcode msg msg_en } }`;

/** Asks for a code; returns the operation's result. */
export async function sendCode(
  t: TestApp,
  phone: string,
  opts: { purpose?: string; tenantKey?: string; address?: string } = {},
) {
  const res = await publicGql(
    t,
    SEND,
    { phone, purpose: opts.purpose ?? null, tenantKey: opts.tenantKey ?? null },
    opts.address,
  );
  return res.body.data?.sendVisitorVerificationCode as { errcode: string; msg: string; msg_en: string };
}

/** The newest code the memory channel sent to `phone`. */
export function lastCodeTo(phone: string): string {
  const message = sentMessages()
    .filter((m) => m.to === phone)
    .at(-1);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export { clearSentMessages };

/** Asks for a code and returns it (the send must succeed). */
export async function codeFor(t: TestApp, phone: string, opts: { purpose?: string; tenantKey?: string } = {}) {
  const sent = await sendCode(t, phone, opts);
  expect(sent, JSON.stringify(sent)).toMatchObject({ errcode: '0' });
  return lastCodeTo(phone);
}

const REGISTER = `mutation($model: VisitorRegistrationInput!, $tenantKey: String) {
  registerAccountForPublic(model: $model, tenantKey: $tenantKey) { errcode msg msg_en ids } }`;

export async function registerRaw(t: TestApp, model: Record<string, unknown>, tenantKey?: string) {
  const res = await publicGql(t, REGISTER, { model, tenantKey: tenantKey ?? null });
  return res.body.data?.registerAccountForPublic as { errcode: string; msg: string; msg_en: string; ids?: string[] };
}

export const PASSWORD = 'Visit0r2024';

/** A valid registration form for `phone` and `card`. */
export function registration(phone: string, card: string, over: Record<string, unknown> = {}) {
  return { visitor_name: '王访客', phone, card_type: '1', card_number: card, password: PASSWORD, ...over };
}

/** Registers a visitor (code asked for and used); returns the visitor id. */
export async function registerVisitor(
  t: TestApp,
  phone: string,
  card: string,
  opts: { tenantKey?: string; over?: Record<string, unknown> } = {},
): Promise<string> {
  const code = await codeFor(t, phone, { tenantKey: opts.tenantKey });
  const out = await registerRaw(
    t,
    registration(phone, card, { verification_code: code, ...opts.over }),
    opts.tenantKey,
  );
  expect(out, JSON.stringify(out)).toMatchObject({ errcode: '0' });
  return out.ids![0]!;
}

/** Signs in at /sso with the phone and password as an existing client would; returns the access token, or null when refused. */
export async function signInByPhone(t: TestApp, phone: string, password = PASSWORD): Promise<string | null> {
  return (await signInByPhoneForTokens(t, phone, password))?.get('access_token') ?? null;
}

/** As signInByPhone, giving everything the provider sent back (access_token, id_token, ...), or null when refused. */
export async function signInByPhoneForTokens(
  t: TestApp,
  phone: string,
  password = PASSWORD,
): Promise<URLSearchParams | null> {
  const browser = new Browser(t.app, nextAddress());
  const start = await browser.request('GET', implicitAuthorizeUrl(t.config.oidcClientId));
  const page = await browser.follow(start);
  const action = /action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error('no sign-in form');
  const submitted = await browser.request('POST', action, { account: phone, password, lang: 'zh' });
  const done = await browser.follow(submitted);
  const location = done.headers.location;
  if (done.statusCode !== 303 || typeof location !== 'string') return null;
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** 18-character resident ID numbers with right check digits, different for each `n`. */
export function idNumber(n: number): string {
  const first17 = `11010519800101${String(n).padStart(3, '0').slice(-3)}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11]!;
}
