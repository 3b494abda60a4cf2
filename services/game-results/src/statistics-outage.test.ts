import { randomUUID } from 'node:crypto';
import {
  ALL_EVENT_QUEUES,
  EVENT_QUEUES,
  GAME_RESULT_RECORDED,
  type GameResultRecordedEvent,
  pointsFor,
} from '@mathgames/contracts';
import { createAmqpClient, createLogger, deadLetterQueue, loadConfig } from '@mathgames/platform';
import {
  createTestEnvironment,
  queueDepth,
  startTcpProxy,
  type TcpProxy,
  type TestEnvironment,
  waitFor,
} from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatisticsWorker } from './index.js';

/**
 * The outage to survive: the consumer's database unreachable for 2 minutes while events wait in its queue (the
 * default when this file runs alone). `make test` sets STATISTICS_OUTAGE_SECONDS=45: the consumer retries each held
 * event in place with backoff doubling from 250 ms to its 10 s cap (DEFAULT_RETRY_POLICY), reached within 16 s of
 * failures, so 45 s still crosses the cap and several capped retries; from then on a longer outage only repeats the
 * same capped retry, with nothing applied and nothing parked.
 */
const OUTAGE_SECONDS = Number(process.env.STATISTICS_OUTAGE_SECONDS ?? 120);
const EVENTS = 200;
const USERS = 10;
const logger = createLogger('statistics-outage-test', 'silent');

let environment: TestEnvironment;
let proxy: TcpProxy;

beforeAll(async () => {
  environment = await createTestEnvironment();
  const database = new URL(environment.env.DATABASE_URL!);
  proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
});
afterAll(async () => {
  await proxy?.close();
  await environment?.cleanup();
});

function event(n: number): GameResultRecordedEvent {
  return {
    id: randomUUID(),
    type: GAME_RESULT_RECORDED.type as GameResultRecordedEvent['type'],
    createdAt: new Date().toISOString(),
    resultId: n + 1,
    userId: 1_000 + (n % USERS),
    gameType: 'toplama',
    difficulty: 'orta',
    questionsCount: 10,
    correctAnswers: n % 11,
    totalTime: 60,
    playedAt: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
    points: pointsFor(n % 11),
    mistakes: [],
    facts: [],
    skills: [],
  };
}

describe('the statistics worker when its database is unreachable', () => {
  it(
    'keeps every waiting event through the outage and applies each once when the database returns',
    async () => {
      const { env, pool } = environment;
      // Only the worker goes through the proxy: the broker and the publisher stay healthy.
      const worker = startStatisticsWorker(
        loadConfig({}, { ...env, LOG_LEVEL: 'silent', DATABASE_URL: proxy.route(env.DATABASE_URL!) }),
      );
      const publisher = createAmqpClient({ url: env.AMQP_URL!, logger, queues: ALL_EVENT_QUEUES });
      try {
        await publisher.ready();
        await proxy.refuse();
        const outageStarted = Date.now();
        const events = Array.from({ length: EVENTS }, (_, n) => event(n));
        for (const e of events) await publisher.publish(e.type, e, {}, { messageId: e.id, type: e.type });

        await new Promise((resolve) => setTimeout(resolve, OUTAGE_SECONDS * 1000));
        const queue = EVENT_QUEUES.statistics.name;
        const parkedDuring = await queueDepth(env.AMQP_URL!, deadLetterQueue(queue));
        const appliedDuring = (await pool.query(`SELECT count(*)::int AS n FROM results.processed_events`))
          .rows[0].n as number;

        await proxy.restore();
        const back = Date.now();
        await waitFor(
          async () =>
            (await pool.query(`SELECT count(*)::int AS n FROM results.processed_events`)).rows[0].n >= EVENTS,
          { timeoutMs: 90_000, message: 'not every event applied after the database returned' },
        );
        const recovery = (Date.now() - back) / 1000;
        const { rows } = await pool.query(
          `SELECT count(*)::int AS events, count(DISTINCT event_id)::int AS distinct_events
             FROM results.processed_events WHERE consumer = 'statistics-worker'`,
        );
        const totals = await pool.query(
          `SELECT coalesce(sum(games), 0)::int AS games, coalesce(sum(correct), 0)::int AS correct
             FROM results.user_totals`,
        );
        const parked = await queueDepth(env.AMQP_URL!, deadLetterQueue(queue));
        console.log(
          `statistics consumer database outage: events ${EVENTS}, applied ${rows[0].events}, parked ${parked}, ` +
            `outage ${((back - outageStarted) / 1000).toFixed(0)} s, recovery ${recovery.toFixed(1)} s`,
        );
        expect(appliedDuring).toBe(0);
        expect(parkedDuring).toBe(0);
        expect(parked).toBe(0);
        expect(rows[0]).toEqual({ events: EVENTS, distinct_events: EVENTS });
        expect(totals.rows[0]).toEqual({
          games: EVENTS,
          correct: events.reduce((sum, e) => sum + e.correctAnswers, 0),
        });
      } finally {
        await publisher.close();
        await worker.close();
      }
    },
    OUTAGE_SECONDS * 1000 + 180_000,
  );
});
