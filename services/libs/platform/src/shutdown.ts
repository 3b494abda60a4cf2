import { createLogger } from './logger.js';

type Handler = () => Promise<unknown> | unknown;

const handlers: Handler[] = [];
let shuttingDown = false;
let installed = false;
let hardTimeoutMs = 25_000;
const logger = createLogger('shutdown');

/** True once SIGTERM/SIGINT arrived: `/readyz` answers 503 so traffic drains before anything closes. */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

/**
 * Registers a cleanup step. On SIGTERM/SIGINT readiness turns false, then steps run in reverse registration order
 * (register the HTTP server last so it stops first, pools and brokers close after), then the process exits 0.
 * If cleanup exceeds the time limit the process exits 1 rather than hanging the rollout.
 */
export function onShutdown(handler: Handler, options: { timeoutMs?: number } = {}): void {
  handlers.push(handler);
  if (options.timeoutMs !== undefined) hardTimeoutMs = options.timeoutMs;
  if (installed) return;
  installed = true;
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

export async function shutdown(reason: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ reason }, 'shutting down');
  const timer = setTimeout(() => {
    logger.error({ timeoutMs: hardTimeoutMs }, 'shutdown timed out; exiting');
    process.exit(1);
  }, hardTimeoutMs);
  timer.unref();
  // Optional pause with /readyz failing but everything still serving, so load balancers stop routing here
  // before the server stops accepting (Kubernetes endpoints update asynchronously).
  const drainDelayMs = Number(process.env.SHUTDOWN_DELAY_MS ?? 0);
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  let failed = false;
  for (const handler of [...handlers].reverse()) {
    try {
      await handler();
    } catch (err) {
      failed = true;
      logger.error({ err }, 'shutdown step failed');
    }
  }
  clearTimeout(timer);
  logger.info('shutdown complete');
  process.exit(failed ? 1 : 0);
}
