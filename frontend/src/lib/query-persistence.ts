import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query } from '@tanstack/react-query';

/** localStorage key of the persisted progress (cleared at logout: school computers are shared). */
export const PERSISTED_QUERIES_KEY = 'mathgames-progress';
/** How long a pupil's last known progress is kept on the device. */
export const PERSIST_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Only the pupil's progress screens and who is signed in: shown, marked "as of", while offline. */
const PERSISTED = /^\/api\/(auth\/me|statistics$|user-badges|game-results)/;

export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [path] = query.queryKey;
  return query.state.status === 'success' && typeof path === 'string' && PERSISTED.test(path);
}

export const persister =
  typeof window === 'undefined'
    ? undefined
    : createSyncStoragePersister({ storage: window.localStorage, key: PERSISTED_QUERIES_KEY });

export function forgetPersistedProgress(): void {
  try {
    localStorage.removeItem(PERSISTED_QUERIES_KEY);
  } catch {
    // storage unavailable: nothing was persisted
  }
}
