import type { Express } from 'express';
import type pg from 'pg';
import type { BaseConfig } from '../config.js';
import { createPool } from '../db/db.js';
import { createLogger, type Logger } from '../logger.js';
import { closeInOrder, createHttpService, type HttpService } from './http-service.js';

export interface DatabaseServiceParts<Extra> {
  routes: (app: Express) => void;
  /** What close() stops after the HTTP server and before the pool, in order (background work, relay, Redis). */
  stop?: (() => Promise<unknown> | unknown)[];
  /** Further members of the returned service (e.g. game-results' drainOutbox). */
  expose?: Extra;
}

export type DatabaseServiceConfig = Pick<BaseConfig, 'DATABASE_URL' | 'LOG_LEVEL' | 'INTERNAL_SECRET'> & {
  PORT?: number | undefined;
};

/**
 * The skeleton every HTTP service shares: its logger and Postgres pool, readiness on Postgres only (without Redis
 * or the broker a service still serves), the platform HTTP service with the routes `build` returns, and close():
 * stop taking requests and finish those in flight, then `stop` in order, then end the pool.
 */
export function createDatabaseService<Extra extends object = Record<never, never>>(
  name: string,
  config: DatabaseServiceConfig,
  build: (context: { pool: pg.Pool; logger: Logger }) => DatabaseServiceParts<Extra>,
): HttpService & Extra {
  const logger = createLogger(name, config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL, { logger });
  const parts = build({ pool, logger });
  const http = createHttpService({
    name,
    config,
    logger,
    readiness: { postgres: () => pool.query('SELECT 1') },
    routes: parts.routes,
  });
  return {
    ...(parts.expose ?? ({} as Extra)),
    app: http.app,
    listen: (port) => http.listen(port),
    close: closeInOrder(
      () => http.close(),
      ...(parts.stop ?? []),
      () => pool.end(),
    ),
  };
}
