import { type GameResultRecordedEvent, gameResultRecordedEventSchema, pointsFor } from '@mathgames/contracts';
import { type AmqpClient, type Logger, startIdempotentConsumer } from '@mathgames/platform';
import type pg from 'pg';
import { addToReadModel } from '../../data-access/statistics-repository.js';

export const STATISTICS_QUEUE = 'statistics.game-result-recorded';
export const STATISTICS_CONSUMER = 'statistics-worker';

export interface StatisticsConsumerDeps {
  amqp: AmqpClient;
  pool: pg.Pool;
  logger: Logger;
  timeZone: string;
  prefetch?: number;
}

/** Folds each recorded game into the user's totals, per-type totals and per-day counts, once per event id. */
export function startStatisticsConsumer(deps: StatisticsConsumerDeps): { stop(): Promise<void> } {
  return startIdempotentConsumer<GameResultRecordedEvent>({
    amqp: deps.amqp,
    pool: deps.pool,
    schema: 'results',
    queue: STATISTICS_QUEUE,
    consumer: STATISTICS_CONSUMER,
    eventSchema: gameResultRecordedEventSchema,
    prefetch: deps.prefetch ?? 20,
    logger: deps.logger,
    handle: (event, client) =>
      addToReadModel(
        client,
        {
          userId: event.userId,
          gameType: event.gameType,
          questionsCount: event.questionsCount,
          correctAnswers: event.correctAnswers,
          points: pointsFor(event.correctAnswers),
          recordedAt: new Date(event.playedAt),
          mistakes: event.mistakes,
        },
        deps.timeZone,
      ),
  });
}
