import type { EventQueue } from '@mathgames/contracts';
import type { Logger } from '../../logger.js';
import {
  closeClient,
  connectLoop,
  createClientState,
  readQueueDepths,
  waitUntilReady,
} from './connection.js';
import { type MessageHandler, registerConsumer, type Subscription } from './consumers.js';
import { type PublishOptions, publishConfirmed } from './publish.js';
import { type AmqpTopology, topologyFor } from './topology.js';

export type { ConsumeMessage } from 'amqplib';
export type { DeliveryControl, MessageHandler, Subscription } from './consumers.js';
export type { PublishOptions } from './publish.js';

export interface AmqpClient {
  readonly topology: AmqpTopology;
  /** Resolves once the broker confirmed the message; waits (bounded) through reconnects instead of dropping it. */
  publish(
    routingKey: string,
    message: unknown,
    headers?: Record<string, unknown>,
    options?: PublishOptions,
  ): Promise<void>;
  consume(queue: string, handler: MessageHandler, options?: { prefetch?: number }): Subscription;
  ready(): Promise<void>;
  isConnected(): boolean;
  /**
   * Messages in each declared queue and its dead-letter queue (passive declare on a short-lived channel); empty
   * while disconnected.
   */
  queueDepths(): Promise<{ queue: string; messages: number }[]>;
  close(): Promise<void>;
}

export interface AmqpClientOptions {
  url: string;
  logger: Logger;
  /** The queues this client declares on every (re)connect; publishers declare those of the events they send. */
  queues?: readonly EventQueue[];
  /** Shown in the RabbitMQ management UI and `rabbitmqctl list_connections`. */
  connectionName?: string;
  publishTimeoutMs?: number;
}

export function createAmqpClient(options: AmqpClientOptions): AmqpClient {
  const topology = topologyFor(options.queues ?? []);
  const publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
  const state = createClientState({
    url: options.url,
    logger: options.logger,
    topology,
    connectionName: options.connectionName,
  });

  void connectLoop(state);

  return {
    topology,
    publish: (routingKey, message, headers = {}, publishOptions = {}) =>
      publishConfirmed(state, publishTimeoutMs, routingKey, message, headers, publishOptions),
    consume: (queue, handler, consumeOptions = {}) =>
      registerConsumer(state, queue, handler, consumeOptions.prefetch ?? 20),
    ready: () => waitUntilReady(state),
    isConnected: () => state.publisher !== null,
    queueDepths: () => readQueueDepths(state),
    close: () => closeClient(state),
  };
}
