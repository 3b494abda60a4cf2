import {
  EVENT_QUEUES,
  type GameResultRecordedEvent,
  type GameResultRecordedEventV1,
} from '@mathgames/contracts';
import { type AmqpClient, createAmqpClient, createLogger } from '@mathgames/platform';
import {
  createTestEnvironment,
  gameRecorded,
  gameRecordedV1,
  type TestEnvironment,
  waitFor,
} from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatisticsWorker } from './index.js';

// The statistics-worker and a publisher on this file's own database and vhost: no HTTP service.
let env: TestEnvironment;
let worker: ReturnType<typeof startStatisticsWorker>;
let publisher: AmqpClient;

beforeAll(async () => {
  env = await createTestEnvironment();
  worker = startStatisticsWorker(env.config);
  publisher = createAmqpClient({
    url: env.config.AMQP_URL,
    logger: createLogger('test', 'warn'),
    queues: [EVENT_QUEUES.statistics],
  });
  await publisher.ready();
});
afterAll(async () => {
  await publisher?.close();
  await worker?.close();
  await env?.cleanup();
});

/** Published under its type's routing key, as the release that wrote it did. */
const deliver = async (event: GameResultRecordedEvent | GameResultRecordedEventV1) => {
  await publisher.publish(event.type, event, {}, { messageId: event.id });
  await waitFor(async () =>
    (await env.pool.query('SELECT 1 FROM results.processed_events WHERE event_id = $1', [event.id])).rowCount
      ? true
      : null,
  );
};

/** Everything the statistics read model keeps about a user, without the user id. */
async function readModelOf(userId: number) {
  const rows = async (sql: string) => (await env.pool.query(sql, [userId])).rows;
  return {
    totals: await rows(
      'SELECT games, questions, correct, points FROM results.user_totals WHERE user_id = $1',
    ),
    types: await rows(
      'SELECT game_type, games, questions, correct, points FROM results.user_type_totals WHERE user_id = $1 ORDER BY 1',
    ),
    days: await rows(
      'SELECT day::text, questions, correct, points FROM results.user_daily WHERE user_id = $1 ORDER BY 1',
    ),
    mistakes: await rows(
      'SELECT mistake_kind, count FROM results.user_mistakes WHERE user_id = $1 ORDER BY 1',
    ),
    facts: await rows('SELECT fact, correct, ms FROM results.fact_fluency WHERE user_id = $1 ORDER BY 1'),
    mastery: await rows(
      'SELECT outcome, level, games FROM results.outcome_mastery WHERE user_id = $1 ORDER BY 1',
    ),
  };
}

describe('a retired game-result.recorded.v1 event still in the statistics queue after a deploy', () => {
  it('is applied exactly as its version 2 equivalent (the points by the rule of its time)', async () => {
    const game = {
      gameType: 'çarpma',
      difficulty: 'orta',
      questionsCount: 12,
      correctAnswers: 9,
      playedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    } as const;
    const v1 = gameRecordedV1(8001, game);
    await deliver(v1);
    await deliver(gameRecorded(8002, game));
    const [fromV1, fromV2] = [await readModelOf(8001), await readModelOf(8002)];
    expect(fromV1).toEqual(fromV2);
    expect(fromV1.totals).toEqual([{ games: 1, questions: 12, correct: 9, points: 90 }]);
    // Applied once, like any event: its redelivery changes nothing.
    await publisher.publish(v1.type, v1, {}, { messageId: v1.id });
    await deliver(gameRecorded(8001, { ...game, correctAnswers: 0 }));
    expect((await readModelOf(8001)).totals).toEqual([{ games: 2, questions: 24, correct: 9, points: 90 }]);
  });
});
