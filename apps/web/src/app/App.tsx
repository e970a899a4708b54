import { Suspense } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner.tsx';
import { RouteErrorBoundary } from '../components/RouteError.tsx';
import { isForbiddenError, reportQueryError } from './forbidden.ts';
import { AppRoutes } from './router.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // a page's load refused to the user (FORBIDDEN) shows the no-permission page
    queryCache: new QueryCache({ onError: (err, query) => reportQueryError(err, query) }),
    defaultOptions: {
      // a refusal of the user's rights does not change on a second try
      queries: { retry: (failures, err) => failures < 1 && !isForbiddenError(err), refetchOnWindowFocus: false },
    },
  });
}

/**
 * The whole app under a base path: data, routes. UI kits are set up by each area's layout. The
 * router is React Router's declarative one: the app's routes need nothing of its data router
 * (loaders, actions, fetchers), which is about 19 kB of every page's first download.
 */
export function App({ basename, queryClient }: { basename: string; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={basename}>
        <RouteErrorBoundary>
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
