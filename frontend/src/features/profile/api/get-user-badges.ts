import { type BadgeSummary, USER_BADGES_MAX_LIMIT, type UserBadgesResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { pollInterval } from '../../../lib/query-client.js';

const ALL = `/api/user-badges?limit=${USER_BADGES_MAX_LIMIT}`;

/** Every badge with the user's progress (the key the gameplay replaces after a game); fresh for 60 s. */
export const profileBadgesQueryOptions = queryOptions({
  queryKey: [ALL] as const,
  queryFn: ({ signal }) => api.get<UserBadgesResponse>(ALL, signal),
  staleTime: 60_000,
});

export const profileBadgeSummaryQueryOptions = queryOptions({
  queryKey: ['/api/user-badges/summary'] as const,
  queryFn: ({ signal }) => api.get<BadgeSummary>('/api/user-badges/summary', signal),
  staleTime: 0,
  // Every 3 s, backing off while the server answers 503.
  refetchInterval: pollInterval(3_000),
  refetchIntervalInBackground: true,
});
