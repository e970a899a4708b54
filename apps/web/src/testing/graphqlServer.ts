import { vi } from 'vitest';

export type GraphqlAnswer = Record<string, unknown> | { errors: { message: string }[] };

/**
 * Stubs fetch as the server: one answer per GraphQL operation name (a missing one is a GraphQL
 * error), and the settings GET with `manage_setting`. Returns the operations called, in order.
 */
export function serveGraphql(answers: Record<string, GraphqlAnswer>, manageSetting: Record<string, unknown> = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sys/settings')) {
        return new Response(JSON.stringify({ entities: [{ id: 's', manage_setting: JSON.stringify(manageSetting) }] }));
      }
      const op = JSON.parse(String(init?.body)).operationName as string;
      calls.push(op);
      const answer = answers[op];
      if (!answer) return new Response(JSON.stringify({ errors: [{ message: `no answer for ${op}` }] }));
      return new Response(JSON.stringify('errors' in answer ? { data: null, ...answer } : { data: answer }));
    }),
  );
  return calls;
}

/** What the navigation guard loads before any signed-in page renders. */
export const signedInAnswers = {
  checkTenantStatus: { checkTenantStatus: { errcode: '0', msg: '', msg_en: '' } },
  me: { me: { id: 'u', account: 'student', name: '张同学', positions: [] } },
  canvasmenus: { canvasmenus: [] },
  findUserImage: { findUserImage: null },
};
