import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api, isServiceUnavailable } from './api-client.js';

/** A 503 is retried this many times after its Retry-After before the screen shows its error and retry button. */
export const UNAVAILABLE_RETRIES = 4;

/** Retry only what the server called temporary (503), after the wait it asked for, with jitter. */
export function retryUnavailable(failureCount: number, error: unknown): boolean {
  return isServiceUnavailable(error) && failureCount < UNAVAILABLE_RETRIES;
}

export function unavailableRetryDelay(_attempt: number, error: unknown): number {
  const wait = isServiceUnavailable(error) ? error.retryAfterMs : 5_000;
  // Jitter so a classroom of tabs does not come back in the same second.
  return wait + Math.random() * wait * 0.5;
}

/**
 * A polling interval that backs off while the server answers 503: the Retry-After wait, doubled for each
 * failed poll in a row, at most a minute; `everyMs` again as soon as a poll succeeds.
 */
export function pollInterval(everyMs: number) {
  return (query: { state: { error: unknown; fetchFailureCount: number } }): number => {
    const { error, fetchFailureCount } = query.state;
    if (!isServiceUnavailable(error)) return everyMs;
    return Math.min(60_000, Math.max(everyMs, error.retryAfterMs) * 2 ** Math.max(0, fetchFailureCount - 1));
  };
}

/** A query with no queryFn GETs the path in its first key segment. */
const getPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('query key must start with a path');
  return api.get(path, signal);
};

/**
 * Query defaults: no retries, data never stale, no refetch on focus, no polling unless a query asks. The one
 * exception is a 503 (a dependency down for a moment): queries wait out its Retry-After and try again, so a
 * short outage shows a loading state rather than an error. Mutations never retry here: a game result that
 * cannot be saved is kept and sent again by its own queue, with the same Idempotency-Key.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getPath,
        retry: retryUnavailable,
        retryDelay: unavailableRetryDelay,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
