import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { PERSIST_MAX_AGE_MS, PERSISTED_QUERIES_KEY, shouldPersist } from './query-persistence.js';

/** The persister's own copy of query-core types the same client (pinned one minor behind). */
type PersistedClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];

function localPersister(): Persister | undefined {
  try {
    return createSyncStoragePersister({ storage: window.localStorage, key: PERSISTED_QUERIES_KEY });
  } catch {
    return undefined; // storage refused (private modes, sandboxed frames): nothing is kept
  }
}

/**
 * Brings back the progress an earlier visit kept on the device. Restored data is the last known state, never
 * fresh: the queries it filled are marked stale and asked again (offline, the request waits and the screens show
 * the restored data with its "as of" time). Data newer than the kept copy is never replaced by it.
 */
export async function restoreProgress(queryClient: QueryClient): Promise<void> {
  const persister = localPersister();
  if (!persister) return;
  const before = new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
  );
  await persistQueryClientRestore({
    queryClient: queryClient as unknown as PersistedClient,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
  }).catch(() => {});
  void queryClient.invalidateQueries({
    predicate: (query) => before.get(query.queryHash) !== query.state.dataUpdatedAt,
  });
}

/** From now on the pupil's progress (only `shouldPersist` queries) is written to the device, at most once a second. */
export async function keepProgress(queryClient: QueryClient, options: { restore: boolean }): Promise<void> {
  if (options.restore) await restoreProgress(queryClient);
  const persister = localPersister();
  if (!persister) return;
  const props = {
    queryClient: queryClient as unknown as PersistedClient,
    persister,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
  persistQueryClientSubscribe(props);
  // What arrived before this module did is written now, not at the next change.
  await persistQueryClientSave(props);
}
