import {
  formatQuestionText,
  type GameResultRequest,
  pointsFor,
  type Question,
  type StatisticsResponse,
  weekDayIndex,
} from '@mathgames/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  dismissRefused,
  isUnsent,
  keepResult,
  sendUnsentResults,
} from '../../../lib/offline/unsent-results.js';
import { refreshAfterSavedResults } from '../../../lib/queries/saved-results.js';
import { statisticsKeys } from '../../../lib/queries/statistics.js';
import { timeZoneOf } from '../../../lib/time-zone.js';
import type { GameState } from '../hooks/game-machine.js';
import { summarise } from '../hooks/game-machine.js';

/** The saved result: question text written with contracts' formatQuestionText so the server's checker agrees. */
export function buildGameResult(state: GameState): GameResultRequest {
  const summary = summarise(state.questions, state.answers, state.elapsedMs);
  return {
    gameType: state.settings.gameType,
    difficulty: state.settings.difficulty,
    questionsCount: state.settings.count,
    correctAnswers: summary.correct,
    totalTime: summary.totalSeconds,
    questions: state.questions.map((question: Question, i) => {
      const userAnswer = state.answers[i] ?? null;
      return {
        question: formatQuestionText(question),
        answer: question.answer,
        userAnswer,
        isCorrect: userAnswer !== null && userAnswer === question.answer,
        responseMs: userAnswer === null ? null : (state.responseMs[i] ?? null),
      };
    }),
  };
}

/**
 * Today's slot (Monday = 0) of the cached weekly progress grows by the correct answers before the server answers,
 * and that of the weekly points (the profile's charts), when the answer had them, by their points.
 */
export function bumpWeeklyProgress(client: QueryClient, correct: number, now = new Date()): void {
  if (correct <= 0) return;
  const day = weekDayIndex(now, timeZoneOf(client));
  client.setQueryData<StatisticsResponse>(statisticsKeys.all, (old) => {
    if (!old) return old;
    const weeklyProgress = [...old.weeklyProgress];
    weeklyProgress[day] = (weeklyProgress[day] ?? 0) + correct;
    if (!old.weeklyPoints) return { ...old, weeklyProgress };
    const weeklyPoints = [...old.weeklyPoints];
    weeklyPoints[day] = (weeklyPoints[day] ?? 0) + pointsFor(correct);
    return { ...old, weeklyProgress, weeklyPoints };
  });
}

/** What the summary tells the child about the result (docs/deviations.md). */
export type SaveState =
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Kept on the device: sent when the connection returns. */
  | { kind: 'kept-offline' }
  /** Kept on the device for a guest: attached at the next sign-in here. */
  | { kind: 'kept-guest' }
  /** The server refused it for good (e.g. longer than an hour): said, not dropped silently. */
  | { kind: 'refused'; message: string };

/**
 * Everything that happens after a game: this week's progress bumped at once (the chart grows before the server
 * answers), the result kept on the device with its key and play time (so it is never lost), then sent with
 * everything else waiting, and the progress queries refreshed once it arrived. A guest's result stays on the
 * device until someone signs in here; an offline or failed send stays until the connection returns.
 */
export async function recordFinishedGame(
  client: QueryClient,
  state: GameState,
  idempotencyKey: string,
  userId: number | null,
  now = new Date(),
): Promise<SaveState> {
  const result: GameResultRequest = { ...buildGameResult(state), playedAt: now.toISOString() };
  bumpWeeklyProgress(client, result.correctAnswers, now);
  try {
    await keepResult({ key: idempotencyKey, result, owner: userId });
  } catch (error) {
    console.warn('keeping the game result on the device failed', error);
  }
  // Offline with nobody known on this page (opened offline before the device kept who is signed in), keepResult
  // asked for a Background Sync: the service worker sends it when the connection returns if a session is there.
  if (userId === null) return { kind: navigator.onLine ? 'kept-guest' : 'kept-offline' };
  try {
    const outcome = await sendUnsentResults(userId);
    const refused = outcome.refused.get(idempotencyKey);
    if (refused) {
      // Shown on this summary, so not again later.
      await dismissRefused(idempotencyKey);
      return { kind: 'refused', message: refused.message };
    }
    if (outcome.sent.size > 0) await refreshAfterSavedResults(client);
    // Sent by this run or by another tab holding the lock a moment earlier.
    return (await isUnsent(idempotencyKey)) ? { kind: 'kept-offline' } : { kind: 'saved' };
  } catch (error) {
    console.warn('sending the game result failed', error);
    return { kind: 'kept-offline' };
  }
}
