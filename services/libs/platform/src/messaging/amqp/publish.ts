import type { ConfirmChannel } from 'amqplib';
import { backoffDelay, sleep } from '../../backoff.js';
import { type ClientState, waitForPublisher } from './connection.js';

export interface PublishOptions {
  messageId?: string;
  type?: string;
}

/** Publishes until the broker confirms, through reconnects, for at most `timeoutMs`. */
export async function publishConfirmed(
  state: ClientState,
  timeoutMs: number,
  routingKey: string,
  message: unknown,
  headers: Record<string, unknown>,
  options: PublishOptions,
): Promise<void> {
  const body = Buffer.isBuffer(message) ? message : Buffer.from(JSON.stringify(message));
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (state.closed) throw new Error('amqp client closed');
    const channel = await waitForPublisher(state, Math.max(1, deadline - Date.now()));
    try {
      await publishOnce(channel, state.topology.exchange, routingKey, body, headers, options);
      return;
    } catch (err) {
      // Channel closed before the confirm: the message may or may not have arrived, so publish again
      // (at-least-once); consumers de-duplicate by event id.
      if (Date.now() >= deadline) throw err;
      state.logger.debug({ err, attempt }, 'publish not confirmed; retrying');
      await sleep(Math.min(backoffDelay(attempt, 50, 1_000), Math.max(0, deadline - Date.now())));
    }
  }
}

/** One publish on one channel, settled by the broker's confirm. */
function publishOnce(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  body: Buffer,
  headers: Record<string, unknown>,
  options: PublishOptions,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(
        exchange,
        routingKey,
        body,
        {
          persistent: true,
          contentType: 'application/json',
          messageId: options.messageId,
          type: options.type,
          timestamp: Math.floor(Date.now() / 1000),
          headers,
        },
        (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    } catch (err) {
      reject(err);
    }
  });
}
