import type { BadgeSummary, CategoryKey, UserBadgesResponse } from '@mathgames/contracts';
import { ALL_BADGE_CATEGORIES, USER_BADGES_MAX_LIMIT } from '@mathgames/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../api-client.js';
import { pollInterval } from '../query-client.js';

/** A badge list stays fresh for 60 s. */
export const BADGE_LIST_STALE_MS = 60_000;
/** The summary is polled every 3 s, in the background too. */
export const BADGE_SUMMARY_POLL_MS = 3_000;

const PATH = '/api/user-badges';

/**
 * Query keys of `GET /api/user-badges*`, read by the badges screen, the profile and the result summary. The path
 * comes first (the persisted-progress filter reads it); `all` covers every list and summary.
 */
export const badgeKeys = {
  all: [PATH] as const,
  lists: () => [PATH, 'list'] as const,
  list: (completed: boolean, category: CategoryKey) => [PATH, 'list', { completed, category }] as const,
  summary: (category: CategoryKey) => [PATH, 'summary', { category }] as const,
};

const withCategory = (path: string, category: CategoryKey) =>
  category === ALL_BADGE_CATEGORIES ? path : `${path}${path.includes('?') ? '&' : '?'}category=${category}`;

const badgeListQueryOptions = (completed: boolean, category: CategoryKey) => {
  const path = withCategory(
    `${PATH}?${completed ? 'completed=true&' : ''}limit=${USER_BADGES_MAX_LIMIT}`,
    category,
  );
  return queryOptions({
    queryKey: badgeKeys.list(completed, category),
    queryFn: ({ signal }) => api.get<UserBadgesResponse>(path, signal),
    staleTime: BADGE_LIST_STALE_MS,
  });
};

/** `GET /api/user-badges?completed=true&limit=1000[&category=]`: the earned badges. */
export const completedBadgesQueryOptions = (category: CategoryKey = ALL_BADGE_CATEGORIES) =>
  badgeListQueryOptions(true, category);

/** `GET /api/user-badges?limit=1000[&category=]`: every badge with the user's progress. */
export const allBadgesQueryOptions = (category: CategoryKey = ALL_BADGE_CATEGORIES) =>
  badgeListQueryOptions(false, category);

/**
 * `GET /api/user-badges/summary`: polled every 3 s including in the background. The server answers with an ETag
 * and `no-cache`, so the browser revalidates and gets a 304 without a body when nothing changed.
 */
export const badgeSummaryQueryOptions = (category: CategoryKey = ALL_BADGE_CATEGORIES) =>
  queryOptions({
    queryKey: badgeKeys.summary(category),
    queryFn: ({ signal }) => api.get<BadgeSummary>(withCategory(`${PATH}/summary`, category), signal),
    staleTime: 0,
    // Backs off while the server answers 503 (an outage or the gateway shedding load).
    refetchInterval: pollInterval(BADGE_SUMMARY_POLL_MS),
    refetchIntervalInBackground: true,
  });

/**
 * The polled summary. The badge worker awards badges after the result is saved, so the lists learn of a badge
 * that crossed its threshold from here: when the completed count changes, every badge list is refetched.
 */
export function useBadgeSummary() {
  const client = useQueryClient();
  const summary = useQuery(badgeSummaryQueryOptions());
  const completed = summary.data?.completed;
  const seen = useRef(completed);
  useEffect(() => {
    if (completed === undefined) return;
    if (seen.current !== undefined && seen.current !== completed)
      void client.invalidateQueries({ queryKey: badgeKeys.lists() });
    seen.current = completed;
  }, [completed, client]);
  return summary;
}
