import { AsyncLocalStorage } from 'node:async_hooks';
import { type DestinationStream, type Logger, pino } from 'pino';
import { currentTraceId } from './tracing/trace-context.js';

export type { Logger } from 'pino';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs fn with a request id that every log line, outbox row and published event inside it will carry. */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  if (!requestId) return fn();
  return requestContext.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function createLogger(
  name: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = {
    name,
    level,
    mixin() {
      const requestId = currentRequestId();
      const traceId = currentTraceId();
      if (!traceId) return requestId ? { requestId } : {};
      return requestId ? { requestId, traceId } : { traceId };
    },
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'token',
        '*.token',
        'req.headers.cookie',
        'req.headers["x-mg-identity"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
