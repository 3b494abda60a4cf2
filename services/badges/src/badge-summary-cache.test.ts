import { randomUUID } from 'node:crypto';
import {
  ALL_EVENT_QUEUES,
  badgeSummaryCacheKey,
  decodeCompletedCounts,
  EVENT_TYPES,
  type GameResultRecordedEvent,
  type UserDeletedEvent,
} from '@mathgames/contracts';
import { createAmqpClient, createLogger, loadConfig } from '@mathgames/platform';
import {
  applyInterleaved,
  createTestEnvironment,
  gameRecorded,
  startTcpProxy,
  type TcpProxy,
  type TestEnvironment,
  waitFor,
} from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSummaryRefreshes, requestSummaryRefresh } from './data-access/badges-repository.js';
import { createSummaryCache } from './data-access/summary-cache.js';
import { computeCompletedCounts } from './domain/badge-summary.js';
import { badgeSubscription } from './entry-points/consumers/badge-consumer.js';
import { startBadgeWorker } from './index.js';

/** The retry under test, shortened from production's SUMMARY_RETRY (every 30 s, requests older than 10 s). */
const RETRY = { everyMs: 300, olderThanMs: 1_000 };
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

const pendingRefreshes = async (): Promise<number> =>
  (
    await environment.pool.query(
      `SELECT count(*)::int AS n FROM badges.summary_refreshes WHERE user_id = $1`,
      [USER],
    )
  ).rows[0].n;

function recorded(correctAnswers: number): GameResultRecordedEvent {
  return gameRecorded(USER, {
    gameType: 'çarpma',
    difficulty: 'orta',
    questionsCount: correctAnswers,
    correctAnswers,
    totalTime: 100,
  });
}

