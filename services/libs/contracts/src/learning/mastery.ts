/**
 * Mastery per outcome (docs/product-rules.md#mastery): a ladder per pupil and Maarif outcome (not started, practising, familiar,
 * proficient, mastered), moved by each game that asks the outcome's skills and confirmed by checks 7 and 30 days
 * after it was reached. Pure, so statistics-worker (the pupil's own map), classes-worker (the teacher's grid) and the
 * browser (guests, on the device) keep the same ladder.
 *
 * - A game's questions of an outcome's skills are its tally for that outcome. At least 80 % right steps up one rung,
 *   under 50 % steps down one (never below practising), between stays. One game never moves more than one step.
 * - The first game that asks an outcome starts it at practising, whatever its score.
 * - Reaching mastered schedules a check 7 days later; passing it schedules one 30 days after mastering; passing that
 *   confirms the outcome (retained). The check is the first game after the due day that asks the outcome at least
 *   MASTERY_CHECK_MIN_QUESTIONS times: a level mixes the outcome's skills with others, so it is a mixed check. Passing
 *   is the same 80 %; failing drops one step to proficient and puts the outcome back in review (it must be mastered
 *   and checked again). Before a check is due, a game under 50 % also drops mastered to proficient.
 */
import { z } from 'zod';
import { OUTCOMES, SKILL_IDS, SKILLS, type SkillId } from '../outcomes/map.js';
import { skillOfText } from '../outcomes/skill-of.js';

export const MASTERY_LEVELS = ['not-started', 'practising', 'familiar', 'proficient', 'mastered'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];
/** The rungs a started outcome can be on. */
export type StartedLevel = Exclude<MasteryLevel, 'not-started'>;

/** A game at least this right on an outcome steps up (and passes a check). */
export const MASTERY_STEP_UP_PERCENT = 80;
/** A game under this steps down one rung. */
export const MASTERY_STEP_DOWN_PERCENT = 50;
/** Days after mastering when the two checks fall due. */
export const MASTERY_CHECK_DAYS = [7, 30] as const;
/** A game judges a due check only when it asks the outcome at least this often; fewer answers are ordinary practice. */
export const MASTERY_CHECK_MIN_QUESTIONS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of a game's questions belonged to a skill, and how many of those were right. */
export const skillTallySchema = z
  .object({
    skill: z.enum(SKILL_IDS),
    asked: z.number().int().positive(),
    correct: z.number().int().nonnegative(),
  })
  .refine((t) => t.correct <= t.asked, { message: 'correct exceeds asked', path: ['correct'] })
  .meta({ id: 'SkillTally' });
export type SkillTally = z.infer<typeof skillTallySchema>;

export interface Tally {
  asked: number;
  correct: number;
}

/** The skills a game's questions practised, with how many were right, in the map's skill order. */
export function skillTalliesOf(
  questions: ReadonlyArray<{ question: string; isCorrect: boolean }>,
): SkillTally[] {
  const bySkill = new Map<SkillId, SkillTally>();
  for (const q of questions) {
    const skill = skillOfText(q.question);
    if (!skill) continue;
    const tally = bySkill.get(skill) ?? { skill, asked: 0, correct: 0 };
    tally.asked += 1;
    if (q.isCorrect) tally.correct += 1;
    bySkill.set(skill, tally);
  }
  return SKILL_IDS.flatMap((id) => bySkill.get(id) ?? []);
}

/** The outcomes those skills practise, each with the sum of its skills' tallies, in the map's outcome order. */
export function outcomeTalliesOf(skills: readonly SkillTally[]): Array<Tally & { outcome: string }> {
  const byCode = new Map<string, Tally>();
  for (const s of skills) {
    for (const code of SKILLS[s.skill].outcomes) {
      const tally = byCode.get(code) ?? { asked: 0, correct: 0 };
      tally.asked += s.asked;
      tally.correct += s.correct;
      byCode.set(code, tally);
    }
  }
  return OUTCOMES.flatMap((o) => {
    const tally = byCode.get(o.code);
    return tally ? [{ outcome: o.code, ...tally }] : [];
  });
}

const isoTime = z.iso.datetime({ offset: true });

/** A pupil's state on one outcome they have started. */
export const outcomeMasterySchema = z
  .object({
    outcome: z.string(),
    level: z.enum(['practising', 'familiar', 'proficient', 'mastered']),
    /** Games that asked the outcome. */
    games: z.number().int().nonnegative(),
    /** When it was (last) mastered; null below mastered. */
    masteredAt: isoTime.nullable(),
    /** Checks passed since it was mastered: 0 (the 7-day check is ahead), 1 (the 30-day one), 2 (confirmed). */
    checksPassed: z.number().int().min(0).max(2),
    /** When the next check falls due; null when none is ahead. */
    checkDueAt: isoTime.nullable(),
    /** The latest 30-day check: true passed, false failed, null never taken. */
    retained: z.boolean().nullable(),
    /** The latest game on it was under 50 %, or its check failed. */
    needsHelp: z.boolean(),
    updatedAt: isoTime,
  })
  .meta({ id: 'OutcomeMastery' });
