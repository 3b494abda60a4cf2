import pg from 'pg';
import { createLogger, type Logger } from '../logger.js';

export type { Pool, PoolClient } from 'pg';

/** What a repository function takes: the pool, or a client inside a transaction (`withTransaction`). */
export type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The first row a query answers, or null when it answers none. */
export async function queryOne<Row extends pg.QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
): Promise<Row | null> {
  const { rows } = await db.query<Row>(text, values);
  return rows[0] ?? null;
}

export interface PoolOptions {
  max?: number;
  /**
   * How long an idle connection above the pool's floor may stay open. The floor is `max` (see createPool), so none
   * is ever closed for idling; a test sets it short to show that.
   */
  idleTimeoutMillis?: number;
  logger?: Logger;
  /** How long a caller waits for a free connection before failing instead of hanging a request. */
  connectionTimeoutMillis?: number;
}

/**
 * A pool of Postgres connections. Its connections are pipelined: statements given to one connection while another
 * is still running are sent at once, not after the answer before (Postgres runs them in order). Code that awaits
 * each statement sees no difference; a consumer's batch sends its users' statements side by side (docs/decisions/0006-pipelined-consumer-batches.md).
 *
 * A connection once opened stays open (`min` is `max`): a lesson that starts after a quiet break must not meet a
 * pool closed down to nothing. A new Postgres backend reads its catalogue and prepares each statement again, and a
 * lesson's first seconds asked for all of them at once: after 45 s with no calls, a stack that had played took its
 * next lesson's first 10 s at poll p99 587-808 ms with its pools closed down, 142-166 ms with them kept (2,000 tabs,
 * `make bench`'s BENCH_QUIET_SECONDS). The connections counted against `max_connections` are the same (operations:
 * the connection budget).
 */
export function createPool(databaseUrl: string, options: PoolOptions = {}): pg.Pool {
  const max = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    min: max,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    pipeline: true,
  });
  // An idle client losing its server (restart, admin kill) must not crash the process; the pool replaces it.
  const logger = options.logger ?? createLogger('db');
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle postgres client failed'));
  // pg only listens for errors on idle clients; one checked out (between two queries of a transaction) that
  // loses its server would emit an unhandled 'error' and end the process. Its next query fails instead.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err: err.message }, 'postgres connection lost'));
  });
  return pool;
}

export function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, async () => 'BEGIN', fn);
}

/**
 * `withTransaction` whose first statements go in one round trip with its BEGIN, and whose results `fn` gets (one per
 * statement, in order; each statement runs with a snapshot of its own, so one sees what committed while an earlier
 * one waited for a lock). `opening` returns them for the connection the transaction got (it may prepare some there
 * first). They are sent in the simple protocol, which has no parameters: they may hold only literals the caller has
 * validated or escaped (pg's `escapeLiteral`). For the short transactions run once per event, where a round trip (two
 * socket writes and two wake-ups) costs more than the statement's own work (docs/decisions/0002-result-in-one-statement.md).
 */
export function withTransactionOpenedBy<T>(
  pool: pg.Pool,
  opening: (client: pg.PoolClient) => Promise<string>,
  fn: (results: pg.QueryResult[], client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return transaction(
    pool,
    async (client) => `BEGIN; ${await opening(client)}`,
    (client, begun) => {
      // Several statements answer with one result each: BEGIN's, then the opening statements' (one or more).
      const results = begun as unknown as pg.QueryResult[];
      return fn(results.slice(1), client);
    },
  );
}

async function transaction<T>(
  pool: pg.Pool,
  begin: (client: pg.PoolClient) => Promise<string>,
  fn: (client: pg.PoolClient, begun: pg.QueryResult) => Promise<T>,
  end: 'COMMIT' | 'ROLLBACK' = 'COMMIT',
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A checked-out client has no pool listener: a server kill between two queries would be an uncaught 'error'.
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    const begun = await client.query(await begin(client));
    const result = await fn(client, begun);
    await client.query(end);
    return result;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection is unusable; make the pool discard it instead of handing it out again.
      broken = rollbackError as Error;
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** Quotes a Postgres identifier (database, schema) that cannot be passed as a parameter. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL has no database name: ${redactUrl(databaseUrl)}`);
  return name;
}

export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Creates the database named in the URL when it does not exist yet (connecting to the `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({
    connectionString: withDatabase(databaseUrl, 'postgres'),
    connectionTimeoutMillis: 5_000,
  });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return true;
    } catch (err) {
      // Another process created it between our check and our CREATE.
      if ((err as { code?: string }).code === '42P04') return false;
      throw err;
    }
  } finally {
    await admin.end();
  }
}
