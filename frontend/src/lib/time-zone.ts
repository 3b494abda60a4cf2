import { DEFAULT_TIME_ZONE, type StatisticsResponse } from '@mathgames/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { statisticsKeys, statisticsQueryOptions } from './queries/statistics.js';

/**
 * The zone the server counts days and weeks in (its TIME_ZONE config), as the statistics answer names it. Before
 * there is one (a guest, a teacher, the first load) it is contracts' default, which the server config starts from.
 */
export function timeZoneOf(client: QueryClient): string {
  return client.getQueryData<StatisticsResponse>(statisticsKeys.all)?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** `timeZoneOf` for a component: follows the cached statistics answer without asking for it. */
export function useTimeZone(): string {
  const { data } = useQuery({ ...statisticsQueryOptions, enabled: false, select: (s) => s.timeZone });
  return data ?? DEFAULT_TIME_ZONE;
}
