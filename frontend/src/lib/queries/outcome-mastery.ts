import type { MasteryResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';

/** `GET /api/statistics/outcomes`: the signed-in pupil's started outcomes on the mastery ladder (docs/product-rules.md#mastery). */
export const outcomeMasteryQueryOptions = queryOptions({
  queryKey: ['/api/statistics/outcomes'] as const,
  queryFn: ({ signal }) => api.get<MasteryResponse>('/api/statistics/outcomes', signal),
  refetchOnWindowFocus: false,
  refetchOnMount: 'always',
});
