import type { MessageResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** `GET /api/auth/verify-email?token=`: a token is spent once, so the answer is cached for the page's life. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: ({ signal }) =>
      api.get<MessageResponse>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, signal),
    gcTime: Number.POSITIVE_INFINITY,
  });
