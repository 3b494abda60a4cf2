import type { Pool, PoolClient } from '@mathgames/platform';

/** A pool or a client inside a transaction: repositories work with either. */
export type Db = Pool | PoolClient;
