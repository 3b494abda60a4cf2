import type pg from 'pg';
import { type Db, withTransactionOpenedBy } from './db.js';

/**
 * The schools a transaction may see of the classes schema's pupil and class rows (docs/decisions/
 * 0060-school-scope-row-level-security.md): a request's school set, or every school for the consumers whose events
 * span schools. Row-Level Security policies read it from transaction-local settings; with none, nothing is visible.
 */
export type SchoolScope = { readonly schoolIds: readonly number[] } | { readonly allSchools: true };

/** The explicit scope of a worker whose events belong to any school (and of the anonymous join-code lookup). */
export const ALL_SCHOOLS: SchoolScope = Object.freeze({ allSchools: true as const });

/**
 * The statement that gives the current transaction its scope (transaction-local: it ends with the transaction, so
 * a pooled connection never carries it into another). Literals only, from validated integers: it may be sent in
 * the simple protocol together with BEGIN.
 */
export function schoolScopeStatement(scope: SchoolScope): string {
  if ('allSchools' in scope) {
    return "SELECT set_config('app.school_ids', '', true), set_config('app.all_schools', 'on', true)";
  }
  for (const id of scope.schoolIds) {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`school id is not a positive integer: ${id}`);
  }
  return `SELECT set_config('app.school_ids', '{${scope.schoolIds.join(',')}}', true), set_config('app.all_schools', 'off', true)`;
}

/** Gives a transaction already open (a consumer's handler) its scope. */
export async function withSchoolScope(tx: Db, scope: SchoolScope): Promise<void> {
  await tx.query(schoolScopeStatement(scope));
}

/**
 * A database handle whose every statement runs with one scope: what a request's use cases get instead of the pool.
 * `query` runs the statement alone in a transaction opened with the scope (BEGIN and the scope, the statement and
 * COMMIT pipelined: one round trip); `transaction` opens one with the scope as its first statement.
 */
export interface SchoolScopedDb extends Db {
  readonly scope: SchoolScope;
  transaction<T>(fn: (tx: pg.PoolClient) => Promise<T>): Promise<T>;
}

export function schoolScopedDb(pool: pg.Pool, scope: SchoolScope): SchoolScopedDb {
  const opening = schoolScopeStatement(scope);
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      const run = client.query as (...a: unknown[]) => Promise<pg.QueryResult>;
      // Sent together; Postgres runs them in order. A failed statement aborts the transaction, and COMMIT then
      // rolls it back (answering ROLLBACK, no error), so the connection goes back clean.
      const settled = await Promise.allSettled([
        client.query(`BEGIN; ${opening}`),
        run.apply(client, args),
        client.query('COMMIT'),
      ]);
      const [begun, result, committed] = settled;
      // COMMIT answered: the transaction is over either way and the connection is clean.
      if (committed.status === 'rejected') broken = committed.reason as Error;
      if (begun.status === 'rejected') throw begun.reason;
      if (result.status === 'rejected') throw result.reason;
      if (committed.status === 'rejected') throw committed.reason;
      return result.value;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  };
  return {
    scope,
    query: query as unknown as Db['query'],
    transaction: (fn) =>
      withTransactionOpenedBy(
        pool,
        async () => opening,
        (_results, client) => fn(client),
      ),
  };
}
