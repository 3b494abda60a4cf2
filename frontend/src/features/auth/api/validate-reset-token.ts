import type { TokenValidationResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const validateResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/auth/validate-reset-token', token],
    queryFn: ({ signal }) =>
      api.get<TokenValidationResponse>(
        `/api/auth/validate-reset-token?token=${encodeURIComponent(token)}`,
        signal,
      ),
  });
