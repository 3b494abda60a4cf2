import type { Query, QueryClient } from '@tanstack/react-query';

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

/**
 * Keeps the pupil's progress on the device (`lib/persist-progress.ts`, with the persister libraries) from the
 * moment there is some: the first persisted query holding data (a signed-in user, their statistics…). A guest
 * has none, so a guest's first download never carries that code. `restore` also brings back what an earlier
 * visit kept first (the page opened offline has done that before its first render).
 */
export function persistProgressOnceThereIsSome(queryClient: QueryClient, restore: boolean): void {
  const cache = queryClient.getQueryCache();
  const hasProgress = (query: Query) => shouldPersist(query) && query.state.data != null;
  let started = false;
  let unsubscribe: (() => void) | undefined;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe?.();
    void import('./persist-progress.js')
      .then(({ keepProgress }) => keepProgress(queryClient, { restore }))
      .catch((error: unknown) => console.warn('keeping progress on the device failed', error));
  };
  if (cache.getAll().some(hasProgress)) {
    start();
    return;
  }
  unsubscribe = cache.subscribe((event) => {
    if (event.type === 'updated' && hasProgress(event.query)) start();
  });
}

export function forgetPersistedProgress(): void {
  try {
    localStorage.removeItem(PERSISTED_QUERIES_KEY);
  } catch {
    // storage unavailable: nothing was persisted
  }
}
