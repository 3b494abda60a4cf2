import type { ClassJoin, CurrentUser, PupilLoginRequest } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** `GET /api/classes/join/:code`: the class's first names and the ticket the pictures are sent with. */
export const classJoinQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['/api/classes/join', code] as const,
    queryFn: ({ signal }) => api.get<ClassJoin>(`/api/classes/join/${encodeURIComponent(code)}`, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** `POST /api/auth/pupil-login`: the session starts as this pupil (the gateway acts on auth's directive). */
export const pupilLogin = (body: PupilLoginRequest) => api.post<CurrentUser>('/api/auth/pupil-login', body);
