import {
  type Difficulty,
  type GameType,
  normalizeDifficulty,
  normalizeGameType,
  normalizeQuestionCount,
  parseGameType,
  type QuestionCount,
} from '@mathgames/contracts';

import { SELECTION_KEYS } from './selection-keys.js';

export { SELECTION_KEYS };

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

/** localStorage: the last difficulty and question count per topic, so a topic opens where the child left it. */
const TOPIC_SETTINGS_KEY = 'topicSettings';

type TopicSettings = Partial<Record<GameType, { difficulty?: string; questions?: string }>>;

function readTopicSettings(): TopicSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TOPIC_SETTINGS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as TopicSettings) : {};
  } catch {
    return {};
  }
}

export function rememberTopicSettings(
  gameType: GameType,
  settings: { difficulty?: Difficulty; questions?: QuestionCount },
): void {
  const all = readTopicSettings();
  const mine = { ...all[gameType] };
  if (settings.difficulty) mine.difficulty = settings.difficulty;
  if (settings.questions) mine.questions = String(settings.questions);
  all[gameType] = mine;
  try {
    localStorage.setItem(TOPIC_SETTINGS_KEY, JSON.stringify(all));
  } catch (error) {
    console.warn('local storage write failed', error);
  }
}

/** The topic's last difficulty and count, or the spec's defaults (kolay, 10) for a topic never played. */
export function topicSettings(gameType: GameType): { difficulty: Difficulty; questions: QuestionCount } {
  const mine = readTopicSettings()[gameType];
  return {
    difficulty: normalizeDifficulty(mine?.difficulty),
    questions: normalizeQuestionCount(mine?.questions),
  };
}
