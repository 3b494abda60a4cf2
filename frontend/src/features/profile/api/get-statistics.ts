import type { StatisticsResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The statistics the profile reads: same key as the statistics screen and the gameplay's local bump. */
export const profileStatisticsQueryOptions = queryOptions({
  queryKey: ['/api/statistics'] as const,
  queryFn: ({ signal }) => api.get<StatisticsResponse>('/api/statistics', signal),
  refetchOnWindowFocus: false,
  refetchOnMount: 'always',
});
