export { addressBucket } from './address-bucket.js';
export * from './amqp.js';
export { backoffDelay, sleep } from './backoff.js';
export * from './budget-limiter.js';
export * from './bullmq.js';
export * from './config.js';
export * from './database-service.js';
export * from './db.js';
export * from './deployables.js';
export { translateMessage } from './error-messages.js';
export * from './errors.js';
export * from './failures.js';
export * from './housekeeping.js';
export * from './http-service.js';
export * from './idempotent-consumer.js';
export * from './identity.js';
export * from './join-ticket.js';
export * from './logger.js';
export * from './mail-token.js';
export * from './metrics.js';
export * from './migrations.js';
export * from './outbox.js';
export * from './outbox-relay.js';
export * from './redis.js';
export * from './replay-dead-letters.js';
export * from './session-directives.js';
export * from './shutdown.js';
export { TRACES_SAMPLERS, tracingRequested } from './tracing/index.js';
export {
  currentTraceId,
  currentTraceparent,
  injectTraceContext,
  inSpan,
  SpanKind,
  TRACEPARENT_HEADER,
  tracingEnabled,
} from './tracing/trace-context.js';
export * from './worker.js';
