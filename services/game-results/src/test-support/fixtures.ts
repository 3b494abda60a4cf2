import {
  formatQuestionText,
  type GameResultRequestInput,
  generateQuestions,
  parseDifficulty,
  parseGameType,
} from '@mathgames/contracts';

export interface ResultShape {
  gameType?: string;
  difficulty?: string;
  questionsCount?: 5 | 10 | 15 | 20;
  correct?: number;
  /** Seconds; defaults to 3 per question, a plausible child's pace. */
  totalTime?: number;
  /** Picks the generated questions, so two results differ and a run is reproducible. */
  seed?: number;
}

/** mulberry32: a tiny seeded generator, so fixtures are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An honest result made of questions the contracts generator really asks: the first `correct` questions
 * answered right, the rest answered with one of the offered wrong options.
 */
export function honestResult(shape: ResultShape = {}): GameResultRequestInput {
  const count = shape.questionsCount ?? 10;
  const correct = shape.correct ?? count;
  const gameType = shape.gameType ?? 'toplama';
  const difficulty = shape.difficulty ?? 'kolay';
  const generated = generateQuestions({
    gameType: parseGameType(gameType) ?? 'toplama',
    difficulty: parseDifficulty(difficulty) ?? 'kolay',
    count,
    random: seeded(shape.seed ?? 1),
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
