import type { HistoryResponse } from '@mathgames/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../api-client.js';

export const HISTORY_PAGE_SIZE = 20;

/** Query keys of `GET /api/game-results` (the pupil's game history). */
export const gameHistoryKeys = {
  all: ['/api/game-results'] as const,
};

/** `GET /api/game-results?limit=20&cursor=…`, newest first, one page per "show more". */
export const gameHistoryQueryOptions = infiniteQueryOptions({
  queryKey: gameHistoryKeys.all,
  queryFn: ({ pageParam, signal }) =>
    api.get<HistoryResponse>(
      `/api/game-results?limit=${HISTORY_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      signal,
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  refetchOnMount: 'always',
});
