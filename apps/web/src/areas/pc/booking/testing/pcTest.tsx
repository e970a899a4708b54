import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import { ensureBookingTranslations } from '../../../../features/booking/i18n.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { AntdShell } from '../../AntdShell.tsx';

/** Translations (core, desktop, booking) and the browser APIs antd needs, for desktop booking tests. */
export async function preparePcBookingTest(): Promise<void> {
  await prepareBackOfficeTest();
  await ensureBookingTranslations();
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
}

/** Renders a signed-in desktop page at `path` (route `pattern`), with a fresh query cache. */
export function renderPc(
  element: ReactNode,
  { path = '/pc/x', pattern = path }: { path?: string; pattern?: string } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <Guard>
            <AntdShell themeColor="#3399fe">{element}</AntdShell>
          </Guard>
        ),
      },
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
