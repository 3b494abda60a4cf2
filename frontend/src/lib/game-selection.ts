import {
  type Difficulty,
  type GameType,
  normalizeDifficulty,
  normalizeGameType,
  normalizeQuestionCount,
  parseGameType,
  type QuestionCount,
} from '@mathgames/contracts';

/** Session storage keys of spec §3: what the games list chose for the gameplay screen. */
export const SELECTION_KEYS = {
  gameType: 'selectedGameType',
  difficulty: 'selectedDifficulty',
  questions: 'selectedQuestions',
} as const;

export interface GameSelection {
  gameType: GameType;
  difficulty: Difficulty;
  questions: QuestionCount;
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch (error) {
    console.warn('session storage write failed', error);
  }
}

/** What is stored, with the spec's defaults (addition, kolay, 10) for anything missing or unknown. */
export function readSelection(): GameSelection & { hasGameType: boolean } {
  const storedType = read(SELECTION_KEYS.gameType);
  return {
    gameType: normalizeGameType(storedType),
    hasGameType: parseGameType(storedType) !== null,
    difficulty: normalizeDifficulty(read(SELECTION_KEYS.difficulty)),
    questions: normalizeQuestionCount(read(SELECTION_KEYS.questions)),
  };
}

export function writeSelection(selection: Partial<GameSelection>): void {
  if (selection.gameType) write(SELECTION_KEYS.gameType, selection.gameType);
  if (selection.difficulty) write(SELECTION_KEYS.difficulty, selection.difficulty);
  if (selection.questions) write(SELECTION_KEYS.questions, String(selection.questions));
}
