import type {
  ClassJoin,
  CurrentUser,
  PupilCard,
  PupilLinkLoginRequest,
  PupilLoginRequest,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** `GET /api/class-codes/:code`: the class's first names and the ticket the pictures are sent with. */
export const classJoinQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['/api/class-codes', code] as const,
    queryFn: ({ signal }) => api.get<ClassJoin>(`/api/class-codes/${encodeURIComponent(code)}`, signal),
    retry: false,
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
    retry: false,
    staleTime: 5 * 60_000,
  });

/** `POST /api/auth/pupil-login`: the session starts as this pupil (the gateway acts on auth's directive). */
export const pupilLogin = (body: PupilLoginRequest) => api.post<CurrentUser>('/api/auth/pupil-login', body);

/** `POST /api/auth/pupil-link-login`: the secret from the pupil's personal QR code. */
export const pupilLinkLogin = (body: PupilLinkLoginRequest) =>
  api.post<CurrentUser>('/api/auth/pupil-link-login', body);
