import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './router.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The whole app under a base path: data, routes. UI kits are set up by each area's layout. */
export function App({ basename, queryClient }: { basename: string; queryClient: QueryClient }) {
  const router = useMemo(() => createBrowserRouter(routes, { basename }), [basename]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
