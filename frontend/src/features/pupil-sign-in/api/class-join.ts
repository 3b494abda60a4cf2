import type {
  ClassJoin,
  CurrentUser,
  PupilCard,
  PupilLinkLoginRequest,
  PupilLoginRequest,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, isServiceUnavailable } from '../../../lib/api-client.js';
import { unavailableRetryDelay } from '../../../lib/query-client.js';

/** `GET /api/class-codes/:code`: the class's first names and the ticket the pictures are sent with. */
export const classJoinQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['/api/class-codes', code] as const,
    queryFn: ({ signal }) => api.get<ClassJoin>(`/api/class-codes/${encodeURIComponent(code)}`, signal),
    // At the bell the gateway may ask a class to wait (503 + Retry-After): wait and ask again, never an error.
    retry: (_count, error) => isServiceUnavailable(error),
    retryDelay: unavailableRetryDelay,
    staleTime: 5 * 60_000,
  });

/**
 * `POST /api/classes/pupil-card`: how many pictures the chosen pupil taps, asked with the code's ticket (the roster
 * says nothing about cards).
 */
export const pupilCardQueryOptions = (ticket: string, pupilId: number) =>
  queryOptions({
    queryKey: ['/api/classes/pupil-card', ticket, pupilId] as const,
    queryFn: () => api.post<PupilCard>('/api/classes/pupil-card', { ticket, pupilId }),
    retry: (_count, error) => isServiceUnavailable(error),
    retryDelay: unavailableRetryDelay,
    staleTime: 5 * 60_000,
  });

/** `POST /api/auth/pupil-login`: the session starts as this pupil (the gateway acts on auth's directive). */
export const pupilLogin = (body: PupilLoginRequest) => api.post<CurrentUser>('/api/auth/pupil-login', body);

/** `POST /api/auth/pupil-link-login`: the secret from the pupil's personal QR code. */
export const pupilLinkLogin = (body: PupilLinkLoginRequest) =>
  api.post<CurrentUser>('/api/auth/pupil-link-login', body);

/**
 * Sends a sign-in until it is answered with anything but "busy": a 503 (the gateway past its capacity at the bell,
 * docs/decisions/0056-sign-in-queue.md) or no answer at all is tried again after the Retry-After the server asked
 * for, with jitter so a class does not come back in the same second; `onWaiting` tells the screen to say so calmly.
 * Stops when `signal` aborts (the screen went away).
 */
export async function untilSignedIn<T>(
  send: () => Promise<T>,
  onWaiting: () => void,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const busy = isServiceUnavailable(err) || err instanceof TypeError;
      if (!busy || signal?.aborted) throw err;
      onWaiting();
      await new Promise((resolve) => setTimeout(resolve, unavailableRetryDelay(attempt, err)));
      if (signal?.aborted) throw err;
    }
  }
}
