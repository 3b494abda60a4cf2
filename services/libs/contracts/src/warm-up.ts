/**
 * The user ids a just-started gateway plays its warm-up lesson as (gateway/src/warm-up.ts): the top of Postgres'
 * integer range, which auth's identity column would reach only after two billion accounts, so no account has one.
 * game-results stores a result of theirs in a transaction it rolls back: the write path runs, nothing stays.
 */
export const WARM_UP_USER_IDS = { first: 2_147_483_647 - 255, count: 256 } as const;

export const isWarmUpUser = (userId: number): boolean =>
  userId >= WARM_UP_USER_IDS.first && userId < WARM_UP_USER_IDS.first + WARM_UP_USER_IDS.count;
