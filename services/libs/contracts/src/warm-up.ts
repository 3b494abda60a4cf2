/**
 * The user ids a just-started gateway plays its warm-up lesson as (gateway/src/warm-up.ts): the top of Postgres'
 * integer range, which auth's identity column would reach only after two billion accounts, so no account has one.
 * No service treats them specially: the warm-up only reads, and its result posts are refused by game-results'
 * checks before anything is stored (docs/decisions/0051).
 */
export const WARM_UP_USER_IDS = { first: 2_147_483_647 - 255, count: 256 } as const;

/**
 * The warm-up's result post: a played game (at least one answer right) whose claimed count of correct answers is one
 * short. game-results' checker recomputes every answer, the work of a real result, and refuses it
 * (`correct_answers_mismatch`, 400) before anything is stored.
 */
export function noWriteProbe<Game extends { correctAnswers: number }>(game: Game): Game {
  return { ...game, correctAnswers: game.correctAnswers - 1 };
}
