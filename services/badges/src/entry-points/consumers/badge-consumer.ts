import { type GameResultRecordedEvent, gameResultRecordedEventSchema } from '@mathgames/contracts';
import { type AmqpClient, type Logger, startIdempotentConsumer } from '@mathgames/platform';
import type pg from 'pg';
import { addProgress } from '../../data-access/badges-repository.js';
import type { SummaryCache } from '../../data-access/summary-cache.js';
import { refreshSummaryAfterCommit } from '../../domain/badge-summary.js';

export const BADGES_QUEUE = 'badges.game-result-recorded';
export const BADGES_CONSUMER = 'badge-worker';

export interface BadgeConsumerDeps {
  amqp: AmqpClient;
  pool: pg.Pool;
  cache: SummaryCache;
  logger: Logger;
  prefetch?: number;
}

/**
 * Adds each game's correct answers to the 7 badges of its (type, difficulty), once per event id, then refreshes
 * the user's summary cache after the transaction commits.
 */
export function startBadgeConsumer(deps: BadgeConsumerDeps): { stop(): Promise<void> } {
  const refreshing = new Set<Promise<unknown>>();

  function refreshLater(event: GameResultRecordedEvent): void {
    const job = refreshSummaryAfterCommit(deps, BADGES_CONSUMER, event.id, event.userId)
      .then((done) => {
        if (!done)
          deps.logger.warn({ eventId: event.id }, 'badge change never became visible; cache not refreshed');
      })
      .catch((err: unknown) =>
        deps.logger.warn({ err, userId: event.userId }, 'badge summary refresh failed'),
      )
      .finally(() => refreshing.delete(job));
    refreshing.add(job);
  }

  const consumer = startIdempotentConsumer<GameResultRecordedEvent>({
    amqp: deps.amqp,
    pool: deps.pool,
    schema: 'badges',
    queue: BADGES_QUEUE,
    consumer: BADGES_CONSUMER,
    eventSchema: gameResultRecordedEventSchema,
    prefetch: deps.prefetch ?? 20,
    logger: deps.logger,
    async handle(event, client) {
      if (event.correctAnswers === 0) return;
      await addProgress(
        client,
        event.userId,
        event.gameType,
        event.difficulty,
        event.correctAnswers,
        new Date(event.playedAt),
      );
      refreshLater(event);
    },
  });

  return {
    async stop() {
      await consumer.stop();
      await Promise.allSettled([...refreshing]);
    },
  };
}
