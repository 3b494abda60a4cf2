import {
  DEFAULT_TIME_ZONE,
  formatQuestionText,
  type GameResultRequest,
  type GameResultResponse,
  type Question,
  type StatisticsResponse,
  weekDayIndex,
} from '@mathgames/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.js';
import { fireRefreshBadges } from '../../../lib/events.js';
import type { GameState } from '../hooks/game-machine.js';
import { summarise } from '../hooks/game-machine.js';

export const STATISTICS_KEY = ['/api/statistics'] as const;
/** localStorage mirror of the weekly progress (spec §4). */
export const WEEKLY_PROGRESS_STORAGE_KEY = 'weeklyProgress';

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
      };
    }),
  };
}

/** `POST /api/game-results`; the key is made once per finished game so a re-send counts once. */
export function postGameResult(
  result: GameResultRequest,
  idempotencyKey: string,
): Promise<GameResultResponse> {
  return api.post<GameResultResponse>('/api/game-results', result, { 'Idempotency-Key': idempotencyKey });
}

/** Today's slot (Monday = 0) of the cached weekly progress grows by the correct answers, mirrored to localStorage. */
export function bumpWeeklyProgress(client: QueryClient, correct: number, now = new Date()): void {
  if (correct <= 0) return;
  const day = weekDayIndex(now, DEFAULT_TIME_ZONE);
  client.setQueryData<StatisticsResponse>(STATISTICS_KEY, (old) => {
    if (!old) return old;
    const weeklyProgress = [...old.weeklyProgress];
    weeklyProgress[day] = (weeklyProgress[day] ?? 0) + correct;
    return { ...old, weeklyProgress };
  });
  try {
    const stored =
      client.getQueryData<StatisticsResponse>(STATISTICS_KEY)?.weeklyProgress ?? readStoredWeek();
    const week = stored.length === 7 ? [...stored] : [0, 0, 0, 0, 0, 0, 0];
    if (!client.getQueryData(STATISTICS_KEY)) week[day] = (week[day] ?? 0) + correct;
    localStorage.setItem(WEEKLY_PROGRESS_STORAGE_KEY, JSON.stringify(week));
  } catch (error) {
    console.warn('storage write failed', error);
  }
}

function readStoredWeek(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WEEKLY_PROGRESS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) && parsed.length === 7 && parsed.every((n) => typeof n === 'number')
      ? parsed
      : [];
  } catch {
    return [];
  }
}

const isBadgeQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/user-badges');
/** The cached "all badges" list of spec §7 (`GET /api/user-badges?limit=1000`). */
export const ALL_USER_BADGES_KEY = ['/api/user-badges?limit=1000'] as const;

/**
 * Everything that happens after a game (spec §4, §7): weekly progress bumped at once, the result posted, the badge
 * list replaced by the answer's `badges` (or the badge queries invalidated) and the refresh-badges event fired.
 * A 401 (guest) is ignored silently; other failures are only logged: the child still sees the summary.
 */
export async function recordFinishedGame(client: QueryClient, state: GameState, idempotencyKey: string) {
  const result = buildGameResult(state);
  bumpWeeklyProgress(client, result.correctAnswers);
  try {
    const response = await postGameResult(result, idempotencyKey);
    if (response && Array.isArray(response.badges)) {
      client.setQueryData(ALL_USER_BADGES_KEY, response.badges);
      await client.invalidateQueries({
        predicate: (query) => isBadgeQuery(query.queryKey) && query.queryKey[0] !== ALL_USER_BADGES_KEY[0],
      });
    } else {
      await client.invalidateQueries({ predicate: (query) => isBadgeQuery(query.queryKey) });
    }
    fireRefreshBadges();
    return response;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401))
      console.warn('saving the game result failed', error);
    return null;
  }
}
