/**
 * "Practice my mistakes": a Leitner schedule of the shapes a pupil got wrong. A shape is a topic, a
 * difficulty and the slip made (contracts/mistakes.ts). Pure, so the server (logged-in pupils) and the
 * browser (guests, local storage) keep the same schedule.
 */

import { formatQuestionText, generateQuestions, type Question, type Random } from '../questions/generator.js';
import type { MistakeKind } from '../questions/mistakes.js';
import type { Difficulty, GameType } from '../values.js';

/** Box n is due again this many days after it was last answered (box 1 after 1 day … box 4 after 14). */
export const LEITNER_INTERVAL_DAYS = [1, 3, 7, 14] as const;
export const LEITNER_BOXES = LEITNER_INTERVAL_DAYS.length;
/** One review never asks more than this many shapes (the oldest due first). */
export const REVIEW_MAX_QUESTIONS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewShape {
  gameType: GameType;
  difficulty: Difficulty;
  mistake: MistakeKind;
}

export interface ReviewCard extends ReviewShape {
  /** 1 … LEITNER_BOXES. */
  box: number;
  /** ISO time from which the shape is asked again. */
  dueAt: string;
}

export function shapeKey(s: ReviewShape): string {
  return `${s.gameType}/${s.difficulty}/${s.mistake}`;
}

function dueAfter(box: number, now: Date): string {
  return new Date(now.getTime() + LEITNER_INTERVAL_DAYS[box - 1]! * DAY_MS).toISOString();
}

/** A wrong answer (in a game or a review) puts its shape in the first box, due again after one day. */
export function cardAfterMistake(shape: ReviewShape, now: Date): ReviewCard {
  return { ...shape, box: 1, dueAt: dueAfter(1, now) };
}

/**
 * A reviewed shape: right moves it up a box (a right answer in the last box retires it: null), wrong sends it
 * back to the first.
 */
export function cardAfterReview(card: ReviewCard, correct: boolean, now: Date): ReviewCard | null {
  if (!correct) return cardAfterMistake(card, now);
  if (card.box >= LEITNER_BOXES) return null;
  return { ...card, box: card.box + 1, dueAt: dueAfter(card.box + 1, now) };
}

/** Adds the shapes of a game's wrong answers to a schedule (a shape already there goes back to box 1). */
export function addMistakesToSchedule(
  cards: readonly ReviewCard[],
  shapes: readonly ReviewShape[],
  now: Date,
): ReviewCard[] {
  const byKey = new Map(cards.map((c) => [shapeKey(c), c]));
  for (const s of shapes) byKey.set(shapeKey(s), cardAfterMistake(s, now));
  return [...byKey.values()];
}

/**
 * The due shapes, oldest first, then interleaved: topics take turns so two questions of the same topic
 * never follow each other while another topic is waiting (mixed practice beats blocked practice).
 */
export function dueCards(cards: readonly ReviewCard[], now: Date, max = REVIEW_MAX_QUESTIONS): ReviewCard[] {
  const due = cards
    .filter((c) => Date.parse(c.dueAt) <= now.getTime())
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt) || shapeKey(a).localeCompare(shapeKey(b)))
    .slice(0, max);
  return interleave(due);
}

export function interleave(cards: readonly ReviewCard[]): ReviewCard[] {
  const queues = new Map<string, ReviewCard[]>();
  for (const c of cards) queues.set(c.gameType, [...(queues.get(c.gameType) ?? []), c]);
  const out: ReviewCard[] = [];
  let last: string | null = null;
  while (out.length < cards.length) {
    // The topic with most left goes next unless it just went: that order never leaves a run avoidable.
    const topics = [...queues.entries()]
      .filter(([, q]) => q.length > 0)
      .sort((a, b) => b[1].length - a[1].length);
    const [topic, queue] = topics.find(([t]) => t !== last) ?? topics[0]!;
    out.push(queue.shift()!);
    last = topic;
  }
  return out;
}

export interface ReviewQuestion extends Question {
  shape: ReviewShape;
}

/**
 * One question per due shape, of its topic and difficulty, chosen so one of its wrong options is the very
 * slip the pupil made (falling back to any question of that topic and level).
 */
export function buildReviewQuestions(
  cards: readonly ReviewCard[],
  random: Random = Math.random,
): ReviewQuestion[] {
  const used = new Set<string>();
  return cards.map((card) => {
    const pool = generateQuestions({
      gameType: card.gameType,
      difficulty: card.difficulty,
      count: 20,
      random,
    });
    // An estimation item practises rounding, not the slip reviewed: never asked in its place.
    const fresh = pool.filter((q) => !q.estimate && !used.has(formatQuestionText(q)));
    const question =
      fresh.find((q) => q.mistakes.includes(card.mistake)) ?? fresh[0] ?? pool.find((q) => !q.estimate)!;
    used.add(formatQuestionText(question));
    return {
      ...question,
      shape: { gameType: card.gameType, difficulty: card.difficulty, mistake: card.mistake },
    };
  });
}
