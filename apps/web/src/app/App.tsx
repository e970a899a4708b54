import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routeDiscovery, routes } from './router.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Every route of the app under a base path; whoever mounts the app disposes of it on unmount. */
export function createAppRouter(basename: string): AppRouter {
  return createBrowserRouter(routes, { basename, patchRoutesOnNavigation: routeDiscovery(basename) });
}

/** The whole app: data, routes. UI kits are set up by each area's layout. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
