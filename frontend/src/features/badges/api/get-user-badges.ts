import type { BadgeSummary, CategoryKey, UserBadgesResponse } from '@mathgames/contracts';
import { USER_BADGES_MAX_LIMIT } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { pollInterval } from '../../../lib/query-client.js';

/** Spec §9: a badge list stays fresh for 60 s. */
export const BADGE_LIST_STALE_MS = 60_000;
/** Spec §9: the summary is polled every 3 s, in the background too. */
export const BADGE_SUMMARY_POLL_MS = 3_000;

const withCategory = (path: string, category: CategoryKey) =>
  category === 'tumu' ? path : `${path}&category=${category}`;

/** `GET /api/user-badges?completed=true&limit=1000[&category=]`. */
export const completedBadgesQueryOptions = (category: CategoryKey = 'tumu') => {
  const path = withCategory(`/api/user-badges?completed=true&limit=${USER_BADGES_MAX_LIMIT}`, category);
  return queryOptions({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<UserBadgesResponse>(path, signal),
    staleTime: BADGE_LIST_STALE_MS,
  });
};

/**
 * `GET /api/user-badges?limit=1000[&category=]`: every badge with the user's progress. The unfiltered key is the
 * one the gameplay replaces after a game.
 */
export const allBadgesQueryOptions = (category: CategoryKey = 'tumu') => {
  const path = withCategory(`/api/user-badges?limit=${USER_BADGES_MAX_LIMIT}`, category);
  return queryOptions({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<UserBadgesResponse>(path, signal),
    staleTime: BADGE_LIST_STALE_MS,
  });
};

/**
 * `GET /api/user-badges/summary`: polled every 3 s including in the background. The server answers with an ETag
 * and `no-cache`, so the browser revalidates and gets a 304 without a body when nothing changed.
 */
export const badgeSummaryQueryOptions = (category: CategoryKey = 'tumu') => {
  const path =
    category === 'tumu' ? '/api/user-badges/summary' : `/api/user-badges/summary?category=${category}`;
  return queryOptions({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<BadgeSummary>(path, signal),
    staleTime: 0,
    // Backs off while the server answers 503 (an outage or the gateway shedding load).
    refetchInterval: pollInterval(BADGE_SUMMARY_POLL_MS),
    refetchIntervalInBackground: true,
  });
};
