import type { StatisticsResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** Same key the gameplay bumps after a game (spec §4), so the chart grows at once. */
export const STATISTICS_KEY = ['/api/statistics'] as const;

export const getStatistics = (signal?: AbortSignal) => api.get<StatisticsResponse>(STATISTICS_KEY[0], signal);

/**
 * Spec §7: no refetch on window focus. Opening the screen refetches behind the cached (locally bumped) copy so the
 * totals the workers have applied since show up.
 */
export const statisticsQueryOptions = queryOptions({
  queryKey: STATISTICS_KEY,
  queryFn: ({ signal }) => getStatistics(signal),
  refetchOnWindowFocus: false,
  refetchOnMount: 'always',
});
