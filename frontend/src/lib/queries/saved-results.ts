import type { QueryClient } from '@tanstack/react-query';
import { announceBadgeRefresh } from '../events.js';
import { gameHistoryKeys } from './game-history.js';
import { statisticsKeys } from './statistics.js';
import { badgeKeys } from './user-badges.js';

/**
 * The one refresh after game results reached the server, whether sent at the end of the game or later from the
 * results kept on the device: statistics, history and every badge query are marked stale, and those on screen
 * refetch. Badges the worker awards a moment later reach the lists through the polled summary (`useBadgeSummary`).
 * The spec's refresh-badges window event is fired as well (`REFRESH_BADGES_EVENT`).
 */
export async function refreshAfterSavedResults(client: QueryClient): Promise<void> {
  await Promise.all(
    [statisticsKeys.all, gameHistoryKeys.all, badgeKeys.all].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
  announceBadgeRefresh();
}
