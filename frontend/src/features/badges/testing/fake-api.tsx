import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProvider } from '../../../app/provider.js';
import { createQueryClient } from '../../../lib/query-client.js';

/**
 * The network edge of a component test: `fetch` answers from a table of path → JSON that the test changes
 * between polls (the browser is the edge here; the real API is covered by the e2e suite).
 */
export function fakeApi(initial: Record<string, unknown>) {
  const routes = new Map<string, unknown>(Object.entries(initial));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (!routes.has(path)) return new Response('{"code":"not_found","message":"x"}', { status: 404 });
      return new Response(JSON.stringify(routes.get(path)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    set(path: string, body: unknown) {
      routes.set(path, body);
    },
  };
}

/** Renders a screen in the app's providers, a memory router and the app's own query defaults. */
export function renderScreen(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, queryClient };
}
