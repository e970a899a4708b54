import { vi } from 'vitest';
import type { ResourceRelease } from '../../../../features/ballot-admin/types.ts';
import type { Call } from '../resources/testing.ts';

/** A refusal as the server sends it: a GraphQL error with its code and zh/en texts. */
export class Refusal {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly msg_en: string,
  ) {}
}

/** The server's FORBIDDEN (errors.ts). */
export const forbidden = () => new Refusal('FORBIDDEN', '拒绝访问', 'Access denied');

type Handler = (variables: Record<string, unknown>) => unknown;

/**
 * Stubs fetch as the server for the ballot pages' tests: one handler per GraphQL operation (its
 * data, or a `Refusal`; no handler: a plain error), and the settings GET the navigation guard
 * reads. Returns the GraphQL calls, in order.
 */
export function serveBallot(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sys/settings')) {
        return new Response(JSON.stringify({ entities: [{ id: 's', manage_setting: '{}' }] }));
      }
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const handler = handlers[body.operationName];
      const answer = handler ? handler(body.variables ?? {}) : undefined;
      if (answer instanceof Refusal) {
        return new Response(
          JSON.stringify({
            data: null,
            errors: [
              { message: answer.msg, extensions: { code: answer.code, msg: answer.msg, msg_en: answer.msg_en } },
            ],
          }),
        );
      }
      if (answer === undefined) {
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      }
      return new Response(JSON.stringify({ data: answer }));
    }),
  );
  return calls;
}

export const RESOURCE_IDS = {
  court: '33333333-3333-4333-8333-333333333331',
  hall: '33333333-3333-4333-8333-333333333332',
  closed: '33333333-3333-4333-8333-333333333333',
} as const;

/** A resource with its release settings in force, as `findBallotResourceSettingAll` gives it. */
export const release = (id: string, patch: Partial<ResourceRelease>): ResourceRelease => ({
  id,
  resources_name: '东区羽毛球1号场',
  resources_name_en: 'East badminton court 1',
  resources_number: 'YMQ-01',
  resources_type_id: '11111111-1111-4111-8111-111111111111',
  resources_type_name: '羽毛球场',
  resources_type_name_en: 'Badminton court',
  state: 1,
  release_mode: 'race',
  window_minutes: 10,
  weighted: false,
  max_wins_per_person: 0,
  source: 'default',
  ...patch,
});

/** `findBallotResourceSettingAll`'s answer: the rows given, all of them on the page. */
export const releasePage = (rows: ResourceRelease[]) => ({
  findBallotResourceSettingAll: {
    edges: rows.map((node) => ({ node })),
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: rows.length,
  },
});
