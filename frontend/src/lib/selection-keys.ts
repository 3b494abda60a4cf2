/**
 * Session storage keys: what the games list chose for the gameplay screen. Apart from the contracts
 * package, so the home page (the first download) can preselect a level without loading it.
 */
export const SELECTION_KEYS = {
  gameType: 'selectedGameType',
  difficulty: 'selectedDifficulty',
  questions: 'selectedQuestions',
} as const;

/** Stores one choice; a storage that throws (private mode) just leaves the defaults. */
export function storeChoice(key: keyof typeof SELECTION_KEYS, value: string): void {
  try {
    sessionStorage.setItem(SELECTION_KEYS[key], value);
  } catch (error) {
    console.warn('session storage write failed', error);
  }
}
