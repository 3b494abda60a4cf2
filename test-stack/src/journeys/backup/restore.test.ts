import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

// docs/operations/backups.md, "Backups and restores": the logical backup (infra/backup/backup.sh: roles, `pg_dump -Fc` and
// the erasure ledger, encrypted to the backup reader's key) of a product with results still in flight on RabbitMQ
// and others not yet published from the outbox is restored (infra/backup/restore.sh) into a fresh Postgres
// cluster on another port; the product started on it (with a new broker vhost and Redis prefix: those were lost
// with the old site) finds everything, and every result reaches the workers once the in-flight events are
// re-derived from the outbox as the runbook says. A pupil who deleted their account after the backup stays
// erased: the restore replays the erasure ledger (docs/decisions/0045-erasure-ledger.md); a restore without
// that step brings them back.
const run = promisify(execFile);
const BACKUP_SCRIPTS = new URL('../../../../infra/backup/', import.meta.url).pathname;
const REPO_ROOT = new URL('../../../../', import.meta.url).pathname;
function pgBin(tool: string): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return process.env.PG_BIN ? join(process.env.PG_BIN, tool) : `/usr/lib/postgresql/${newest}/bin/${tool}`;
}

const GAMES = { workersRunning: 2, inFlight: 2, pending: 2 } as const;
const PUPILS = 2;
const RESTORED_APPLIED = {
  timeoutMs: 120_000,
  intervalMs: 250,
  message: 'every result and the erasure applied after the restore',
};
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

/** libpq's variables for a database server at `url` (the scripts take their connection from them). */
function libpq(url: string): Record<string, string> {
  const u = new URL(url);
  return { PGHOST: u.hostname, PGPORT: u.port || '5432', PGUSER: u.username || 'postgres' };
}

/** The backup reader's key pair: a throwaway keyring holding the private key, and the public key file. */
async function backupReader(dir: string): Promise<{ gnupgHome: string; publicKey: string }> {
  const gnupgHome = join(dir, 'reader-keyring');
  mkdirSync(gnupgHome, { mode: 0o700 });
  const env = { ...process.env, GNUPGHOME: gnupgHome };
  await run(
    'gpg',
    [
      '--batch',
      '--quiet',
      '--passphrase',
      '',
      '--quick-gen-key',
      'backup reader',
      'future-default',
      'default',
      'never',
    ],
    { env },
  );
  const { stdout } = await run('gpg', ['--batch', '--armor', '--export', 'backup reader'], { env });
  const publicKey = join(dir, 'reader.asc');
  writeFileSync(publicKey, stdout);
  return { gnupgHome, publicKey };
}

const pgBinDir = () => join(pgBin('psql'), '..');

/** infra/backup/backup.sh with `args`, connected to the server of `databaseUrl`. */
async function backupScript(databaseUrl: string, publicKey: string, args: string[]): Promise<string> {
  const { stdout } = await run(join(BACKUP_SCRIPTS, 'backup.sh'), args, {
    env: { ...process.env, ...libpq(databaseUrl), PG_BIN: pgBinDir(), BACKUP_PUBLIC_KEY: publicKey },
  });
  return stdout.trim();
}

/** infra/backup/restore.sh into a fresh cluster (on another port), as `database`; `replay` false skips step 4. */
async function restoreScript(
  restored: PrivatePostgres,
  backup: string,
  database: string,
  ledgers: string[],
  gnupgHome: string,
  replay = true,
): Promise<string> {
  const { stdout } = await run(join(BACKUP_SCRIPTS, 'restore.sh'), [backup, database, ...ledgers], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...libpq(restored.url('postgres')),
      PG_BIN: pgBinDir(),
      GNUPGHOME: gnupgHome,
      ...(replay ? {} : { REPLAY_ERASURES: 'true' }),
    },
  });
  return stdout;
}

