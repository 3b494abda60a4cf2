import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { HistoryResponse, StatisticsResponse } from '@mathgames/contracts';
import { createPool } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStatistics } from './domain/statistics.js';
import { createGameResultsService } from './index.js';
import { serviceClient } from './test-support/api.js';
import { seedResults } from './test-support/seed.js';

const LONG_HISTORY = 100_000;
const SHORT_HISTORY = 10;
const HEAVY_USER = 1;
const LIGHT_USER = 2;

let env: TestEnvironment;
let service: ReturnType<typeof createGameResultsService>;
let baseUrl: string;
const role = `mg_read_model_${randomBytes(4).toString('hex')}`;
let readModelOnly: pg.Pool;

/** Statistics computed the slow way, straight from every stored result: the reference to compare against. */
async function fromHistory(userId: number) {
  const { rows } = await env.pool.query<{ questions: number; correct: number; points: number }>(
    `SELECT sum(questions_count)::int AS questions, sum(correct_answers)::int AS correct, sum(points)::int AS points
       FROM results.game_results WHERE user_id = $1`,
    [userId],
  );
  return rows[0]!;
}

beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
  await seedResults(env.pool, HEAVY_USER, LONG_HISTORY, env.config.TIME_ZONE);
  await seedResults(env.pool, LIGHT_USER, SHORT_HISTORY, env.config.TIME_ZONE);
  // A login that can read the read model and nothing else: statistics through it prove they never scan results.
  await env.pool.query(`CREATE ROLE ${role} LOGIN`);
  await env.pool.query(`GRANT USAGE ON SCHEMA results TO ${role}`);
  await env.pool.query(
    `GRANT SELECT ON results.user_totals, results.user_type_totals, results.user_daily, results.user_mistakes TO ${role}`,
  );
  const url = new URL(env.config.DATABASE_URL);
  url.username = role;
  readModelOnly = createPool(url.toString(), { max: 2 });
  service = createGameResultsService(env.config);
  const server = await service.listen(0);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await readModelOnly?.end();
  await service?.close();
  await env?.cleanup();
  const admin = createPool(new URL('/postgres', env.config.DATABASE_URL).toString(), { max: 1 });
  await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
  await admin.end();
});

describe('statistics for a long history', () => {
  it('match the stored results for a pupil with 100,000 games and one with 10', async () => {
    for (const [userId, games] of [
      [HEAVY_USER, LONG_HISTORY],
      [LIGHT_USER, SHORT_HISTORY],
    ] as const) {
      const stats = (await serviceClient(baseUrl, userId)<StatisticsResponse>('GET', '/api/statistics')).body;
      const reference = await fromHistory(userId);
      expect(stats).toMatchObject({
        totalGames: games,
        totalQuestions: reference.questions,
        correctAnswers: reference.correct,
        totalPoints: reference.points,
      });
    }
  });

  it('are read from the read model only: a login without access to the results table gets the same answer', async () => {
    const deps = { pool: readModelOnly, now: () => new Date(), timeZone: env.config.TIME_ZONE };
    await expect(readModelOnly.query('SELECT 1 FROM results.game_results LIMIT 1')).rejects.toThrow(
      /permission denied/,
    );
    const viaService = (
      await serviceClient(baseUrl, HEAVY_USER)<StatisticsResponse>('GET', '/api/statistics')
    ).body;
    expect(await getStatistics(deps, HEAVY_USER)).toEqual(viaService);
  });

  it('history pages stay keyset-paginated and report the full total', async () => {
    const api = serviceClient(baseUrl, HEAVY_USER);
    const first = (await api<HistoryResponse>('GET', '/api/game-results?limit=3')).body;
    expect(first.total).toBe(LONG_HISTORY);
    const second = (await api<HistoryResponse>('GET', `/api/game-results?limit=3&cursor=${first.nextCursor}`))
      .body;
    const times = [...first.items, ...second.items].map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(6);
  });
});
