import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import { ensureBookingTranslations } from '../../../../features/booking/i18n.ts';
import { ensureEvaluationTranslations } from '../../../../features/evaluations/i18n.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import '../../antd-mobile-setup.ts';

/** Translations (core, booking, evaluations) and the fake GraphQL client of the mobile evaluation tests. */
export async function prepareEvaluationTest(): Promise<void> {
  await initI18n();
  await ensureBookingTranslations();
  await ensureEvaluationTranslations();
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
}

/** Renders a signed-in mobile page at `path` (route `pattern`); other paths show "elsewhere" with their path. */
export function renderMobile(element: ReactNode, { path, pattern }: { path: string; pattern: string }) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Guard>{element}</Guard> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The variables of every call of a GraphQL operation made through the stubbed fetch. */
export function variablesOf(operation: string): Record<string, unknown>[] {
  const calls = vi.mocked(fetch).mock.calls as [string, RequestInit | undefined][];
  return calls
    .map(([, init]) =>
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as { operationName?: string; variables?: Record<string, unknown> })
        : null,
    )
    .filter((b): b is { operationName: string; variables: Record<string, unknown> } => b?.operationName === operation)
    .map((b) => b.variables);
}
