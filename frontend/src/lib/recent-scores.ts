import type { Difficulty, GameType } from '@mathgames/contracts';

/** localStorage: the last few success rates per topic and level, for "the next step" on the summary. */
const KEY = 'recentScores';
const KEEP = 5;

export interface RecentScore {
  /** When the game started (ms): one game is recorded once however often the summary renders. */
  at: number;
  percent: number;
}

type Store = Record<string, RecentScore[]>;

const keyOf = (gameType: GameType, difficulty: Difficulty) => `${gameType}/${difficulty}`;

function readStore(): Store {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

/** The scores at this topic and level, oldest first, with `game` added if it is not stored yet. */
export function recentScores(gameType: GameType, difficulty: Difficulty, game?: RecentScore): RecentScore[] {
  const list = (readStore()[keyOf(gameType, difficulty)] ?? []).filter(
    (s) => typeof s?.at === 'number' && typeof s?.percent === 'number',
  );
  if (game && !list.some((s) => s.at === game.at)) list.push(game);
  return list.slice(-KEEP);
}

export function recordScore(gameType: GameType, difficulty: Difficulty, game: RecentScore): void {
  const store = readStore();
  store[keyOf(gameType, difficulty)] = recentScores(gameType, difficulty, game);
  try {
    localStorage.setItem(KEY, JSON.stringify(store));
  } catch (error) {
    console.warn('local storage write failed', error);
  }
}
