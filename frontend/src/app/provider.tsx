import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n.js';
import { queryClient as defaultQueryClient } from '../lib/query-client.js';
import { PERSIST_MAX_AGE_MS, persister, shouldPersist } from '../lib/query-persistence.js';
import { store } from '../lib/store.js';

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  persist = false,
}: {
  children: ReactNode;
  queryClient?: typeof defaultQueryClient;
  /** Keep the pupil's last known progress on the device (the app; not tests or the pre-render). */
  persist?: boolean;
}) {
  const inner = (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </JotaiProvider>
  );
  if (!persist || !persister) return <QueryClientProvider client={queryClient}>{inner}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: PERSIST_MAX_AGE_MS,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
      }}
      // Restored data is the last known state, never fresh: ask the server again (offline, the request waits
      // and the screens show the restored data with its "as of" time).
      onSuccess={() => void queryClient.invalidateQueries()}
    >
      {inner}
    </PersistQueryClientProvider>
  );
}
