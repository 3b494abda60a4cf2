import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '../app/provider.js';
import i18n, { loadNamespaces } from '../lib/i18n/i18n.js';
import { createQueryClient } from '../lib/query-client.js';

/** Loads the namespaces a screen needs in the given language. */
export async function useLanguage(lang: 'tr' | 'en', ...namespaces: string[]): Promise<void> {
  await i18n.changeLanguage(lang);
  await loadNamespaces('common', ...namespaces);
}

/** Renders `ui` in the app's providers, a memory router (for <Link>) and the app's own query defaults. */
export function renderWithApp(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
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
