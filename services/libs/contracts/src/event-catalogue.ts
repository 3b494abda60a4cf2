import type { z } from 'zod';
import {
  EVENT_TYPES,
  type GameResultRecordedEvent,
  gameResultRecordedEventSchema,
  gameResultRecordedEventV1Schema,
  RETIRED_EVENT_TYPES,
  type UserDeletedEvent,
  userDeletedEventSchema,
} from './schemas/index.js';
import { pointsFor } from './scoring.js';

/**
 * An older version of an event that no service publishes any more but a queue, a dead-letter queue or an outbox may
 * still hold: `upcast` reads it (its own schema) and gives the current version, so consumers see only that.
 */
export interface RetiredEventVersion<Event extends { id: string } = { id: string }> {
  readonly type: string;
  readonly upcast: (payload: unknown) => Event;
}

/** A domain event as it travels: its type (also the routing key) and the schema every consumer checks. */
export interface EventDefinition<Event extends { id: string } = { id: string }> {
  readonly type: string;
  readonly schema: z.ZodType<Event>;
  /** Older versions still read (and still bound to the event's queues), each upcast to this one. */
  readonly retired?: readonly RetiredEventVersion<Event>[] | undefined;
}

/**
 * A delivered event in its current version: a retired version (by its `type`) through its upcaster, anything else
 * through the current schema. The one place consumers read events (the platform's idempotent consumer calls it), so
 * no consumer handles an older shape. Throws (zod) on a payload that fits neither.
 */
export function readEvent<Event extends { id: string }>(
  definition: EventDefinition<Event>,
  payload: unknown,
): Event {
  const type =
    typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  const retired = definition.retired?.find((version) => version.type === type);
  return definition.schema.parse(retired ? retired.upcast(payload) : payload);
}

/** The routing keys of an event: its current type and its retired versions' (what its queues bind). */
export function eventTypesOf(definition: Pick<EventDefinition, 'type' | 'retired'>): string[] {
  return [definition.type, ...(definition.retired ?? []).map((version) => version.type)];
}

/**
 * `game-result.recorded.v1` as `.v2`, computing once what version 1 could lack (docs/decisions/0050): the points by
 * the rule that awarded them when version 1 was published (the event carried none before game-results computed
 * them), the time it was received as its play time (the only time such an event has), and no mistakes, facts or
 * skills (the game predates them). The event keeps its id, so one already applied is not applied again.
 */
export function upcastGameResultRecordedV1(payload: unknown): GameResultRecordedEvent {
  const v1 = gameResultRecordedEventV1Schema.parse(payload);
  return {
    ...v1,
    type: EVENT_TYPES.gameResultRecorded,
    receivedAt: v1.receivedAt ?? v1.playedAt,
    points: v1.points ?? pointsFor(v1.correctAnswers),
    mistakes: v1.mistakes ?? [],
    facts: v1.facts ?? [],
    skills: v1.skills ?? [],
  };
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
  retired: [{ type: RETIRED_EVENT_TYPES.gameResultRecordedV1, upcast: upcastGameResultRecordedV1 }],
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
