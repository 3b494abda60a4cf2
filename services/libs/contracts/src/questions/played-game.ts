import type { GameResultRequestInput } from '../schemas/index.js';
import { parseDifficulty, parseGameType } from '../values.js';
import { formatQuestionText, generateQuestions } from './generator.js';
import { seededRandom } from './random.js';

export interface PlayedGameShape {
  gameType?: string;
  difficulty?: string;
  questionsCount?: 5 | 10 | 15 | 20;
  correct?: number;
  /** Seconds; defaults to 3 per question, a plausible child's pace. */
  totalTime?: number;
  /** Picks the generated questions, so two results differ and a run is reproducible. */
  seed?: number;
}

/**
 * A result as an honest player posts it, made of questions the generator really asks: the first `correct`
 * questions answered right, the rest answered with one of the offered wrong options. The tests' and benchmarks'
 * results, and the gateway's warm-up play.
 */
export function playedGame(shape: PlayedGameShape = {}): GameResultRequestInput {
  const count = shape.questionsCount ?? 10;
  const correct = shape.correct ?? count;
  const gameType = shape.gameType ?? 'toplama';
  const difficulty = shape.difficulty ?? 'kolay';
  const generated = generateQuestions({
    gameType: parseGameType(gameType) ?? 'toplama',
    difficulty: parseDifficulty(difficulty) ?? 'kolay',
    count,
    random: seededRandom(shape.seed ?? 1),
  });
  const questions = generated.map((q, i) => {
    const right = i < correct;
    const wrong = q.options.find((o) => o !== q.answer)!;
    return {
      question: formatQuestionText(q),
      answer: q.answer,
      userAnswer: right ? q.answer : wrong,
      isCorrect: right,
    };
  });
  return {
    gameType,
    difficulty,
    questionsCount: count,
    correctAnswers: correct,
    totalTime: shape.totalTime ?? count * 3,
    questions,
  };
}
