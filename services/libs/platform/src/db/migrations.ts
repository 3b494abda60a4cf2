import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { Logger } from '../logger.js';

/** `infra/db/migrations` of this checkout (src/ and dist/ sit at the same depth), or MIGRATIONS_DIR. */
export function migrationsDir(): string {
  return (
    process.env.MIGRATIONS_DIR ??
    fileURLToPath(new URL('../../../../../infra/db/migrations', import.meta.url))
  );
}

export interface RunMigrationsOptions {
  databaseUrl: string;
  direction?: 'up' | 'down';
  /** Number of migrations to run; default: all (up) or one (down). */
  count?: number;
  dir?: string;
  logger?: Logger;
}

/** Runs the repo's SQL migrations; the bookkeeping table lives in `public` so domain schemas stay clean. */
export async function runMigrations(options: RunMigrationsOptions): Promise<string[]> {
  const dir = options.dir ?? migrationsDir();
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  const direction = options.direction ?? 'up';
  const applied = await runner({
    databaseUrl: options.databaseUrl,
    dir,
    direction,
    count: options.count ?? (direction === 'up' ? Number.POSITIVE_INFINITY : 1),
    migrationsTable: 'pgmigrations',
    migrationsSchema: 'public',
    checkOrder: true,
    singleTransaction: true,
    verbose: false,
    log: (message: string) => options.logger?.debug(message),
  });
  return applied.map((m) => m.name);
}
