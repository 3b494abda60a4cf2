/**
 * Marks a failure that no retry can fix (the event contradicts the data, a bug needs a release): the message is
 * dead-lettered at once, to be replayed after the fix. Every other error is retried.
 */
export class PermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

/** Node/ioredis/amqplib errors of a dependency being away: they end when it returns. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** SQLSTATE: 08 connection exception, 53 insufficient resources, 57P0x shutdown / admin kill, 40 serialization. */
const TRANSIENT_SQLSTATE = /^(08|53|57P0[1-4]|40)/;

const TRANSIENT_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Stream isn't writeable|MaxRetriesPerRequest|Reached the max retries|Command timed out|the database system is (starting up|shutting down|in recovery)/i;

export type FailureKind = 'permanent' | 'transient' | 'unknown';

/**
 * Transient: the dependency is away (retry with backoff for as long as it takes). Permanent: dead-letter now.
 * Unknown (a bug): retried like a transient failure but logged as an error, so a healthy event is never parked
 * by a fault an operator can fix without touching the message.
 */
export function classifyFailure(err: unknown): FailureKind {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if (current instanceof PermanentError) return 'permanent';
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (TRANSIENT_NODE_CODES.has(code) || TRANSIENT_SQLSTATE.test(code)))
      return 'transient';
    if (typeof message === 'string' && TRANSIENT_MESSAGES.test(message)) return 'transient';
    current = (current as { cause?: unknown }).cause;
  }
  if (err instanceof AggregateError) {
    const kinds = err.errors.map(classifyFailure);
    if (kinds.includes('transient')) return 'transient';
  }
  return 'unknown';
}
