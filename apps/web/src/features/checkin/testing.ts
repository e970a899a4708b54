/**
 * Test helpers of the check-in screens: codes laid out as the server signs them, a booking's
 * check-in record, and a fake server whose answers may change between calls.
 */
import { vi } from 'vitest';
import type { GraphqlAnswer } from '../../testing/graphqlServer.ts';
import type { AppointmentSign } from './types.ts';

/** Codes laid out as the server signs them (checkin.codes.ts), with a stand-in signature. */
export const TEST_TENANT = '0b6f3c2e-58a4-4d2b-9f1e-7c3a2b1d0e9f';

export function makeSignCode(
  kind: 1 | 2,
  subject: string,
  issuedAt = 1_760_000_000,
  expiresAt = issuedAt + 300,
  version = 1,
): string {
  const b = new Uint8Array(82);
  b[0] = version;
  b[1] = kind;
  const uuid = (id: string, at: number) =>
    id
      .replace(/-/g, '')
      .match(/../g)!
      .forEach((h, i) => (b[at + i] = parseInt(h, 16)));
  uuid(TEST_TENANT, 2);
  uuid(subject, 18);
  new DataView(b.buffer).setUint32(34, issuedAt);
  new DataView(b.buffer).setUint32(38, expiresAt);
  for (let i = 42; i < 82; i++) b[i] = (i * 37) & 0xff;
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An answer, or a function giving the answer of each call (a list read again after a change). */
export type ChangingAnswer = GraphqlAnswer | (() => GraphqlAnswer);

/**
 * Stubs fetch as the server for component tests: one answer per GraphQL operation (a missing
 * one is a GraphQL error). Returns the calls made, in order, with their variables.
 */
export function serveChanging(answers: Record<string, ChangingAnswer>) {
  const calls: { op: string; variables: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const entry = answers[body.operationName];
      const answer = typeof entry === 'function' ? entry() : entry;
      if (!answer)
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify('errors' in answer ? { data: null, ...answer } : { data: answer }));
    }),
  );
  return calls;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time ("YYYY-MM-DD HH:mm:ss") of the browser's zone. */
export function wallTimeOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

export const TEST_RESOURCE = '5f0c8f0e-2a8e-4c57-9b0d-3f2d6e1a7b44';
export const TEST_BOOKING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/**
 * A confirmed booking of today (the browser's midnight, so the browser's zone is the tenant's)
 * to be performed, whose check-in closed an hour ago; `over` changes any field.
 */
export function testSign(over: Partial<AppointmentSign> = {}): AppointmentSign {
  const today = new Date();
  return {
    id: TEST_BOOKING,
    appointment_id: TEST_BOOKING,
    resources_id: TEST_RESOURCE,
    resources_name: '羽毛球场 3 号',
    resources_name_en: 'Court 3',
    resources_type_id: 't',
    resources_number: 'YM-03',
    appointment_date: new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime(),
    start_time: '09:00',
    end_time: '10:00',
    appointment_user: 'student',
    appointment_user_name: '张同学',
    dept_name: '计算机学院',
    phone: '13800000000',
    theme: '训练',
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    sign_state: '0',
    signin_required: '1',
    sign_out_rule: '0',
    sign_in_start: wallTimeOf(Date.now() - 2 * 3_600_000),
    sign_in_end: wallTimeOf(Date.now() - 3_600_000),
    sign_out_end: '',
    sign_in_time: '',
    sign_in_way: '',
    sign_in_user: '',
    sign_in_user_name: '',
    sign_out_time: '',
    sign_out_way: '',
    sign_out_user: '',
    sign_out_user_name: '',
    missed_time: '',
    missed_way: '',
    missed_user: '',
    missed_user_name: '',
    remark: '',
    ...over,
  };
}