/** What a database holds of one account: its row, results, badges, and whether the erasure ledger lists it. */
async function residueOf(pool: Pool, userId: number): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(
    `SELECT
      (SELECT count(*)::int FROM auth.users WHERE id = $1) AS account,
      (SELECT count(*)::int FROM results.game_results WHERE user_id = $1) AS results,
      (SELECT count(*)::int FROM badges.user_badges WHERE user_id = $1) AS badges,
      (SELECT count(*)::int FROM auth.erasure_ledger WHERE user_id = $1) AS ledger`,
    [userId],
  );
  return rows[0]!;
}

/** The nightly backup (infra/backup/backup.sh), encrypted to the reader's key: nothing in it reads in clear. */
async function encryptedBackup(databaseUrl: string, dir: string) {
  const reader = await backupReader(dir);
  const backup = await backupScript(databaseUrl, reader.publicKey, [
    new URL(databaseUrl).pathname.slice(1),
    join(dir, 'backups'),
  ]);
  for (const file of ['globals.sql.gpg', 'mathgames.dump.gpg', 'erasure-ledger.csv.gpg']) {
    const bytes = readFileSync(join(backup, file));
    expect(bytes.includes('BackupPupil'), file).toBe(false);
    expect(bytes.includes('PGDMP'), file).toBe(false);
  }
  return { backup, reader };
}

/** After the backup, a pupil deletes their account (the erasure waits in the outbox: the broker is away). */
async function eraseAfterBackup(stack: Stack, pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM auth.users WHERE username = $1', [
    PUPIL_NAMES[1],
  ]);
  const leaving = await loginPupil(stack.baseUrl, 1);
  expect((await leaving.post('/api/profile/delete', { password: 'correct horse' })).status).toBe(200);
  return rows[0]!.id;
}

/**
 * The restore as the runbook says, the live database's erasure ledger exported first: once without the ledger's
 * replay (into `unreplayed`), where the pupil erased after the backup is back with their results, the failure
 * the replay step exists for; then with it (into `mathgames`), where they are not.
 */
async function restoreWithAndWithoutReplay(
  restored: PrivatePostgres,
  backup: string,
  liveUrl: string,
  reader: { gnupgHome: string; publicKey: string },
  erasedId: number,
  erasedResults: number,
): Promise<void> {
  const liveLedger = join(backup, '..', 'live-ledger.csv.gpg');
  await backupScript(liveUrl, reader.publicKey, [
    '--ledger-only',
    new URL(liveUrl).pathname.slice(1),
    liveLedger,
  ]);
  await restoreScript(restored, backup, 'unreplayed', [liveLedger], reader.gnupgHome, false);
  const unreplayed = createPool(restored.url('unreplayed'), { max: 1 });
  try {
    expect(await residueOf(unreplayed, erasedId)).toMatchObject({ account: 1, results: erasedResults });
  } finally {
    await unreplayed.end();
  }
  const replayed = await restoreScript(restored, backup, 'mathgames', [liveLedger], reader.gnupgHome);
  console.log(replayed.trim());
  expect(replayed).toContain('1 accounts erased again');
}

/** Nothing of the erased pupil is left in any service, and no new account takes their id. */
async function expectErased(pool: Pool, erasedId: number): Promise<void> {
  expect(await residueOf(pool, erasedId)).toEqual({ account: 0, results: 0, badges: 0, ledger: 1 });
  const { rows } = await pool.query<{ last: number }>(
    `SELECT pg_sequence_last_value(pg_get_serial_sequence('auth.users', 'id')::regclass)::int AS last`,
  );
  expect(rows[0]!.last).toBeGreaterThanOrEqual(erasedId);
}

/** The runbook's outbox step: every retained AMQP row is published again to the new broker. */
async function republishOutbox(pool: Pool): Promise<void> {
  for (const schema of ['results', 'auth'])
    await pool.query(
      `UPDATE ${schema}.outbox SET published_at = NULL, claimed_until = NULL WHERE destination = 'amqp'`,
    );
}

