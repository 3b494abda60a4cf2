import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GameResultRequest, gameResultRequestSchema } from '../schemas/index.js';
import { DIFFICULTIES, GAME_TYPES } from '../values.js';
import { checkAnswer, MAX_GAME_SECONDS, validateGameResult } from './answer-check.js';
import { encodeFraction } from './fraction.js';
import { formatQuestionText, generateQuestions } from './generator.js';

describe('answer checker', () => {
  it('accepts every generated question with its answer and rejects every wrong option', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES),
        fc.constantFrom(...DIFFICULTIES),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (gameType, difficulty, seed) => {
          for (const q of generateQuestions({ gameType, difficulty, count: 20, random: lcg(seed) })) {
            const question = formatQuestionText(q);
            expect(checkAnswer({ question, answer: q.answer, userAnswer: q.answer })).toMatchObject({
              valid: true,
              correct: true,
            });
            for (const o of q.options.filter((v) => v !== q.answer)) {
              expect(checkAnswer({ question, answer: q.answer, userAnswer: o })).toMatchObject({
                valid: true,
                correct: false,
              });
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['7 + 5', 12],
    ['12 ÷ 3', 4],
    ['12 / 3', 4],
    ['12:3', 4],
    ['9 − 4', 5],
    ['9 - 4', 5],
    ['6 × 7', 42],
    ['6 x 7', 42],
    ['6*7', 42],
  ])('reads %j with every operator spelling', (question, answer) => {
    expect(checkAnswer({ question, answer, userAnswer: answer })).toMatchObject({
      valid: true,
      correct: true,
    });
  });

  it('reads fractions and compares by value', () => {
    const threeQuarters = encodeFraction(3, 4);
    expect(
      checkAnswer({ question: '1/2 + 1/4', answer: threeQuarters, userAnswer: threeQuarters }).correct,
    ).toBe(true);
    expect(checkAnswer({ question: '1/2 + 1/2', answer: encodeFraction(1, 1), userAnswer: 1 }).correct).toBe(
      true,
    );
    expect(
      checkAnswer({ question: '1/2 + 1/4', answer: threeQuarters, userAnswer: encodeFraction(2, 6) }).correct,
    ).toBe(false);
  });

  it('treats an unanswered question as not correct', () => {
    expect(checkAnswer({ question: '7 + 5', answer: 12, userAnswer: null })).toMatchObject({
      valid: true,
      correct: false,
    });
  });

  it('refuses a saved answer that is not the true result, a text it cannot read, and inexact division', () => {
    expect(checkAnswer({ question: '7 + 5', answer: 13, userAnswer: 13 })).toMatchObject({
      valid: false,
      problem: 'answer_mismatch',
    });
    expect(checkAnswer({ question: 'alert(1)', answer: 1, userAnswer: 1 })).toMatchObject({
      valid: false,
      problem: 'unparseable',
    });
    expect(checkAnswer({ question: '7 ÷ 2', answer: 3, userAnswer: 3 })).toMatchObject({
      valid: false,
      problem: 'not_exact',
    });
    expect(checkAnswer({ question: '7 ÷ 0', answer: 0, userAnswer: 0 }).valid).toBe(false);
  });
});

function honestGame(correctCount: number): GameResultRequest {
  const questions = generateQuestions({
    gameType: 'toplama',
    difficulty: 'kolay',
    count: 5,
    random: () => 0.3,
  });
  return gameResultRequestSchema.parse({
    gameType: 'toplama',
    difficulty: 'kolay',
    questionsCount: 5,
    correctAnswers: correctCount,
    totalTime: 30,
    questions: questions.map((q, i) => ({
      question: formatQuestionText(q),
      answer: q.answer,
      userAnswer: i < correctCount ? q.answer : q.options.find((o) => o !== q.answer)!,
      isCorrect: i < correctCount,
    })),
  });
}

/** A deterministic LCG so a failing game can be replayed. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('game result validation', () => {
  it('accepts every honestly played generated game of every type, difficulty and count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES),
        fc.constantFrom(...DIFFICULTIES),
        fc.constantFrom(5, 10, 15, 20),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.constantFrom<'right' | 'wrong' | 'skip'>('right', 'wrong', 'skip'), {
          minLength: 20,
          maxLength: 20,
        }),
        (gameType, difficulty, count, seed, play) => {
          const questions = generateQuestions({ gameType, difficulty, count, random: lcg(seed) });
          const saved = questions.map((q, i) => {
            const userAnswer =
              play[i] === 'right'
                ? q.answer
                : play[i] === 'wrong'
                  ? q.options[(q.answerIndex + 1) % 4]!
                  : null;
            return {
              question: formatQuestionText(q),
              answer: q.answer,
              userAnswer,
              isCorrect: play[i] === 'right',
            };
          });
          const payload = gameResultRequestSchema.parse({
            gameType,
            difficulty,
            questionsCount: count,
            correctAnswers: saved.filter((q) => q.isCorrect).length,
            totalTime: count * 2,
            questions: saved,
          });
          expect(validateGameResult(payload)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses easy questions posted as a very hard game, and repeated questions', () => {
    const easy = honestGame(3);
    expect(validateGameResult({ ...easy, difficulty: 'çok zor' }).map((p) => p.code)).toContain(
      'question_difficulty_mismatch',
    );
    const repeated = { ...easy, questions: easy.questions.map(() => easy.questions[0]!), correctAnswers: 5 };
    expect(validateGameResult(repeated).map((p) => p.code)).toContain('duplicate_question');
  });

  it('finds nothing wrong with an honest game', () => {
    expect(validateGameResult(honestGame(3))).toEqual([]);
  });

  it('refuses a claimed correct count the answers do not support', () => {
    const forged = { ...honestGame(3), correctAnswers: 5 };
    expect(validateGameResult(forged).map((p) => p.code)).toContain('correct_answers_mismatch');
  });

  it('refuses a question whose isCorrect disagrees with the checker', () => {
    const game = honestGame(3);
    game.questions[4]!.isCorrect = true;
    expect(validateGameResult(game)).toContainEqual({
      code: 'is_correct_mismatch',
      field: 'questions.4.isCorrect',
    });
  });

  it('refuses fewer questions than claimed and questions of another game type', () => {
    const game = honestGame(2);
    expect(
      validateGameResult({ ...game, questions: game.questions.slice(0, 4), correctAnswers: 2 }),
    ).toContainEqual({ code: 'questions_count_mismatch', field: 'questions' });
    const wrongType = { ...game, gameType: 'çarpma' as const };
    expect(validateGameResult(wrongType).map((p) => p.code)).toContain('question_type_mismatch');
  });

  it('refuses implausible times: under the 1.5 s feedback per answer, or over an hour', () => {
    // Five answers show 7.5 s of feedback; whole seconds, so 7 is the least an honest client can round to.
    expect(validateGameResult({ ...honestGame(3), totalTime: 6 }).map((p) => p.code)).toContain(
      'total_time_too_short',
    );
    expect(validateGameResult({ ...honestGame(3), totalTime: 7 })).toEqual([]);
    expect(
      validateGameResult({ ...honestGame(3), totalTime: MAX_GAME_SECONDS + 1 }).map((p) => p.code),
    ).toContain('total_time_too_long');
  });
});
