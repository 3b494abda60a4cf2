/**
 * Server-side re-check of a posted game: every question's correctness is decided from its saved text,
 * never from the client's `isCorrect`, so a forged result is refused.
 */

import type { GameResultRequest } from '../schemas/index.js';
import type { GameType } from '../values.js';
import {
  answerToRational,
  equalRational,
  type Operator,
  type ParsedQuestion,
  parseQuestionText,
  questionValue,
} from './arithmetic.js';
import { questionFitsDifficulty } from './generator.js';

export interface CheckInput {
  question: string;
  answer: number;
  userAnswer: number | null | undefined;
}

export type CheckProblem = 'unparseable' | 'not_exact' | 'answer_mismatch';

export type CheckResult =
  | { valid: true; correct: boolean; parsed: ParsedQuestion; operator: Operator; fractions: boolean }
  | { valid: false; correct: false; problem: CheckProblem };

/**
 * Valid when the text parses, integer questions divide exactly, and the saved answer is the true result;
 * then `correct` tells whether userAnswer equals it (by value, so 2/4 and 1/2 agree).
 */
export function checkAnswer({ question, answer, userAnswer }: CheckInput): CheckResult {
  const parsed = parseQuestionText(question);
  if (!parsed) return { valid: false, correct: false, problem: 'unparseable' };
  const result = questionValue(parsed);
  if (!result || (!parsed.fractions && result.d !== 1))
    return { valid: false, correct: false, problem: 'not_exact' };
  const saved = typeof answer === 'number' ? answerToRational(answer) : null;
  if (!saved || !equalRational(saved, result))
    return { valid: false, correct: false, problem: 'answer_mismatch' };
  const given = typeof userAnswer === 'number' ? answerToRational(userAnswer) : null;
  return {
    valid: true,
    correct: given !== null && equalRational(given, result),
    parsed,
    operator: parsed.operator,
    fractions: parsed.fractions,
  };
}

/** How long the game shows each answer's feedback before the next question (or the end). */
export const ANSWER_FEEDBACK_MS = 1500;
/**
 * The floor of a game's time: every answered question shows its feedback for 1.5 s and the game's clock runs
 * through it, so no honest game is faster. (The game's real pace is about 2 s an answer, feedback plus the
 * child's tap; the floor leaves the tap out, so the quickest honest child is never refused.)
 */
export const MIN_SECONDS_PER_ANSWER = ANSWER_FEEDBACK_MS / 1000;
/** totalTime is rounded to whole seconds: the response times may exceed it by this much. */
export const RESPONSE_TIME_ROUNDING_MS = 1000;
/** A game longer than an hour is an abandoned tab or a forgery, not play. */
export const MAX_GAME_SECONDS = 60 * 60;

export type GameResultProblemCode =
  | 'questions_count_mismatch'
  | 'correct_answers_mismatch'
  | 'question_invalid'
  | 'question_type_mismatch'
  | 'question_difficulty_mismatch'
  | 'duplicate_question'
  | 'is_correct_mismatch'
  | 'total_time_too_short'
  | 'total_time_too_long'
  | 'response_time_invalid';

export interface GameResultProblem {
  code: GameResultProblemCode;
  /** Path of the offending field, e.g. `questions.3.isCorrect`. */
  field: string;
}

function operatorFits(type: GameType, operator: Operator, fractions: boolean): boolean {
  if (type === 'kesirler') return fractions;
  if (fractions) return false;
  return { toplama: '+', çıkarma: '-', çarpma: '×', bölme: '÷' }[type] === operator;
}

/** Every problem of a parsed result request; an empty list means it may be stored. */
export function validateGameResult(payload: GameResultRequest): GameResultProblem[] {
  const problems: GameResultProblem[] = [];
  const { questions } = payload;
  if (questions.length !== payload.questionsCount) {
    problems.push({ code: 'questions_count_mismatch', field: 'questions' });
  }
  let checkedCorrect = 0;
  let answered = 0;
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    if (q.userAnswer !== null && q.userAnswer !== undefined) answered++;
    const r = checkAnswer(q);
    if (!r.valid) {
      problems.push({ code: 'question_invalid', field: `questions.${i}.question` });
      return;
    }
    if (!operatorFits(payload.gameType, r.operator, r.fractions)) {
      problems.push({ code: 'question_type_mismatch', field: `questions.${i}.question` });
    } else if (!questionFitsDifficulty(r.parsed, payload.gameType, payload.difficulty)) {
      problems.push({ code: 'question_difficulty_mismatch', field: `questions.${i}.question` });
    }
    // Keyed by value, so `12 / 3` and `12 ÷ 3` are the same question.
    const { left, operator, right } = r.parsed;
    const key = `${r.parsed.estimate ? '≈' : ''}${left.n}/${left.d}${operator}${right.n}/${right.d}`;
    if (seen.has(key)) problems.push({ code: 'duplicate_question', field: `questions.${i}.question` });
    seen.add(key);
    if (r.correct) checkedCorrect++;
    if (r.correct !== q.isCorrect)
      problems.push({ code: 'is_correct_mismatch', field: `questions.${i}.isCorrect` });
  });
  if (payload.correctAnswers !== checkedCorrect) {
    problems.push({ code: 'correct_answers_mismatch', field: 'correctAnswers' });
  }
  // totalTime is whole seconds, so the floor tolerates the client's rounding.
  if (payload.totalTime < Math.floor(answered * MIN_SECONDS_PER_ANSWER)) {
    problems.push({ code: 'total_time_too_short', field: 'totalTime' });
  }
  if (payload.totalTime > MAX_GAME_SECONDS)
    problems.push({ code: 'total_time_too_long', field: 'totalTime' });
  // Response times: only for answered questions, and together no longer than the game (whole seconds, rounded).
  let responseTotal = 0;
  questions.forEach((q, i) => {
    const ms = q.responseMs;
    if (ms === null || ms === undefined) return;
    if (q.userAnswer === null || q.userAnswer === undefined)
      problems.push({ code: 'response_time_invalid', field: `questions.${i}.responseMs` });
    responseTotal += ms;
  });
  if (responseTotal > payload.totalTime * 1000 + RESPONSE_TIME_ROUNDING_MS)
    problems.push({ code: 'response_time_invalid', field: 'questions' });
  return problems;
}