/**
 * After a restore with a replayed erasure: nothing waits in an outbox, both workers applied the erasure of
 * `erasedId`, and every result event of everyone else (the ids the results outbox keeps).
 */
async function survivorsAndErasureApplied(pool: Pool, erasedId: number): Promise<boolean> {
  const { rows } = await pool.query<{ waiting: number; unapplied: number; erasures: number }>(
    `WITH survivors AS (
       SELECT id FROM results.outbox WHERE destination = 'amqp' AND (payload->>'userId')::int <> $1),
     erasure AS (
       SELECT id FROM auth.outbox WHERE destination = 'amqp' AND (payload->>'userId')::int = $1)
     SELECT
       (SELECT count(*)::int FROM results.outbox WHERE published_at IS NULL)
         + (SELECT count(*)::int FROM auth.outbox WHERE published_at IS NULL) AS waiting,
       (SELECT count(*)::int FROM survivors s
         WHERE NOT EXISTS (SELECT 1 FROM results.processed_events p WHERE p.event_id = s.id)
            OR NOT EXISTS (SELECT 1 FROM badges.processed_events p WHERE p.event_id = s.id)) AS unapplied,
       (SELECT count(*)::int FROM erasure e
         WHERE EXISTS (SELECT 1 FROM results.processed_events p WHERE p.event_id = e.id)
           AND EXISTS (SELECT 1 FROM badges.processed_events p WHERE p.event_id = e.id)) AS erasures`,
    [erasedId],
  );
  const row = rows[0]!;
  return row.waiting === 0 && row.unapplied === 0 && row.erasures === 1;
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

    // The nightly backup; after it, a pupil erases their account; the restore (both ways).
    const before = await counts(environment.pool);
    const inFlight = await queueDepth(env.AMQP_URL!, 'statistics.game-result-recorded');
    const { backup, reader } = await encryptedBackup(env.DATABASE_URL!, dir);
    const erasedId = await eraseAfterBackup(stack, environment.pool);
    await stack.stop();
    stack = undefined;
    restored = await startPrivatePostgres();
    await restoreWithAndWithoutReplay(
      restored,
      backup,
      env.DATABASE_URL!,
      reader,
      erasedId,
      totalGames / PUPILS,
    );
    restoredPool = createPool(restored.url('mathgames'), { max: 2 });
    expect(await residueOf(restoredPool, erasedId)).toMatchObject({ account: 0, ledger: 1 });
    const after = await counts(restoredPool);
    console.log(
      `before backup: ${JSON.stringify(before)}; in flight: ${inFlight}; after: ${JSON.stringify(after)}`,
    );
    // Everything the backup held, less the erased account, plus its `user.deleted.v1` waiting in the outbox.
    expect(after).toEqual({
      ...before,
      users: before.users! - 1,
      'pending outbox rows': before['pending outbox rows']! + 1,
    });
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
    await republishOutbox(restoredPool);
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
    // The replayed erasure and every result of the pupil who stays reach both workers (the erased pupil's results
    // may be skipped or never sent: the erasure takes them out of the outbox).
    await waitFor(() => survivorsAndErasureApplied(restoredPool!, erasedId), RESTORED_APPLIED);
    const running = await counts(restoredPool);
    console.log(`restored product running: ${JSON.stringify(running)}`);
    expect(running).toMatchObject({
      users: before.users! - 1,
      results: before.results! - totalGames / PUPILS,
      classes: before.classes,
    });
    await expectErased(restoredPool, erasedId);
    // The pupils sign in on the restored product and see every game in their statistics.
    const pupil = await loginPupil(stack.baseUrl, 0);
    const stats = await pupil.get<{ totalQuestions: number }>('/api/statistics');
    expect(stats.status).toBe(200);
    // Five questions a game, every game of the three phases.
    expect(stats.body.totalQuestions).toBe((totalGames / PUPILS) * 5);
  });
});
