import { type FactsResponse, FLUENT_MS, type FluencyThreshold, GENTLE_FLUENT_MS } from '@mathgames/contracts';
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

const THRESHOLD_KEY = 'factFluencyThreshold';

/** The threshold chosen on this device (the fact matrix's switch): 3 s, or 6 s so timing never shuts out a six-year-old. */
export function storedFluencyThreshold(): FluencyThreshold {
  try {
    return localStorage.getItem(THRESHOLD_KEY) === String(GENTLE_FLUENT_MS) ? GENTLE_FLUENT_MS : FLUENT_MS;
  } catch {
    return FLUENT_MS;
  }
}

export function storeFluencyThreshold(threshold: FluencyThreshold): void {
  try {
    localStorage.setItem(THRESHOLD_KEY, String(threshold));
  } catch {
    // Private mode: the choice lasts for this page.
  }
}
