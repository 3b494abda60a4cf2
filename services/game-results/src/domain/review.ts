import {
  addMistakesToSchedule,
  cardAfterReview,
  checkAnswer,
  dueCards,
  type GameType,
  type MistakeKind,
  questionFitsDifficulty,
  type ReviewCard,
  type ReviewScheduleResponse,
  type ReviewShape,
  reviewAnswersRequestSchema,
  shapeKey,
} from '@mathgames/contracts';
import { AppError, withTransaction } from '@mathgames/platform';
import type pg from 'pg';
import type { StoredQuestion } from '../data-access/game-results-repository.js';
import { listReviewCards, saveReviewCards } from '../data-access/review-repository.js';

export interface ReviewDeps {
  pool: pg.Pool;
  now: () => Date;
}

function schedule(cards: readonly ReviewCard[], now: Date): ReviewScheduleResponse {
  const due = dueCards(cards, now);
  const dueKeys = new Set(due.map(shapeKey));
  return { due, later: cards.filter((c) => !dueKeys.has(shapeKey(c))) };
}

export async function getReviewSchedule(deps: ReviewDeps, userId: number): Promise<ReviewScheduleResponse> {
  return schedule(await listReviewCards(deps.pool, userId), deps.now());
}

/** A game's explained wrong answers as review cards, each shape (back) in box 1: stored with the result. */
export function mistakeCards(
  game: { gameType: string; difficulty: string; questions: StoredQuestion[] },
  now: Date,
): ReviewCard[] {
  const shapes: ReviewShape[] = game.questions.flatMap((q) =>
    q.mistake
      ? [
          {
            gameType: game.gameType as GameType,
            difficulty: game.difficulty,
            mistake: q.mistake,
          } as ReviewShape,
        ]
      : [],
  );
  return shapes.length > 0 ? addMistakesToSchedule([], shapes, now) : [];
}

const OPERATOR_OF: Record<string, string> = { toplama: '+', çıkarma: '-', çarpma: '×', bölme: '÷' };

/**
 * A finished review: each answer is re-checked like a game result (the question must be real, of that topic and
 * level); right moves its shape up a box, wrong back to box 1. Only a card due when the review is posted moves,
 * and only once (its first answer): answers for shapes the pupil does not have, for cards not yet due, or a
 * second answer for the same card are ignored, so a review can neither plant cards nor clear the mistakes list
 * without practising.
 */
export async function recordReview(
  deps: ReviewDeps,
  userId: number,
  body: unknown,
): Promise<ReviewScheduleResponse> {
  const { answers } = reviewAnswersRequestSchema.parse(body);
  answers.forEach((a, i) => {
    const check = checkAnswer(a);
    const fits =
      check.valid &&
      (a.gameType === 'kesirler'
        ? check.fractions
        : !check.fractions && OPERATOR_OF[a.gameType] === check.operator) &&
      questionFitsDifficulty(check.parsed, a.gameType, a.difficulty);
    if (!fits) throw new AppError(400, 'forged_result', 'invalid_question_text', `answers.${i}.question`);
  });
  const now = deps.now();
  return withTransaction(deps.pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['review', userId]);
    const cards = new Map((await listReviewCards(client, userId)).map((c) => [shapeKey(c), c]));
    const dueKeys = new Set(
      [...cards.values()].filter((c) => Date.parse(c.dueAt) <= now.getTime()).map(shapeKey),
    );
    const changed = new Map<string, ReviewCard>();
    const retired: ReviewCard[] = [];
    for (const a of answers) {
      const key = shapeKey({
        gameType: a.gameType,
        difficulty: a.difficulty,
        mistake: a.mistake as MistakeKind,
      });
      const card = cards.get(key);
      if (!card || !dueKeys.delete(key)) continue;
      const after = cardAfterReview(card, checkAnswer(a).correct, now);
      if (after) {
        cards.set(key, after);
        changed.set(key, after);
      } else {
        cards.delete(key);
        retired.push(card);
      }
    }
    await saveReviewCards(client, userId, [...changed.values()], retired, now);
    return schedule([...cards.values()], now);
  });
}
