import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPool, type Pool } from '@mathgames/platform';
import {
  closedPorts,
  createTestEnvironment,
  createVhost,
  deleteVhost,
  type PrivatePostgres,
  queueDepth,
  type SmtpCapture,
  startPrivatePostgres,
  startSmtpCapture,
  type TestEnvironment,
  vhostUrl,
  waitFor,
} from '@mathgames/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../stack.js';
import { createClass, saveGame } from '../classes/classes-api.js';
import { Browser, signUp } from '../classes/classes-stack.js';

// docs/operations/backups.md, "Backups and restores": the logical backup (globals and `pg_dump -Fc`) of a product with
// results still in flight on RabbitMQ and others not yet published from the outbox is restored into a fresh
// Postgres cluster on another port; the product started on it (with a new broker vhost and Redis prefix: those
// were lost with the old site) finds everything, and every result reaches the workers once the in-flight events
// are re-derived from the outbox as the runbook says.
const run = promisify(execFile);
function pgBin(tool: string): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return process.env.PG_BIN ? join(process.env.PG_BIN, tool) : `/usr/lib/postgresql/${newest}/bin/${tool}`;
}

const GAMES = { workersRunning: 2, inFlight: 2, pending: 2 } as const;
const PUPILS = 2;
const PUPIL_NAMES = Array.from({ length: PUPILS }, (_, n) => `BackupPupil${n}`);
const limits = {
  gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '1000000' },
};

/** Whether both workers have applied `results` results (and, with `outboxEmpty`, no outbox row is waiting). */
async function allApplied(pool: Pool, results: number, outboxEmpty = false): Promise<boolean> {
  const c = await counts(pool);
  return (
    (!outboxEmpty || c['pending outbox rows'] === 0) &&
    c['results applied by statistics-worker'] === results &&
    c['results applied by badge-worker'] === results
  );
}

/** A verified teacher with a class, and the pupils signed up. */
async function signUpTeacherAndPupils(baseUrl: string, smtp: SmtpCapture): Promise<void> {
  const teacher = await signUp(new Browser(baseUrl), smtp, {
    username: 'BackupTeacher',
    teacher: true,
    verify: true,
  });
  await createClass(teacher, '3-A', 3);
  for (const name of PUPIL_NAMES)
    await signUp(new Browser(baseUrl), smtp, { username: name, teacher: false, verify: false });
}

async function loginPupil(baseUrl: string, n: number): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const res = await browser.post('/api/auth/login', {
    email: `${PUPIL_NAMES[n]!.toLowerCase()}@example.com`,
    password: 'correct horse',
  });
  expect(res.status).toBe(200);
  return browser;
}

/** Every pupil logs in and saves `games` games. */
async function playGames(baseUrl: string, games: number): Promise<void> {
  for (let n = 0; n < PUPILS; n++) {
    const pupil = await loginPupil(baseUrl, n);
    for (let g = 0; g < games; g++)
      expect((await saveGame(pupil, { gameType: 'toplama', difficulty: 'kolay', count: 5 })).status).toBe(
        201,
      );
  }
}

/** The backup, as docs/operations/backups.md says: the globals and `pg_dump -Fc` of the database. */
async function backUp(databaseUrl: string, dir: string): Promise<void> {
  const source = new URL(databaseUrl);
  const database = source.pathname.slice(1);
  const connect = ['-h', source.hostname, '-p', source.port || '5432', '-U', source.username || 'postgres'];
  await run(pgBin('pg_dumpall'), [...connect, '--roles-only', '-f', join(dir, 'globals.sql')]);
  await run(pgBin('pg_dump'), [...connect, '-d', database, '-Fc', '-f', join(dir, 'mathgames.dump')]);
}

/** The restore into a fresh cluster (on another port), as a database named mathgames. */
async function restoreInto(restored: PrivatePostgres, dir: string): Promise<void> {
  const target = ['-h', '127.0.0.1', '-p', String(restored.port), '-U', 'postgres'];
  // "role postgres already exists" is expected; everything else must apply.
  await run(pgBin('psql'), [...target, '-d', 'postgres', '-q', '-f', join(dir, 'globals.sql')]).catch(
    () => {},
  );
  await run(pgBin('createdb'), [...target, 'mathgames']);
  await run(pgBin('pg_restore'), [
    ...target,
    '-d',
    'mathgames',
    '--exit-on-error',
    join(dir, 'mathgames.dump'),
  ]);
}

