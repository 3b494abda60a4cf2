import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per process; several services may share a process in tests, so metrics are created once. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency, by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const outboxPending = new Gauge({
  name: 'outbox_pending_rows',
  help: 'Outbox rows not yet published, by schema',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
});

export const outboxPublishedTotal = new Counter({
  name: 'outbox_published_total',
  help: 'Outbox rows published, by schema and destination',
  labelNames: ['schema', 'destination'] as const,
  registers: [metricsRegistry],
});

export const outboxFailuresTotal = new Counter({
  name: 'outbox_publish_failures_total',
  help: 'Failed outbox publish attempts, by schema and destination',
  labelNames: ['schema', 'destination'] as const,
  registers: [metricsRegistry],
});

export const consumerInFlight = new Gauge({
  name: 'consumer_in_flight_messages',
  help: 'Messages being handled, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const consumerMessagesTotal = new Counter({
  name: 'consumer_messages_total',
  help: 'Messages handled, by queue and outcome (applied, duplicate, erased, invalid, dead-lettered)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const consumerRetriesTotal = new Counter({
  name: 'consumer_retries_total',
  help: 'Failed attempts retried in place, by queue and kind (transient: a dependency away; unknown: a bug)',
  labelNames: ['queue', 'kind'] as const,
  registers: [metricsRegistry],
});

export const housekeepingDeletedTotal = new Counter({
  name: 'housekeeping_deleted_rows_total',
  help: 'Rows purged after their retention window, by table',
  labelNames: ['table'] as const,
  registers: [metricsRegistry],
});

export const jobsParkedTotal = new Counter({
  name: 'bullmq_jobs_parked_total',
  help: 'Jobs given up after their retry window and kept in the failed set, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobsInFlight = new Gauge({
  name: 'bullmq_jobs_in_flight',
  help: 'BullMQ jobs being processed, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const bullmqQueueJobs = new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed), sampled by workers',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

/** The outbox row's creation time, carried by the relay to consumers so they can report how far behind they are. */
export const OUTBOX_CREATED_AT_HEADER = 'x-outbox-created-at';

export const consumerEventLag = new Histogram({
  name: 'consumer_event_lag_seconds',
  help: 'From the outbox row being written to the consumer handling its event, by queue (the event path delay)',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [metricsRegistry],
});

/** Records an event's lag from its `x-outbox-created-at` header; a message without one (or a bad one) is skipped. */
export function observeEventLag(queue: string, headers: Record<string, unknown>, now = Date.now()): void {
  const created = headers[OUTBOX_CREATED_AT_HEADER];
  const at = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  if (Number.isNaN(at)) return;
  consumerEventLag.observe({ queue }, Math.max(0, now - at) / 1000);
}

export const amqpQueueMessages = new Gauge({
  name: 'amqp_queue_messages',
  help: 'Messages in a RabbitMQ queue (ready and unacknowledged), by queue; dead-letter queues end in .dead-letter. Sampled by the workers consuming them',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});
