import { ALL_EVENT_QUEUES, type EventDefinition, type EventQueue, eventTypesOf } from '@mathgames/contracts';
import type { ChannelModel } from 'amqplib';
import type { Logger } from '../../logger.js';

export interface AmqpTopology {
  exchange: string;
  deadLetterExchange: string;
  /** Queue name → routing keys bound from the exchange. One quorum queue per consumer group. */
  queues: Readonly<Record<string, readonly string[]>>;
}

export const EVENTS_EXCHANGE = 'mathgames.events';
export const DEAD_LETTER_EXCHANGE = 'mathgames.dead-letter';

/**
 * Last-resort guard against a message that crashes its consumer process: failures are retried inside the
 * consumer, so only deliveries lost with a dead channel or process count. Explicit, so 3.10 (no default) and
 * 4.x (default 20) behave the same, and high enough that broker restarts and rollouts never park a healthy event.
 */
export const DELIVERY_LIMIT = 100;

/**
 * The broker layout derived from declared queues (contracts' event catalogue): nothing else names a queue. A queue
 * binds its event's current type and its retired versions' (docs/decisions/0050): an outbox row written before a
 * deploy, or a release still rolling out, publishes the older version, and its consumer upcasts it.
 */
export function topologyFor(queues: readonly EventQueue[]): AmqpTopology {
  const byName: Record<string, string[]> = {};
  for (const queue of queues) {
    const keys = byName[queue.name] ?? [];
    for (const type of eventTypesOf(queue.event)) if (!keys.includes(type)) keys.push(type);
    byName[queue.name] = keys;
  }
  return { exchange: EVENTS_EXCHANGE, deadLetterExchange: DEAD_LETTER_EXCHANGE, queues: byName };
}

/** The queues a publisher of these events declares, so its events are kept even before their workers first start. */
export function queuesFor(events: readonly Pick<EventDefinition, 'type'>[]): EventQueue[] {
  const types = new Set(events.map((e) => e.type));
  return ALL_EVENT_QUEUES.filter((queue) => types.has(queue.event.type));
}

export function deadLetterQueue(queue: string): string {
  return `${queue}.dead-letter`;
}

export function queueArguments(queue: string): Record<string, unknown> {
  return {
    'x-queue-type': 'quorum',
    'x-dead-letter-exchange': DEAD_LETTER_EXCHANGE,
    'x-dead-letter-routing-key': queue,
    // The broker keeps a rejected message until the dead-letter queue confirmed it (quorum queues, 3.10+);
    // at-least-once dead-lettering requires reject-publish overflow.
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
    'x-delivery-limit': DELIVERY_LIMIT,
  };
}

/**
 * Declares exchanges, each queue with its dead-letter queue and bindings. A queue that already exists with other
 * arguments (declared by an older release) is kept as it is with a warning: redeclaring would close the channel
 * and deleting it would lose messages; docs/operations/deploy.md "External services and the settings they need" says how to migrate it.
 */
export async function declareTopology(
  conn: ChannelModel,
  topology: AmqpTopology,
  logger?: Logger,
): Promise<void> {
  let channel = await conn.createChannel();
  channel.on('error', () => {});
  try {
    await channel.assertExchange(topology.exchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
    for (const [queue, routingKeys] of Object.entries(topology.queues)) {
      const dlq = deadLetterQueue(queue);
      await channel.assertQueue(dlq, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(dlq, topology.deadLetterExchange, queue);
      try {
        await channel.assertQueue(queue, { durable: true, arguments: queueArguments(queue) });
      } catch (err) {
        if ((err as { code?: number }).code !== 406) throw err;
        logger?.warn(
          { queue, reason: (err as Error).message },
          'queue exists with older arguments; kept as it is (see docs/operations/deploy.md)',
        );
        channel = await conn.createChannel();
        channel.on('error', () => {});
        await channel.checkQueue(queue);
      }
      for (const key of routingKeys) await channel.bindQueue(queue, topology.exchange, key);
    }
  } finally {
    await channel.close().catch(() => {});
  }
}
