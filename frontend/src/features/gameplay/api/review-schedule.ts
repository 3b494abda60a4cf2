import {
  addMistakesToSchedule,
  cardAfterReview,
  dueCards,
  isMistakeKind,
  parseDifficulty,
  parseGameType,
  type ReviewAnswersRequestInput,
  type ReviewCard,
  type ReviewScheduleResponse,
  type ReviewShape,
  shapeKey,
} from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** Logged-in pupils: the schedule lives on the server and follows them across devices. */
export const REVIEW_KEY = ['/api/game-results/review'] as const;
export const getServerReview = (signal?: AbortSignal) =>
  api.get<ReviewScheduleResponse>(REVIEW_KEY[0], signal);
export const postServerReview = (body: ReviewAnswersRequestInput) =>
  api.post<ReviewScheduleResponse>(REVIEW_KEY[0], body);

/** Guests: the same Leitner schedule (contracts/review-schedule.ts) in local storage. */
const GUEST_KEY = 'reviewCards';

function isCard(value: unknown): value is ReviewCard {
  const c = value as ReviewCard;
  return (
    !!c &&
    parseGameType(c.gameType) === c.gameType &&
    parseDifficulty(c.difficulty) === c.difficulty &&
    isMistakeKind(c.mistake) &&
    Number.isInteger(c.box) &&
    !Number.isNaN(Date.parse(c.dueAt))
  );
}

export function readGuestCards(): ReviewCard[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCard) : [];
  } catch {
    return [];
  }
}

function writeGuestCards(cards: ReviewCard[]): void {
  try {
    localStorage.setItem(GUEST_KEY, JSON.stringify(cards));
  } catch (error) {
    console.warn('local storage write failed', error);
  }
}

export function guestSchedule(now = new Date()): ReviewScheduleResponse {
  const cards = readGuestCards();
  const due = dueCards(cards, now);
  const dueKeys = new Set(due.map(shapeKey));
  return {
    due,
    later: cards
      .filter((c) => !dueKeys.has(shapeKey(c)))
      .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt)),
  };
}

/** A guest's finished game: its explained wrong answers enter the schedule in box 1. */
export function addGuestMistakes(shapes: ReviewShape[], now = new Date()): void {
  if (shapes.length > 0) writeGuestCards(addMistakesToSchedule(readGuestCards(), shapes, now));
}

/** A guest's finished review: right → up a box (or retired from the last), wrong → box 1. */
export function recordGuestReview(
  results: Array<{ shape: ReviewShape; correct: boolean }>,
  now = new Date(),
) {
  const cards = new Map(readGuestCards().map((c) => [shapeKey(c), c]));
  for (const { shape, correct } of results) {
    const card = cards.get(shapeKey(shape));
    if (!card) continue;
    const after = cardAfterReview(card, correct, now);
    if (after) cards.set(shapeKey(shape), after);
    else cards.delete(shapeKey(shape));
  }
  writeGuestCards([...cards.values()]);
  return guestSchedule(now);
}
