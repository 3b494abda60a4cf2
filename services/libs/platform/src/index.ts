export { addressBucket } from './address-bucket.js';
export { backoffDelay, sleep } from './backoff.js';
export * from './budget-limiter.js';
export * from './config.js';
export * from './db/db.js';
export * from './db/housekeeping.js';
export * from './db/migrations.js';
export * from './db/school-scope.js';
export * from './deployables.js';
export * from './failures.js';
export * from './http/database-service.js';
export { translateMessage } from './http/error-messages.js';
export * from './http/errors.js';
export * from './http/http-service.js';
export * from './http/identity.js';
export * from './http/session-directives.js';
export * from './join-ticket.js';
export * from './logger.js';
export * from './mail-token.js';
export * from './messaging/amqp/client.js';
export * from './messaging/amqp/topology.js';
export * from './messaging/bullmq.js';
export { markUserErased } from './messaging/claim.js';
export * from './messaging/idempotent-consumer.js';
export * from './messaging/outbox/outbox.js';
export * from './messaging/outbox/outbox-relay.js';
export * from './messaging/replay-dead-letters.js';
export * from './messaging/worker.js';
export * from './metrics.js';
export * from './redis.js';
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
