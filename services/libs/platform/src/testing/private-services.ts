import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePorts } from './free-ports.js';

/**
 * Data stores a fault test may stop and start without disturbing anyone: a Postgres cluster and a redis-server of
 * its own on free ports in a temp dir (the shared broker is cut per client with `startTcpProxy` instead). Every
 * instance is also registered for a process-exit kill, so a failing or interrupted test leaves nothing running.
 */

const run = promisify(execFile);
/** The installed PostgreSQL's binaries (Debian keeps them per major version), unless PG_BIN says otherwise. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? `/usr/lib/postgresql/${newest}/bin` : '/usr/lib/postgresql/15/bin';
}
const PG_BIN = postgresBin();
const live = new Set<() => void>();
let exitHooked = false;

/** Runs `kill` when this process exits or is interrupted; returns a function that unregisters it. */
export function onExitKill(kill: () => void): () => void {
  if (!exitHooked) {
    exitHooked = true;
    const killAll = () => {
      for (const k of live) k();
    };
    process.once('exit', killAll);
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        killAll();
        process.exit(1);
      });
  }
  live.add(kill);
  return () => live.delete(kill);
}

const isRoot = () => process.getuid?.() === 0;
/** Postgres refuses to run as root: as root the cluster is owned by and run as the `postgres` user. */
const asPostgres = (bin: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args];

export interface PrivatePostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url(database: string): string;
  /** Fast shutdown: sessions are ended (57P01), new connections refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const [port] = await freePorts(1);
  const dir = mkdtempSync(join(tmpdir(), 'mg-fault-pg-'));
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    chownSync(dir, uid, uid);
  }
  const data = join(dir, 'data');
  const pgCtl = (...args: string[]) => {
    const [cmd, argv] = asPostgres('pg_ctl', ['-D', data, ...args]);
    return run(cmd, argv, { timeout: 60_000 });
  };
  const [initCmd, initArgs] = asPostgres('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '--no-instructions',
  ]);
  await run(initCmd, initArgs, { timeout: 60_000 });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => pgCtl('-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start');
  const stop = () => pgCtl('-m', 'fast', '-w', '-t', '60', 'stop');
  const forget = onExitKill(() => {
    const [cmd, argv] = asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    try {
      // Synchronous on purpose: this runs in an exit handler.
      spawnSync(cmd, argv, { stdio: 'ignore', timeout: 10_000 });
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });
  await start();
  return {
    port: port!,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      await stop();
    },
    async start() {
      await start();
    },
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
      forget();
    },
  };
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL and start again on the same port, empty (nothing is saved), after `downMs`. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const [port] = await freePorts(1);
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) =>
        reject(new Error(`redis-server exited with ${code}: ${out.slice(-500)}`)),
      );
    });
    started.stdout!.resume();
  };
  const stop = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  const forget = onExitKill(() => child?.kill('SIGKILL'));
  await start();
  return {
    port: port!,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async restart(downMs) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async destroy() {
      await stop();
      forget();
    },
  };
}
