import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner.tsx';
import { RouteErrorBoundary } from '../components/RouteError.tsx';
import { AppRoutes } from './router.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
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
