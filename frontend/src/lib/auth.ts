import type { CurrentUser } from '@mathgames/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client.js';
import { forgetPersistedProgress } from './offline/query-persistence.js';

/** The current user as screens read it, as the contracts define it. */
export type { CurrentUser } from '@mathgames/contracts';

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

/** `GET /api/auth/me`: a 401 means "nobody is logged in"; other failures are logged and read as logged out. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const user = await api.get<CurrentUser>('/api/auth/me', signal);
    // Anything but a user object (an HTML fallback page, an empty body) means nobody is logged in.
    return user && typeof user === 'object' && typeof user.username === 'string' ? user : null;
  } catch (error) {
    if (signal?.aborted) throw error; // cancelled (the screen went away): React Query drops the result
    // No network (fetch's TypeError): keep the last known user (restored from the device) instead of "nobody".
    if (error instanceof TypeError && typeof navigator !== 'undefined' && !navigator.onLine) throw error;
    if (!(error instanceof ApiError && error.status === 401)) console.warn('session check failed', error);
    return null;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

/** `user` is null when logged out; `isPending` is true until the first session check has answered. */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const query = useQuery(currentUserQueryOptions);
  return { user: query.data ?? null, isPending: query.isPending };
}

/** Name to greet a user by. */
export function displayNameOf(user: CurrentUser): string {
  return user.displayName?.trim() || user.username;
}

/** `POST /api/auth/logout`, then forget the user and reload. Throws on failure so callers can toast. */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout');
  forgetPersistedProgress(); // a shared computer: the next pupil must not see this one's progress
  window.location.reload();
}

export function useSetCurrentUser(): (user: CurrentUser | null) => void {
  const client = useQueryClient();
  return (user) => client.setQueryData(CURRENT_USER_KEY, user);
}
