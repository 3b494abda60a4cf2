import { type GameResultRequest, gameResultRequestSchema, pointsFor } from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import type { StoredQuestion } from '../data-access/game-results-repository.js';
import { correctAnswerOf } from './answer-check.js';

export interface VerifiedGameResult {
  gameType: GameResultRequest['gameType'];
  difficulty: GameResultRequest['difficulty'];
  questionsCount: number;
  correctAnswers: number;
  totalTime: number;
  points: number;
  questions: StoredQuestion[];
}

/** Each answered question shows 1.5 s of feedback before the next, so a game cannot be faster than ~1 s each. */
export const MIN_SECONDS_PER_ANSWER = 1;

function forged(field: string, messageKey: string): AppError {
  return new AppError(400, 'forged_result', messageKey, field);
}

/**
 * Trusts nothing the browser computed: the shape is the contracts schema, then every question's answer is
 * recomputed from its text, every isCorrect re-derived, and the totals must agree with the questions.
 */
export function verifyGameResult(body: unknown): VerifiedGameResult {
  const input = gameResultRequestSchema.parse(body);
  if (input.questions.length !== input.questionsCount) throw forged('questions', 'invalid_questions');
  let correct = 0;
  let answered = 0;
  input.questions.forEach((q, i) => {
    const expected = correctAnswerOf(q.question);
    if (expected === null) throw forged(`questions.${i}.question`, 'invalid_question_text');
    if (q.answer !== expected) throw forged(`questions.${i}.answer`, 'invalid_answer');
    const isCorrect = q.userAnswer !== null && q.userAnswer === expected;
    if (q.isCorrect !== isCorrect) throw forged(`questions.${i}.isCorrect`, 'invalid_answer');
    if (isCorrect) correct++;
    if (q.userAnswer !== null) answered++;
  });
  if (input.correctAnswers !== correct) throw forged('correctAnswers', 'invalid_correct_answers');
  if (input.totalTime < answered * MIN_SECONDS_PER_ANSWER) throw forged('totalTime', 'invalid_total_time');
  return {
    gameType: input.gameType,
    difficulty: input.difficulty,
    questionsCount: input.questionsCount,
    correctAnswers: correct,
    totalTime: input.totalTime,
    points: pointsFor(correct),
    questions: input.questions.map((q) => ({
      question: q.question,
      answer: q.answer,
      userAnswer: q.userAnswer,
      isCorrect: q.isCorrect,
    })),
  };
}
