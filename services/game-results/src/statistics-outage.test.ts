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
 * The consumer's database unreachable while events wait in its queue: 2 minutes when this file runs alone, 15 s in
 * `make test` (STATISTICS_OUTAGE_SECONDS). What the outage must show is the consumer retrying each held event in
 * place, its backoff doubling up to its cap and then repeating the capped retry, with nothing applied and nothing
 * parked; from then on a longer outage only repeats the same capped retry. So the window only has to outlast the
 * climb to the cap and several capped retries. This file's private worker climbs from 250 ms to a 2 s cap (the
 * service's is 10 s, DEFAULT_RETRY_POLICY): with backoffDelay's jitter (half to all of each step) the cap is reached
 * within 2-4 s of failures and 15 s holds 6 or more capped retries per held event, more than the 45 s it took with
 * the 10 s cap (about 4). The pool keeps its connections open (createPool: `min` is `max`), so its idle timeout
 * closes none and sets no floor on the window.
 */
const OUTAGE_SECONDS = Number(process.env.STATISTICS_OUTAGE_SECONDS ?? 120);
const RETRY = { baseDelayMs: 250, maxDelayMs: 2_000 };
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
        { retry: RETRY },
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
