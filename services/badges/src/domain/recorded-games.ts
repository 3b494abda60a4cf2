import type { GameResultRecordedEvent } from '@mathgames/contracts';
import { type Db, markUserErased } from '@mathgames/platform';
import { addProgress, deleteUserBadges } from '../data-access/badges-repository.js';
import type { summaryRefreshesAfterCommit } from './badge-summary.js';

type SummaryRefreshes = ReturnType<typeof summaryRefreshesAfterCommit>;

/**
 * Adds a game's correct answers to the 7 badges of its (type, difficulty) in the consumer's transaction, once per
 * event; a game that completed a badge requests the user's summary refresh there (applied after the commit, retried
 * if it fails): progress alone leaves the completed counts, and so the summary, as they were.
 */
export async function applyRecordedGame(
  tx: Db,
  event: GameResultRecordedEvent,
  refreshes: SummaryRefreshes,
): Promise<void> {
  if (event.correctAnswers === 0) return;
  const completed = await addProgress(
    tx,
    event.userId,
    event.gameType,
    event.difficulty,
    event.correctAnswers,
    new Date(event.playedAt),
  );
  if (completed) await refreshes.request(tx, event.id, event.userId);
}

/**
 * A deleted account's badge progress goes, and its cached summary after the commit: the refresh is requested in the
 * transaction and finds no completed badge, so it removes the key, or is retried until it can. The account is
 * recorded as erased, so a game of it still on its way is skipped.
 */
export async function eraseUser(
  tx: Db,
  event: { id: string; userId: number },
  refreshes: SummaryRefreshes,
): Promise<void> {
  await markUserErased(tx, 'badges', event.userId);
  await deleteUserBadges(tx, event.userId);
  await refreshes.request(tx, event.id, event.userId);
}
