import type { MessageResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/**
 * `POST /api/auth/verify-email` with the link's token in the body (never the URL: docs/decisions/0046-link-tokens-in-fragment.md).
 * A token is spent once, so the answer is cached for the page's life.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: () => api.post<MessageResponse>('/api/auth/verify-email', { token }),
    gcTime: Number.POSITIVE_INFINITY,
  });