async function counts(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM auth.users) AS users,
      (SELECT count(*)::int FROM results.game_results) AS results,
      (SELECT count(*)::int FROM badges.user_badges) AS badges,
      (SELECT count(*)::int FROM classes.classes) AS classes,
      (SELECT count(*)::int FROM results.outbox WHERE published_at IS NULL)
        + (SELECT count(*)::int FROM auth.outbox WHERE published_at IS NULL) AS "pending outbox rows",
      (SELECT count(*)::int FROM results.processed_events) AS "results applied by statistics-worker",
      (SELECT count(*)::int FROM badges.processed_events) AS "results applied by badge-worker"`);
  return rows[0]!;
}

describe('a Postgres backup', () => {
  let environment: TestEnvironment | undefined;
  let smtp: SmtpCapture | undefined;
  let stack: Stack | undefined;
  let restored: PrivatePostgres | undefined;
  let restoredPool: Pool | undefined;
  let vhost: string | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'mg-backup-'));
  const baseAmqp = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

  afterAll(async () => {
    await stack?.stop();
    await restoredPool?.end();
    await restored?.destroy();
    if (vhost) await deleteVhost(baseAmqp, vhost).catch(() => {});
    await smtp?.close();
    await environment?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores into a fresh cluster where the product finds everything and delivers what was in flight', {
    timeout: 600_000,
  }, async () => {
    environment = await createTestEnvironment();
    smtp = await startSmtpCapture();
    const env: Record<string, string> = { ...environment.env, SMTP_URL: smtp.url };
    const totalGames = PUPILS * (GAMES.workersRunning + GAMES.inFlight + GAMES.pending);

    // 1. The whole product: a teacher and their class, pupils playing, every result applied by the workers.
    stack = await startStack({ environment: env, envFor: limits });
    await signUpTeacherAndPupils(stack.baseUrl, smtp);
    await playGames(stack.baseUrl, GAMES.workersRunning);
    const applied = PUPILS * GAMES.workersRunning;
    await waitFor(() => allApplied(environment!.pool, applied), {
      timeoutMs: 60_000,
      message: 'the first results applied',
    });
    await stack.stop();

    // 2. The workers are away: results are published and wait on RabbitMQ (in flight at backup time).
    stack = await startStack({
      environment: env,
      envFor: limits,
      only: ['auth', 'game-results', 'badges', 'classes', 'gateway'],
    });
    await playGames(stack.baseUrl, GAMES.inFlight);
    await waitFor(
      async () =>
        (await queueDepth(env.AMQP_URL!, 'statistics.game-result-recorded')) === PUPILS * GAMES.inFlight,
      { timeoutMs: 30_000, message: 'results in flight on RabbitMQ' },
    );
    await stack.stop();

    // 3. The broker is unreachable: results are accepted and stay in the outbox.
    const [deadPort] = await closedPorts(1);
    stack = await startStack({
      // (LOG_LEVEL error: the relays' reconnect warnings are expected here.)
      environment: { ...env, AMQP_URL: `amqp://guest:guest@127.0.0.1:${deadPort}`, LOG_LEVEL: 'error' },
      envFor: limits,
      only: ['auth', 'game-results', 'badges', 'gateway'],
    });
    await playGames(stack.baseUrl, GAMES.pending);
    await stack.stop();
    stack = undefined;

    // The backup and the restore into a fresh cluster on another port.
    const before = await counts(environment.pool);
    const inFlight = await queueDepth(env.AMQP_URL!, 'statistics.game-result-recorded');
    await backUp(env.DATABASE_URL!, dir);
    restored = await startPrivatePostgres();
    await restoreInto(restored, dir);
    restoredPool = createPool(restored.url('mathgames'), { max: 2 });
    const after = await counts(restoredPool);
    console.log(`before backup: ${JSON.stringify(before)}; in flight on RabbitMQ: ${inFlight}`);
    console.log(`after restore: ${JSON.stringify(after)}`);
    expect(after).toEqual(before);
    expect(before).toMatchObject({
      users: PUPILS + 1,
      results: totalGames,
      classes: 1,
      'pending outbox rows': PUPILS * GAMES.pending,
    });
    expect(before.badges).toBeGreaterThan(0);
    expect(inFlight).toBe(PUPILS * GAMES.inFlight);

    // What was in flight is re-derived from the outbox (the runbook's statement), then the product starts on the
    // restored database with a new vhost and Redis prefix: every result reaches both workers exactly once.
    for (const schema of ['results', 'auth'])
      await restoredPool.query(
        `UPDATE ${schema}.outbox SET published_at = NULL, claimed_until = NULL WHERE destination = 'amqp'`,
      );
    vhost = `mg_restore_${Date.now().toString(36)}`;
    await createVhost(baseAmqp, vhost);
    stack = await startStack({
      environment: {
        ...env,
        DATABASE_URL: restored.url('mathgames'),
        AMQP_URL: vhostUrl(baseAmqp, vhost),
        REDIS_PREFIX: `${env.REDIS_PREFIX}restored:`,
      },
      envFor: limits,
    });
    await waitFor(() => allApplied(restoredPool!, totalGames, true), {
      timeoutMs: 120_000,
      intervalMs: 250,
      message: 'every result applied after the restore',
    });
    const running = await counts(restoredPool);
    console.log(`restored product running: ${JSON.stringify(running)}`);
    expect(running).toMatchObject({ users: before.users, results: before.results, classes: before.classes });
    // The pupils sign in on the restored product and see every game in their statistics.
    const pupil = await loginPupil(stack.baseUrl, 0);
    const stats = await pupil.get<{ totalQuestions: number }>('/api/statistics');
    expect(stats.status).toBe(200);
    // Five questions a game, every game of the three phases.
    expect(stats.body.totalQuestions).toBe((totalGames / PUPILS) * 5);
  });
});
