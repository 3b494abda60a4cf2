import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n/i18n.js';
import { queryClient as defaultQueryClient } from '../lib/query-client.js';
import { store } from '../lib/store.js';

/**
 * The providers every screen needs. The pupil's progress is kept on the device outside React
 * (`lib/query-persistence.ts`, started by `main.tsx`), so tests and the pre-render never touch storage.
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: typeof defaultQueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
