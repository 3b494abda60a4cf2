import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen.js';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Rendered without the top bar and footer (verify-email, reset-password). */
    frameless?: boolean;
  }
}

/** Pre-rendering (no browser) passes a memory history and the origin links resolve against. */
export function createAppRouter(
  queryClient: QueryClient,
  server?: { history: RouterHistory; origin: string },
) {
  return createRouter({
    routeTree,
    ...server,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns freshness.
    defaultPreloadStaleTime: 0,
    // Server-side it would print an inline script, which the CSP forbids; the client restores scroll itself.
    scrollRestoration: !import.meta.env.SSR,
  });
}
