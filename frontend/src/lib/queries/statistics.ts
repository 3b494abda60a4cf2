import type { StatisticsResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';

/** Query keys of `GET /api/statistics`, read by the statistics screen and the profile, bumped after a game. */
export const statisticsKeys = {
  all: ['/api/statistics'] as const,
};

/**
 * No refetch on window focus. Opening a screen refetches behind the cached (locally bumped) copy so the totals the
 * statistics worker has applied since show up.
 */
export const statisticsQueryOptions = queryOptions({
  queryKey: statisticsKeys.all,
  queryFn: ({ signal }) => api.get<StatisticsResponse>(statisticsKeys.all[0], signal),
  refetchOnWindowFocus: false,
  refetchOnMount: 'always',
});
