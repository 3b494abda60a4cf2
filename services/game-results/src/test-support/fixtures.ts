import type { GameResultRequestInput } from '@mathgames/contracts';

export interface ResultShape {
  gameType?: string;
  difficulty?: string;
  questionsCount?: 5 | 10 | 15 | 20;
  correct?: number;
  /** Seconds; defaults to 3 per question, a plausible child's pace. */
  totalTime?: number;
  /** Vary operands so two results are not byte-identical. */
  seed?: number;
}

/** An honest result: the first `correct` questions answered right, the rest answered wrong. */
export function honestResult(shape: ResultShape = {}): GameResultRequestInput {
  const count = shape.questionsCount ?? 10;
  const correct = shape.correct ?? count;
  const seed = shape.seed ?? 0;
  const questions = Array.from({ length: count }, (_, i) => {
    const a = 2 + ((i + seed) % 7);
    const b = 1 + ((i * 3 + seed) % 5);
    const answer = a + b;
    const right = i < correct;
    return { question: `${a} + ${b}`, answer, userAnswer: right ? answer : answer + 1, isCorrect: right };
  });
  return {
    gameType: shape.gameType ?? 'toplama',
    difficulty: shape.difficulty ?? 'kolay',
    questionsCount: count,
    correctAnswers: correct,
    totalTime: shape.totalTime ?? count * 3,
    questions,
  };
}
