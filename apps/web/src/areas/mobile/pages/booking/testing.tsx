/** Set-up shared by the booking pages' component tests (not shipped: only tests import it). */
import '../../antd-mobile-setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import { ensureBookingTranslations } from '../../../../features/booking/i18n.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import { serveGraphql, signedInAnswers } from '../../../../testing/graphqlServer.ts';

/** i18n with the booking texts, and what jsdom lacks for antd-mobile. */
export async function prepareBookingTests(): Promise<void> {
  await initI18n();
  await ensureBookingTranslations();
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
}

type Answer = Record<string, unknown> | { errors: { message: string }[] };

/** A call the page made: operation name and variables. */
export interface Call {
  op: string;
  variables: Record<string, unknown>;
}

/**
 * The fake server of `testing/graphqlServer.ts` (the guard's answers included), where an answer
 * may also be a function of the variables; returns every call with its variables.
 */
export function serveBooking(answers: Record<string, Answer | ((variables: Record<string, unknown>) => Answer)>) {
  // no per-person limit unless a test sets one (the allowance line stays out of the way)
  const fixed: Record<string, Answer> = {
    ...signedInAnswers,
    findAppointmentAllowance: { findAppointmentAllowance: [] },
    // no ballot unless a test sets one
    findBallotDateInfo: { findBallotDateInfo: null },
    findBallotEntriesForSelf: { findBallotEntriesForSelf: [] },
  };
  const dynamic: Record<string, (variables: Record<string, unknown>) => Answer> = {};
  for (const [op, answer] of Object.entries(answers)) {
    if (typeof answer === 'function') dynamic[op] = answer;
    else fixed[op] = answer;
  }
  serveGraphql(fixed);
  const base = globalThis.fetch;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as { operationName: string; variables: Record<string, unknown> };
        calls.push({ op: body.operationName, variables: body.variables });
        const answer = dynamic[body.operationName];
        if (answer) {
          const value = answer(body.variables);
          return new Response(JSON.stringify('errors' in value ? { data: null, ...value } : { data: value }));
        }
      }
      return base(url, init);
    }),
  );
  return calls;
}

/** Renders routes under the navigation guard at `entry`; returns the router (its location). */
export function renderRoutes(routes: { path: string; element: ReactNode }[], entry: string) {
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: <Guard>{r.element}</Guard> })),
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
