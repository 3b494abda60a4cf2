import type { TokenValidationResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** `POST /api/auth/validate-reset-token`, the token in the body (docs/decisions/0046-link-tokens-in-fragment.md). */
export const validateResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/auth/validate-reset-token', token],
    queryFn: () => api.post<TokenValidationResponse>('/api/auth/validate-reset-token', { token }),
  });
