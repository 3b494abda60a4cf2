import type { z } from 'zod';
import {
  EVENT_TYPES,
  type GameResultRecordedEvent,
  gameResultRecordedEventSchema,
  type UserDeletedEvent,
  userDeletedEventSchema,
} from './schemas/index.js';

/** A domain event as it travels: its type (also the routing key) and the schema every consumer checks. */
export interface EventDefinition<Event extends { id: string } = { id: string }> {
  readonly type: string;
  readonly schema: z.ZodType<Event>;
}

/**
 * One consumer group's queue: the only place a queue name is written. Workers subscribe to it, publishers declare
 * it (so an event is kept even before its worker first starts), and the KEDA scalers and docs are checked against it.
 */
export interface EventQueue<Event extends { id: string } = { id: string }> {
  readonly name: string;
  readonly event: EventDefinition<Event>;
  /** The deployable that consumes it (scaled on this queue's depth). */
  readonly worker: string;
}

export const GAME_RESULT_RECORDED: EventDefinition<GameResultRecordedEvent> = {
  type: EVENT_TYPES.gameResultRecorded,
  schema: gameResultRecordedEventSchema,
};

export const USER_DELETED: EventDefinition<UserDeletedEvent> = {
  type: EVENT_TYPES.userDeleted,
  schema: userDeletedEventSchema,
};

export const EVENT_QUEUES = {
  statistics: {
    name: 'statistics.game-result-recorded',
    event: GAME_RESULT_RECORDED,
    worker: 'statistics-worker',
  },
  badges: {
    name: 'badges.game-result-recorded',
    event: GAME_RESULT_RECORDED,
    worker: 'badge-worker',
  },
  classes: {
    name: 'classes.game-result-recorded',
    event: GAME_RESULT_RECORDED,
    worker: 'classes-worker',
  },
  // Erasure: each service that keeps rows about a user deletes them when the account is deleted.
  statisticsErasure: { name: 'statistics.user-deleted', event: USER_DELETED, worker: 'statistics-worker' },
  badgesErasure: { name: 'badges.user-deleted', event: USER_DELETED, worker: 'badge-worker' },
  classesErasure: { name: 'classes.user-deleted', event: USER_DELETED, worker: 'classes-worker' },
} as const satisfies Record<string, EventQueue<GameResultRecordedEvent> | EventQueue<UserDeletedEvent>>;

/** Every queue of the product, for publishers' topology, the dead-letter replay and the manifest tests. */
export const ALL_EVENT_QUEUES: readonly EventQueue[] = Object.values(EVENT_QUEUES) as unknown as EventQueue[];
