import {
  deriveMistakeKind,
  type GameResultProblemCode,
  type GameResultRequest,
  gameResultRequestSchema,
  type MessageKey,
  parseQuestionText,
  playedAtOutOfBounds,
  pointsFor,
  validateGameResult,
} from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import type { NewGameResult } from '../data-access/game-results-repository.js';

/** A posted game the server has checked and scored: the row to store, but for whose it is and its idempotency key. */
export interface VerifiedGameResult extends Omit<NewGameResult, 'userId' | 'clientResultId'> {
  gameType: GameResultRequest['gameType'];
  difficulty: GameResultRequest['difficulty'];
  /** When the game ended: the sent play time, or `now` when none was sent. */
  playedAt: Date;
}

/** The text a child (or the parent reading over their shoulder) sees for each kind of inconsistency. */
const PROBLEM_MESSAGES: Record<GameResultProblemCode, MessageKey> = {
  questions_count_mismatch: 'invalid_questions',
  correct_answers_mismatch: 'invalid_correct_answers',
  question_invalid: 'invalid_question_text',
  question_type_mismatch: 'invalid_question_text',
  question_difficulty_mismatch: 'invalid_question_text',
  duplicate_question: 'invalid_questions',
  is_correct_mismatch: 'invalid_answer',
  total_time_too_short: 'invalid_total_time',
  total_time_too_long: 'invalid_total_time',
  response_time_invalid: 'invalid_response_time',
};

/**
 * Trusts nothing the browser computed: the shape is the contracts schema, then the contracts checker recomputes
 * every answer from its question text, re-derives every isCorrect and checks the totals and the time.
 * The first problem is a 400 `forged_result` naming its field (e.g. `questions.3.isCorrect`).
 */
export function verifyGameResult(body: unknown, now: Date): VerifiedGameResult {
  const input = gameResultRequestSchema.parse(body);
  const [problem] = validateGameResult(input);
  if (problem) throw new AppError(400, 'forged_result', PROBLEM_MESSAGES[problem.code], problem.field);
  const playedAt = input.playedAt ? new Date(input.playedAt) : now;
  if (playedAtOutOfBounds(playedAt, now))
    throw new AppError(400, 'validation_error', 'invalid_played_at', 'playedAt');
  return {
    gameType: input.gameType,
    difficulty: input.difficulty,
    questionsCount: input.questionsCount,
    correctAnswers: input.correctAnswers,
    totalTime: input.totalTime,
    points: pointsFor(input.correctAnswers),
    questions: input.questions.map((q) => ({
      question: q.question,
      answer: q.answer,
      userAnswer: q.userAnswer,
      isCorrect: q.isCorrect,
      responseMs: q.responseMs ?? null,
      // Whatever the browser claims, the slip is re-derived from the question and the chosen answer.
      mistake: q.isCorrect ? null : deriveMistakeKind(parseQuestionText(q.question)!, q.userAnswer),
    })),
    playedAt,
  };
}
