import type { FactsResponse, FluencyThreshold } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';

/** `GET /api/statistics/facts`: the signed-in pupil's tried facts at a threshold (3 s, or the gentler 6 s). */
export function factFluencyQueryOptions(threshold: FluencyThreshold) {
  const path = `/api/statistics/facts?threshold=${threshold}`;
  return queryOptions({
    queryKey: ['/api/statistics/facts', threshold] as const,
    queryFn: ({ signal }) => api.get<FactsResponse>(path, signal),
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
  });
}
