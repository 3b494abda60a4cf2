import { randomUUID } from 'node:crypto';
import {
  ALL_EVENT_QUEUES,
  badgeSummaryCacheKey,
  decodeCompletedCounts,
  EVENT_TYPES,
  type GameResultRecordedEvent,
} from '@mathgames/contracts';
import { createAmqpClient, createLogger, loadConfig } from '@mathgames/platform';
import {
  createTestEnvironment,
  startTcpProxy,
  type TcpProxy,
  type TestEnvironment,
  waitFor,
} from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCompletedCounts } from './domain/badge-summary.js';
import { startBadgeWorker } from './index.js';

/** The bound under test, shortened from production's SUMMARY_CACHE_TTL_SECONDS (600) to keep the test short. */
const TTL_SECONDS = 3;
const USER = 7_100;
const logger = createLogger('badge-cache-test', 'silent');

let environment: TestEnvironment;
let proxy: TcpProxy;
let redis: Redis;

beforeAll(async () => {
  environment = await createTestEnvironment();
  const target = new URL(environment.env.REDIS_URL!);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  redis = new Redis(environment.env.REDIS_URL!);
});
afterAll(async () => {
  redis?.disconnect();
  await proxy?.close();
  await environment?.cleanup();
});

function recorded(correctAnswers: number): GameResultRecordedEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPES.gameResultRecorded,
    createdAt: new Date().toISOString(),
    resultId: 1,
    userId: USER,
    gameType: 'çarpma',
    difficulty: 'orta',
    questionsCount: correctAnswers,
    correctAnswers,
    totalTime: 100,
    playedAt: new Date().toISOString(),
  };
}

describe('the badge summary cache', () => {
  it('is refreshed after each committed change, and expires within its TTL when a refresh fails', async () => {
    const { env, pool } = environment;
    const key = badgeSummaryCacheKey(env.REDIS_PREFIX!, USER);
    // The worker reaches Redis through the proxy; this test reads it directly, as the gateway does.
    const worker = startBadgeWorker(
      loadConfig({}, { ...env, LOG_LEVEL: 'silent', REDIS_URL: proxy.route(env.REDIS_URL!) }),
      { summaryTtlSeconds: TTL_SECONDS },
    );
    const publisher = createAmqpClient({ url: env.AMQP_URL!, logger, queues: ALL_EVENT_QUEUES });
    const applied = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM badges.processed_events`)).rows[0].n as number;
    try {
      await publisher.ready();
      const first = recorded(60);
      await publisher.publish(first.type, first, {}, { messageId: first.id });
      // After-commit hook: the cache holds the counts that include the change.
      await waitFor(async () => (await applied()) === 1);
      const afterFirst = await computeCompletedCounts(pool, USER);
      expect(afterFirst[0]).toBeGreaterThan(0);
      await waitFor(
        async () =>
          JSON.stringify(decodeCompletedCounts(await redis.get(key))) === JSON.stringify(afterFirst),
        { message: 'cache not refreshed after the commit' },
      );

      // Redis away for the worker only: the next change commits, its refresh fails, the cache is now stale.
      await proxy.refuse();
      const second = recorded(50);
      await publisher.publish(second.type, second, {}, { messageId: second.id });
      await waitFor(async () => (await applied()) === 2);
      const committedAt = Date.now();
      const fresh = await computeCompletedCounts(pool, USER);
      expect(fresh).not.toEqual(afterFirst);
      expect(decodeCompletedCounts(await redis.get(key))).toEqual(afterFirst);

      // The bound: the stale entry is gone within the TTL of the last successful refresh (+2 s of polling slack).
      await waitFor(async () => (await redis.get(key)) === null, {
        timeoutMs: (TTL_SECONDS + 2) * 1000,
        message: `stale summary outlived its ${TTL_SECONDS} s TTL`,
      });
      const staleFor = (Date.now() - committedAt) / 1000;
      console.log(
        `badge summary cache: stale for ${staleFor.toFixed(1)} s after a failed refresh (TTL ${TTL_SECONDS} s)`,
      );
      await proxy.restore();
    } finally {
      await publisher.close();
      await worker.close();
    }
  }, 60_000);
});
