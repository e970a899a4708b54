import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ensureBookingTranslations } from '../../../../features/booking/i18n.ts';
import { ensureCheckinTranslations } from '../../../../features/checkin/i18n.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import '../../antd-mobile-setup.ts';

/** The texts the check-in pages show (core, booking's shared widgets, check-in). */
export async function loadCheckinTexts(): Promise<void> {
  await initI18n();
  await Promise.all([ensureBookingTranslations(), ensureCheckinTranslations()]);
}

/** Where a page went: the path and query of the location. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

/** Renders a page at `path` (route `pattern`); any other path shows where the page went. */
export function renderPage(pattern: string, path: string, page: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: <Landed /> },
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

/** The variables of each GraphQL call made through the stubbed fetch, by operation name. */
export function graphqlVariables(operation: string): Record<string, unknown>[] {
  const fetchMock = vi.mocked(fetch);
  return fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body ?? '{}')))
    .filter((body: { operationName?: string }) => body.operationName === operation)
    .map((body: { variables: Record<string, unknown> }) => body.variables);
}
