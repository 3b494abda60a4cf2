/**
 * `npm run bench:explain`: EXPLAIN (ANALYZE, BUFFERS) of every statement one result costs Postgres, the real
 * statements run through the real repository functions (a fresh migrated database, a pupil with 10,000 stored
 * results and the read models filled, as in a district after some weeks). Prints each plan's execution time and
 * top node; EXPLAIN_FULL=1 prints the whole plans.
 */

import { addProgress, countCompletedByCategory, listUserBadges } from '@mathgames/badges/testing';
import { pointsFor } from '@mathgames/contracts';
import {
  addToReadModel,
  gameResultRecordedEvent,
  honestResult,
  insertAnnouncedGameResult,
  readStatistics,
  seedResults,
  verifyGameResult,
} from '@mathgames/game-results/testing';
import { createTestEnvironment } from '@mathgames/platform/testing';
import type pg from 'pg';

type Query = string | { name?: string; text: string; values?: unknown[] };

/** A Queryable that shows each statement's EXPLAIN ANALYZE, inside a transaction that is rolled back. */
function explaining(client: pg.PoolClient, label: string) {
  return {
    async query(query: Query, values?: unknown[]) {
      const text = typeof query === 'string' ? query : query.text;
      const params = typeof query === 'string' ? values : (query.values ?? values);
      // Undone right after, so the real run below writes exactly what the service would.
      await client.query('SAVEPOINT explained');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
        params as unknown[],
      );
      await client.query('ROLLBACK TO SAVEPOINT explained');
      const plan = rows.map((r) => r['QUERY PLAN']);
      const execution = plan.find((l) => l.startsWith('Execution Time'));
      const planning = plan.find((l) => l.startsWith('Planning Time'));
      process.stdout.write(
        `${label.padEnd(52)} ${execution ?? ''}  (${planning ?? ''})\n   ${plan[0]!.trim()}\n`,
      );
      if (process.env.EXPLAIN_FULL) process.stdout.write(`${plan.map((l) => `      ${l}`).join('\n')}\n`);
      // The caller reads the answer: run the statement for real too (it is all rolled back).
      return client.query(text, params as unknown[]);
    },
  } as unknown as pg.PoolClient;
}

const environment = await createTestEnvironment({ migrate: true, amqp: false });
try {
  const { pool } = environment;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO auth.users (username, email, password_hash) VALUES ('explain', 'explain@bench.local', 'x') RETURNING id`,
  );
  const userId = rows[0]!.id;
  await seedResults(pool, userId, 10_000, 'Europe/Istanbul');
  const verified = verifyGameResult(
    honestResult({ gameType: 'toplama', difficulty: 'orta', questionsCount: 10, correct: 7, seed: 3 }),
    new Date(),
  );
  const row = { ...verified, userId, clientResultId: null, playedAt: new Date() };
  const event = gameResultRecordedEvent(row, new Date());
  const client = await pool.connect();
  try {
    // Warm the badge rows as a pupil who played before would have them.
    await addProgress(pool, userId, 'toplama', 'orta', 7, new Date());
    for (const round of [1, 2]) {
      process.stdout.write(`-- round ${round}${round === 1 ? ' (cold caches)' : ''} --\n`);
      await client.query('BEGIN');
      await insertAnnouncedGameResult(
        explaining(client, 'game-results: result + count + outbox + review cards'),
        row,
        event,
      );
      await addToReadModel(
        explaining(client, 'statistics-worker: totals, per type, per day, mastery rows locked'),
        {
          userId,
          gameType: 'toplama',
          questionsCount: 10,
          correctAnswers: 7,
          points: pointsFor(7),
          playedAt: new Date(),
        },
        'Europe/Istanbul',
        ['MAT.2.2.2'],
      );
      await addProgress(
        explaining(client, 'badge-worker: progress on 7 badges'),
        userId,
        'toplama',
        'orta',
        7,
        new Date(),
      );
      await countCompletedByCategory(
        explaining(client, 'badge-worker: summary counts (after a completion)'),
        userId,
      );
      await readStatistics(explaining(client, 'GET /api/statistics'), userId, new Date(), 'Europe/Istanbul');
      await listUserBadges(explaining(client, 'GET /api/user-badges'), userId);
      await client.query('ROLLBACK');
    }
  } finally {
    client.release();
  }
} finally {
  await environment.cleanup();
}
