import type pg from 'pg';
import type { AmqpClient } from './amqp.js';

/** Readiness checks for createHttpService: each resolves when the dependency answers, rejects otherwise. */
export function postgresReady(pool: pg.Pool): () => Promise<unknown> {
  return () => pool.query('SELECT 1');
}

export function amqpReady(amqp: AmqpClient): () => Promise<unknown> {
  return async () => {
    if (!amqp.isConnected()) throw new Error('RabbitMQ not connected');
  };
}

export function redisReady(redis: { ping(): Promise<unknown> }): () => Promise<unknown> {
  return () => redis.ping();
}
