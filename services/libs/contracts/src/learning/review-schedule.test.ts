import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuestionText } from '../questions/arithmetic.js';
import { formatQuestionText, seededRandom } from '../questions/generator.js';
import { deriveMistakeKind, MISTAKE_KINDS } from '../questions/mistakes.js';
import { DIFFICULTIES, GAME_TYPES } from '../values.js';
import {
  addMistakesToSchedule,
  buildReviewQuestions,
  cardAfterMistake,
  cardAfterReview,
  dueCards,
  interleave,
  LEITNER_BOXES,
  LEITNER_INTERVAL_DAYS,
  type ReviewCard,
  type ReviewShape,
} from './review-schedule.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-23T08:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * DAY);

const carry: ReviewShape = { gameType: 'toplama', difficulty: 'orta', mistake: 'carry-slip' };
const borrow: ReviewShape = { gameType: 'çıkarma', difficulty: 'orta', mistake: 'borrow-slip' };
const denominators: ReviewShape = {
  gameType: 'kesirler',
  difficulty: 'kolay',
  mistake: 'added-denominators',
};

describe('the Leitner schedule', () => {
  it('asks a wrong shape again after 1, then 3, 7 and 14 days while it is answered right, then retires it', () => {
    let card: ReviewCard | null = cardAfterMistake(carry, T0);
    let now = T0;
    const gaps: number[] = [];
    for (let i = 0; i < LEITNER_BOXES; i++) {
      const due = new Date(card!.dueAt);
      gaps.push((due.getTime() - now.getTime()) / DAY);
      now = due;
      card = cardAfterReview(card!, true, now);
    }
    expect(gaps).toEqual([...LEITNER_INTERVAL_DAYS]);
    expect(card).toBeNull();
  });

  it('a wrong answer sends a shape back to box 1 from any box (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LEITNER_BOXES }), fc.integer({ min: 0, max: 400 }), (box, d) => {
        const card: ReviewCard = { ...carry, box, dueAt: day(d).toISOString() };
        const after = cardAfterReview(card, false, day(d))!;
        expect(after.box).toBe(1);
        expect(Date.parse(after.dueAt) - day(d).getTime()).toBe(DAY);
        const right = cardAfterReview(card, true, day(d));
        if (box < LEITNER_BOXES) expect(right!.box).toBe(box + 1);
        else expect(right).toBeNull();
      }),
    );
  });

  it('three wrong shapes come back after a day, not before, interleaved across topics', () => {
    const twoAdditions: ReviewShape = { gameType: 'toplama', difficulty: 'kolay', mistake: 'off-by-one' };
    const cards = addMistakesToSchedule([], [carry, twoAdditions, borrow, denominators], T0);
    expect(dueCards(cards, new Date(T0.getTime() + DAY - 1))).toEqual([]);
    const due = dueCards(cards, day(1));
    expect(due).toHaveLength(4);
    for (let i = 1; i < due.length; i++) expect(due[i]!.gameType).not.toBe(due[i - 1]!.gameType);
  });

  it('interleaving never puts one topic twice in a row when another is waiting (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...GAME_TYPES), { minLength: 1, maxLength: 10 }), (topics) => {
        const cards = topics.map((gameType, i) => ({
          gameType,
          difficulty: DIFFICULTIES[i % 5]!,
          mistake: MISTAKE_KINDS[i]!,
          box: 1,
          dueAt: T0.toISOString(),
        }));
        const out = interleave(cards);
        expect(out).toHaveLength(cards.length);
        const counts = new Map<string, number>();
        for (const t of topics) counts.set(t, (counts.get(t) ?? 0) + 1);
        const most = Math.max(...counts.values());
        // Only unavoidable runs: when one topic has more than all others together (+1).
        const runs = out.filter((c, i) => i > 0 && out[i - 1]!.gameType === c.gameType).length;
        expect(runs).toBe(Math.max(0, most - (topics.length - most) - 1));
      }),
    );
  });

  it('a shape answered wrong again in a game goes back to box 1', () => {
    const up = cardAfterReview(cardAfterMistake(carry, T0), true, day(1))!;
    expect(up.box).toBe(2);
    const [again] = addMistakesToSchedule([up], [carry], day(2));
    expect(again).toMatchObject({ box: 1, dueAt: day(3).toISOString() });
  });
});

describe('review questions', () => {
  it('ask each due shape with a question offering that very slip', () => {
    const cards = dueCards(addMistakesToSchedule([], [carry, borrow, denominators], T0), day(1));
    const questions = buildReviewQuestions(cards);
    expect(questions.map((q) => q.shape.mistake)).toEqual(cards.map((c) => c.mistake));
    for (const q of questions) {
      expect(q.gameType).toBe(q.shape.gameType);
      const slip = q.options[q.mistakes.indexOf(q.shape.mistake)]!;
      expect(deriveMistakeKind(parseQuestionText(formatQuestionText(q))!, slip)).toBe(q.shape.mistake);
    }
  });

  it('never ask an estimation item in place of a slip, even when no question offers it', () => {
    // Adding the denominators is no slip of hard whole-number addition: the review falls back to any question.
    const card = { gameType: 'toplama', difficulty: 'zor', mistake: 'added-denominators' } as const;
    for (let seed = 1; seed <= 20; seed++) {
      const [question] = buildReviewQuestions(
        [{ ...card, box: 1, dueAt: T0.toISOString() }],
        seededRandom(seed),
      );
      expect(question?.estimate, `seed ${seed}`).toBeUndefined();
    }
  });
});
