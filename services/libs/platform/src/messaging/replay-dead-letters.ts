import amqplib from 'amqplib';
import type { Logger } from '../logger.js';
import { deadLetterQueue } from './amqp/topology.js';

/** Headers the broker adds on dead-lettering; a replayed message starts clean. */
const DEATH_HEADERS = [
  'x-death',
  'x-first-death-exchange',
  'x-first-death-queue',
  'x-first-death-reason',
  'x-last-death-exchange',
  'x-last-death-queue',
  'x-last-death-reason',
  'x-delivery-count',
];

/**
 * Moves what each queue's dead-letter queue holds back to the queue (after a fix), one message at a time: the
 * copy is confirmed by the broker before the parked one is acked, so nothing is lost and, at worst, a message is
 * moved twice, which the idempotent consumer absorbs. Takes only the messages parked when it started, so a message
 * that fails again is not looped. Returns how many moved per queue.
 */
export async function replayDeadLetters(options: {
  url: string;
  queues: readonly string[];
  logger?: Logger;
}): Promise<Record<string, number>> {
  const connection = await amqplib.connect(options.url);
  connection.on('error', (err: Error) => options.logger?.warn({ err }, 'amqp connection error'));
  const moved: Record<string, number> = {};
  try {
    const channel = await connection.createConfirmChannel();
    for (const queue of options.queues) {
      const parked = deadLetterQueue(queue);
      const { messageCount } = await channel.checkQueue(parked);
      let count = 0;
      for (let i = 0; i < messageCount; i++) {
        const message = await channel.get(parked, { noAck: false });
        if (!message) break;
        const headers = { ...(message.properties.headers ?? {}) };
        for (const name of DEATH_HEADERS) delete headers[name];
        headers['x-replayed-at'] = new Date().toISOString();
        channel.publish('', queue, message.content, {
          persistent: true,
          contentType: message.properties.contentType,
          messageId: message.properties.messageId,
          type: message.properties.type,
          timestamp: message.properties.timestamp,
          headers,
        });
        await channel.waitForConfirms();
        channel.ack(message);
        count++;
      }
      moved[queue] = count;
      options.logger?.info({ queue, moved: count }, 'dead letters replayed');
    }
    await channel.close();
    return moved;
  } finally {
    await connection.close().catch(() => {});
  }
}