export type OutcomeMastery = z.infer<typeof outcomeMasterySchema>;

/** The pupil's map: their started outcomes (the others are not started). */
export const masteryResponseSchema = z
  .object({ outcomes: z.array(outcomeMasterySchema) })
  .meta({ id: 'MasteryResponse' });
export type MasteryResponse = z.infer<typeof masteryResponseSchema>;

/** The class × outcome grid, each outcome's 30-day retention, for the class's teacher. */
export const classMasterySchema = z
  .object({
    pupils: z.array(
      z.object({
        pupilId: z.number().int().positive(),
        name: z.string(),
        outcomes: z.array(outcomeMasterySchema),
      }),
    ),
    /** Per outcome with a 30-day check taken: how many pupils took it and how many passed it. */
    retention: z.array(
      z.object({
        outcome: z.string(),
        checked: z.number().int().positive(),
        retained: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'ClassMastery' });
export type ClassMastery = z.infer<typeof classMasterySchema>;

export function levelOf(state: OutcomeMastery | undefined): MasteryLevel {
  return state?.level ?? 'not-started';
}

/** Whether the outcome's next check has fallen due at `now`. */
export function checkIsDue(state: OutcomeMastery | undefined, now: Date): boolean {
  return state?.checkDueAt != null && Date.parse(state.checkDueAt) <= now.getTime();
}

const RUNGS: readonly StartedLevel[] = ['practising', 'familiar', 'proficient', 'mastered'];
const after = (from: Date | string, days: number) => new Date(new Date(from).getTime() + days * DAY_MS);

function backInReview(state: OutcomeMastery): OutcomeMastery {
  return { ...state, level: 'proficient', masteredAt: null, checksPassed: 0, checkDueAt: null };
}

/** The state after one game asked the outcome `tally.asked` times (at: when the server received the game). */
export function masteryAfterGame(
  outcome: string,
  prev: OutcomeMastery | undefined,
  tally: Tally,
  at: Date,
): OutcomeMastery {
  if (tally.asked <= 0) throw new RangeError('a game that did not ask the outcome does not move it');
  const percent = (tally.correct * 100) / tally.asked;
  const strong = percent >= MASTERY_STEP_UP_PERCENT;
  const weak = percent < MASTERY_STEP_DOWN_PERCENT;
  const updatedAt = at.toISOString();
  if (!prev)
    return {
      outcome,
      level: 'practising',
      games: 1,
      masteredAt: null,
      checksPassed: 0,
      checkDueAt: null,
      retained: null,
      needsHelp: weak,
      updatedAt,
    };
  const base: OutcomeMastery = { ...prev, games: prev.games + 1, needsHelp: weak, updatedAt };
  if (prev.level === 'mastered') {
    if (checkIsDue(prev, at) && tally.asked >= MASTERY_CHECK_MIN_QUESTIONS) {
      const thirtyDay = prev.checksPassed === 1;
      if (!strong)
        return { ...backInReview(base), needsHelp: true, retained: thirtyDay ? false : prev.retained };
      if (thirtyDay) return { ...base, checksPassed: 2, checkDueAt: null, retained: true };
      const thirty = after(prev.masteredAt ?? at, MASTERY_CHECK_DAYS[1]);
      const next = thirty.getTime() > at.getTime() + DAY_MS ? thirty : after(at, 1);
      return { ...base, checksPassed: 1, checkDueAt: next.toISOString() };
    }
    return weak ? backInReview(base) : base;
  }
  const rung = RUNGS.indexOf(prev.level);
  if (strong) {
    const level = RUNGS[rung + 1]!;
    return level === 'mastered'
      ? {
          ...base,
          level,
          masteredAt: updatedAt,
          checksPassed: 0,
          checkDueAt: after(at, MASTERY_CHECK_DAYS[0]).toISOString(),
        }
      : { ...base, level };
  }
  return weak ? { ...base, level: RUNGS[Math.max(0, rung - 1)]! } : base;
}

/**
 * A game's effect on a pupil's outcomes: the new state of each outcome its skills practise, from `current` (by
 * outcome code). Outcomes the game did not ask are absent.
 */
export function masteryAfterSkills(
  current: ReadonlyMap<string, OutcomeMastery>,
  skills: readonly SkillTally[],
  at: Date,
): OutcomeMastery[] {
  return outcomeTalliesOf(skills).map(({ outcome, ...tally }) =>
    masteryAfterGame(outcome, current.get(outcome), tally, at),
  );
}
