import { describe, expect, it } from 'vitest';
import { formatQuestionText, generateQuestions } from '../questions/generator.js';
import { DIFFICULTIES, GAME_TYPES } from '../values.js';
import {
  checkIsDue,
  MASTERY_CHECK_MIN_QUESTIONS,
  masteryAfterGame,
  masteryAfterSkills,
  type OutcomeMastery,
  outcomeTalliesOf,
  skillTalliesOf,
  skillTallySchema,
} from './mastery.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-02T09:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const OUTCOME = 'MAT.1.2.2';
const right = { asked: 5, correct: 5 };
const wrong = { asked: 5, correct: 1 };
const middling = { asked: 5, correct: 3 };

/** Plays tallies in turn, a day apart from `from`, and returns every state passed through. */
function play(tallies: { asked: number; correct: number }[], from = 0, start?: OutcomeMastery) {
  const states: OutcomeMastery[] = [];
  let state = start;
  tallies.forEach((tally, i) => {
    state = masteryAfterGame(OUTCOME, state, tally, at(from + i));
    states.push(state);
  });
  return states;
}

/** Mastered on day 3 (practising, then three strong games). */
const mastered = () => play([right, right, right, right]).at(-1)!;

describe('skill and outcome tallies', () => {
  it('counts each question once under its skill and sums skills per outcome', () => {
    const skills = skillTalliesOf([
      { question: '3 + 4', isCorrect: true },
      { question: '6 + 2', isCorrect: false },
      { question: '9 + 8', isCorrect: true },
      { question: '5 × 4', isCorrect: true },
      { question: 'not a question', isCorrect: true },
    ]);
    expect(skills).toEqual([
      { skill: 'add-within-10', asked: 2, correct: 1 },
      { skill: 'add-within-20', asked: 1, correct: 1 },
      { skill: 'mul-facts-to-5', asked: 1, correct: 1 },
    ]);
    expect(outcomeTalliesOf(skills)).toEqual([
      { outcome: 'MAT.1.2.2', asked: 3, correct: 2 },
      { outcome: 'MAT.1.2.4', asked: 3, correct: 2 },
      { outcome: 'MAT.2.2.4', asked: 1, correct: 1 },
      { outcome: 'MAT.2.2.5', asked: 1, correct: 1 },
    ]);
  });

  it('tags every generated question of every topic and level with a skill the event schema accepts', () => {
    for (const gameType of GAME_TYPES)
      for (const difficulty of DIFFICULTIES) {
        const questions = generateQuestions({ gameType, difficulty, count: 20 });
        const tallies = skillTalliesOf(
          questions.map((q) => ({ question: formatQuestionText(q), isCorrect: true })),
        );
        expect(
          tallies.reduce((n, t) => n + t.asked, 0),
          `${gameType} ${difficulty}`,
        ).toBe(20);
        for (const t of tallies) expect(skillTallySchema.safeParse(t).success).toBe(true);
      }
  });

  it('refuses a tally with more right than asked', () => {
    expect(skillTallySchema.safeParse({ skill: 'add-within-10', asked: 2, correct: 3 }).success).toBe(false);
  });
});

describe('the ladder', () => {
  it('starts at practising whatever the first score, then climbs one rung per strong game to mastered', () => {
    expect(play([right, right, right, right]).map((s) => s.level)).toEqual([
      'practising',
      'familiar',
      'proficient',
      'mastered',
    ]);
    expect(play([wrong])[0]).toMatchObject({ level: 'practising', needsHelp: true, games: 1 });
  });

  it('never moves more than one step for one game, and never drops below practising', () => {
    const states = play([right, right, right, wrong, wrong, wrong, middling]);
    expect(states.map((s) => s.level)).toEqual([
      'practising',
      'familiar',
      'proficient',
      'familiar',
      'practising',
      'practising',
      'practising',
    ]);
    expect(states.at(-1)?.needsHelp).toBe(false);
  });

  it('keeps a rung on a middling game (between 50 and 80 %)', () => {
    expect(play([right, right, middling]).at(-1)?.level).toBe('familiar');
  });

  it('schedules the 7-day check on mastering', () => {
    const m = mastered();
    expect(m).toMatchObject({ level: 'mastered', checksPassed: 0, masteredAt: at(3).toISOString() });
    expect(m.checkDueAt).toBe(at(10).toISOString());
    expect(checkIsDue(m, at(9.9))).toBe(false);
    expect(checkIsDue(m, at(10))).toBe(true);
  });
});

describe('checks 7 and 30 days after mastering', () => {
  it('confirms the outcome after passing both checks, the 30-day one due 30 days after mastering', () => {
    const [afterSeven] = play([right], 10, mastered());
    expect(afterSeven).toMatchObject({
      level: 'mastered',
      checksPassed: 1,
      checkDueAt: at(33).toISOString(),
    });
    const [before] = play([right], 20, afterSeven);
    expect(before).toMatchObject({ checksPassed: 1, checkDueAt: at(33).toISOString() });
    const [confirmed] = play([right], 33, before);
    expect(confirmed).toMatchObject({ level: 'mastered', checksPassed: 2, checkDueAt: null, retained: true });
  });

  it('drops one step and back into review when a check fails; a failed 30-day check records forgetting', () => {
    const [failedSeven] = play([middling], 10, mastered());
    expect(failedSeven).toMatchObject({
      level: 'proficient',
      masteredAt: null,
      checkDueAt: null,
      checksPassed: 0,
      needsHelp: true,
      retained: null,
    });
    const [passedSeven] = play([right], 10, mastered());
    const [failedThirty] = play([wrong], 33, passedSeven);
    expect(failedThirty).toMatchObject({ level: 'proficient', retained: false, needsHelp: true });
    // Mastered again, it needs both checks again.
    const [again] = play([right], 40, failedThirty);
    expect(again).toMatchObject({ level: 'mastered', checkDueAt: at(47).toISOString(), retained: false });
  });

  it('judges a due check only on a game that asks the outcome often enough', () => {
    const few = { asked: MASTERY_CHECK_MIN_QUESTIONS - 1, correct: 1 };
    const [state] = play([few], 10, mastered());
    expect(state).toMatchObject({ level: 'mastered', checksPassed: 0, checkDueAt: at(10).toISOString() });
  });

  it('before a check is due, a weak game drops mastered to proficient and a middling one keeps it', () => {
    expect(play([middling], 5, mastered())[0]?.level).toBe('mastered');
    expect(play([wrong], 5, mastered())[0]).toMatchObject({ level: 'proficient', checkDueAt: null });
  });

  it('leaves at least a day between the two checks when the 7-day one is taken late', () => {
    const [late] = play([right], 40, mastered());
    expect(late).toMatchObject({ checksPassed: 1, checkDueAt: at(41).toISOString() });
  });
});

describe('masteryAfterSkills', () => {
  it('moves each outcome the game asked, from the current states, and no other', () => {
    const current = new Map([[OUTCOME, mastered()]]);
    const changed = masteryAfterSkills(current, [{ skill: 'add-within-10', asked: 4, correct: 4 }], at(10));
    expect(changed.map((s) => [s.outcome, s.level, s.checksPassed])).toEqual([
      ['MAT.1.2.2', 'mastered', 1],
      ['MAT.1.2.4', 'practising', 0],
    ]);
  });
});