describe('the badge summary cache', () => {
  it('is refreshed after each committed change, and a refresh that failed is retried until Redis holds it', async () => {
    const { env, pool } = environment;
    const key = badgeSummaryCacheKey(env.REDIS_PREFIX!, USER);
    // The worker reaches Redis through the proxy; this test reads it directly, as the gateway does.
    const worker = startBadgeWorker(
      loadConfig({}, { ...env, LOG_LEVEL: 'silent', REDIS_URL: proxy.route(env.REDIS_URL!) }),
      { summaryRetry: RETRY },
    );
    const publisher = createAmqpClient({ url: env.AMQP_URL!, logger, queues: ALL_EVENT_QUEUES });
    const applied = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM badges.processed_events`)).rows[0].n as number;
    const cached = async () => JSON.stringify(decodeCompletedCounts(await redis.get(key)));
    try {
      await publisher.ready();
      const first = recorded(60);
      await publisher.publish(first.type, first, {}, { messageId: first.id });
      // After-commit step: the cache holds the counts that include the change, and nothing is left to retry.
      await waitFor(async () => (await applied()) === 1);
      const afterFirst = await computeCompletedCounts(pool, USER);
      expect(afterFirst[0]).toBeGreaterThan(0);
      await waitFor(async () => (await cached()) === JSON.stringify(afterFirst), {
        message: 'cache not refreshed after the commit',
      });
      await waitFor(async () => (await pendingRefreshes()) === 0);
      expect(await redis.ttl(key)).toBeGreaterThan(7 * 24 * 3600);

      // Redis away for the worker only: the next change commits, its refresh fails (and its retries, while Redis
      // stays away), the cache is stale and the request stays.
      await proxy.refuse();
      const second = recorded(50);
      await publisher.publish(second.type, second, {}, { messageId: second.id });
      await waitFor(async () => (await applied()) === 2);
      const committedAt = Date.now();
      const fresh = await computeCompletedCounts(pool, USER);
      expect(fresh).not.toEqual(afterFirst);
      await new Promise((resolve) => setTimeout(resolve, RETRY.olderThanMs + 3 * RETRY.everyMs));
      expect(await cached()).toBe(JSON.stringify(afterFirst));
      expect(await pendingRefreshes()).toBe(1);

      // Redis back: the retry writes the committed counts and the request is done.
      await proxy.restore();
      await waitFor(async () => (await cached()) === JSON.stringify(fresh), {
        timeoutMs: 10_000,
        message: 'stale summary not refreshed once Redis was back',
      });
      await waitFor(async () => (await pendingRefreshes()) === 0);
      console.log(
        `badge summary cache: stale for ${((Date.now() - committedAt) / 1000).toFixed(1)} s after a failed refresh (Redis away for the worker ${(
          (RETRY.olderThanMs + 3 * RETRY.everyMs) / 1000
        ).toFixed(1)} s, retry every ${RETRY.everyMs} ms)`,
      );

      // An erasure whose removal of the key fails is retried too: no count of a deleted account stays in Redis.
      await proxy.refuse();
      const erasure: UserDeletedEvent = {
        id: randomUUID(),
        type: EVENT_TYPES.userDeleted,
        createdAt: new Date().toISOString(),
        userId: USER,
      };
      await publisher.publish(erasure.type, erasure, {}, { messageId: erasure.id });
      await waitFor(async () => (await computeCompletedCounts(pool, USER))[0] === 0);
      expect(await redis.get(key)).not.toBeNull();
      await proxy.restore();
      await waitFor(async () => (await redis.get(key)) === null, {
        timeoutMs: 10_000,
        message: "a deleted account's counts stayed in Redis",
      });
      await waitFor(async () => (await pendingRefreshes()) === 0);
    } finally {
      await publisher.close();
      await worker.close();
    }
  }, 60_000);
});

describe("a user's badge rows under concurrent transactions", () => {
  it('marks refreshes done without waiting for a transaction that holds one, so a retry never deadlocks with a batch', async () => {
    const { pool } = environment;
    const [low, high] = [7_201, 7_202];
    const versionOf = async (userId: number) =>
      (
        await pool.query<{ version: string }>(
          `SELECT version FROM badges.summary_refreshes WHERE user_id = $1`,
          [userId],
        )
      ).rows[0]?.version;
    const done = [
      { userId: high, version: await requestSummaryRefresh(pool, high) },
      { userId: low, version: await requestSummaryRefresh(pool, low) },
    ];
    // A badge-worker batch applying games of both users has requested the lower user's refresh and goes on to the
    // higher one; meanwhile the retry marks both done, in its own order (requested_at's, here the higher first).
    const batch = await pool.connect();
    try {
      await batch.query('BEGIN');
      await requestSummaryRefresh(batch, low);
      // Waiting here for the batch's row while holding the other one is what deadlocked with the batch's next step.
      await completeSummaryRefreshes(pool, done);
      await requestSummaryRefresh(batch, high);
      await batch.query('COMMIT');
    } finally {
      batch.release();
    }
    // The higher request was done and asked again by the batch; the lower one, held by the batch, stays requested
    // (its version grew), so its refresh is still applied.
    expect(await versionOf(high)).toBe('1');
    expect(await versionOf(low)).toBe(String(done[1]!.version + 1));
  });

  it("applies two transactions of one pupil's games one after the other, whatever their topics, without a deadlock", async () => {
    const { pool } = environment;
    const userId = 7_301;
    const subscription = badgeSubscription({
      pool,
      cache: createSummaryCache(redis, environment.env.REDIS_PREFIX!),
      logger,
    });
    const game = (gameType: GameResultRecordedEvent['gameType']): GameResultRecordedEvent => ({
      ...recorded(60),
      userId,
      gameType,
    });
    // One transaction completes a badge of one topic (taking the pupil's summary request) and goes on to another
    // topic; the other starts with that topic and completes a badge too.
    await applyInterleaved(pool, subscription, [game('toplama'), game('çıkarma'), game('çıkarma')]);
    const progress = await pool.query<{ game_type: string; progress: number }>(
      `SELECT b.category AS game_type, max(ub.progress)::int AS progress
         FROM badges.user_badges ub JOIN badges.badges b ON b.id = ub.badge_id
        WHERE ub.user_id = $1 GROUP BY b.category ORDER BY 1`,
      [userId],
    );
    expect(progress.rows).toEqual([
      { game_type: 'toplama', progress: 60 },
      { game_type: 'çıkarma', progress: 120 },
    ]);
  });
});
