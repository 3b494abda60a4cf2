import { loadConfig } from './config.js';
import { ensureDatabase, redactUrl } from './db/db.js';
import { runMigrations } from './db/migrations.js';
import { createLogger } from './logger.js';

// `npm run migrate [-- down [count]]`: create the database if missing, then migrate. Exit 1 on any failure.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  '57P03',
]);

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({}, process.env, { deployable: 'migrate' });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  }
  const logger = createLogger('migrate', config.LOG_LEVEL);
  const [directionArg, countArg] = process.argv.slice(2);
  const direction = directionArg === 'down' ? 'down' : 'up';
  const count = countArg ? Number(countArg) : undefined;
  try {
    if (await ensureDatabase(config.DATABASE_URL)) logger.info('created database');
    const applied = await runMigrations({ databaseUrl: config.DATABASE_URL, direction, count, logger });
    logger.info(
      { applied },
      applied.length ? `migrated ${direction}: ${applied.length}` : 'database up to date',
    );
    return 0;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (UNREACHABLE.has(code) || /connect|timeout/i.test((err as Error).message)) {
      process.stderr.write(
        `Postgres is not reachable at ${redactUrl(config.DATABASE_URL)} (${code || (err as Error).message}). ` +
          'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start ' +
          '(or `docker compose up -d postgres`), or set DATABASE_URL.\n',
      );
      return 2;
    }
    logger.error({ err }, 'migration failed');
    return 1;
  }
}

process.exitCode = await main();
