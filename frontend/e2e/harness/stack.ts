/// <reference types="node" />
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Lang = 'tr' | 'en';

/** What the harness uses of `@mathgames/platform/testing` (imported lazily, see `load`). */
interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
}
export interface MailCapture {
  url: string;
  messages: CapturedMail[];
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}
interface TestEnvironment {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}
interface Deployable {
  name: string;
  dir: string;
  entry: 'main' | 'worker';
  urlVariable?: string;
}
interface DeployablesModule {
  DEPLOYABLES: readonly Deployable[];
  builtEntry(d: Deployable): string;
  isWritten(d: Deployable): boolean;
}
interface TestingModule {
  createTestEnvironment(options?: { migrate?: boolean; amqp?: boolean }): Promise<TestEnvironment>;
  startSmtpCapture(): Promise<MailCapture>;
  freePorts(count: number): Promise<number[]>;
}

// Loaded by path at run time: the frontend's tsconfig checks this folder but must not compile Node packages.
const load = <T>(specifier: string): Promise<T> => import(/* @vite-ignore */ specifier) as Promise<T>;
const deployablesPath = fileURLToPath(new URL('../../../infra/scripts/deployables.ts', import.meta.url));

export interface Stack {
  /** The gateway: the SPA and /api, as a browser sees the product. */
  baseUrl: string;
  /** Captured e-mails (verification and reset links); null when started with `smtp: false`. */
  mail: MailCapture | null;
  /** The UI language tests should start in (browser locale and Accept-Language). */
  lang: Lang;
  /** Environment every process got (DATABASE_URL of the fresh database, REDIS_PREFIX, AMQP_URL, …). */
  env: Record<string, string>;
  /** The last log lines of one process, for failure messages. */
  logs(name: string): string;
  /** Each deployable's process id (the benchmark reads their CPU time). */
  pids(): Record<string, number>;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  lang?: Lang;
  /** Capture e-mail over a local SMTP receiver (default true). */
  smtp?: boolean;
  /** Extra variables for every process. */
  env?: Record<string, string>;
  /** Extra Node options for every process (the benchmark's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REPORT_LISTENING = fileURLToPath(new URL('./report-listening.mjs', import.meta.url));

/** Builds every package's dist (a standalone run of an e2e file; `make test` has built them already). */
function buildDeployables(): void {
  spawnSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** Resolves when `child` itself listens on `port` (see report-listening.mjs), rejects if it exits first. */
function listeningOn(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: { listening?: number }) => {
      if (message?.listening === port) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with code ${code}`)));
  });
}

async function waitUntilReady(
  url: string,
  listening: Promise<void>,
  name: string,
  logs: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('did not listen within 60 s')), 60_000).unref(),
  );
  try {
    await Promise.race([listening, timeout]);
  } catch (err) {
    throw new Error(`${name} ${(err as Error).message}:\n${logs()}`);
  }
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${url} within 60 s:\n${logs()}`);
}

/**
 * The whole product on free ports against a fresh database, Redis prefix and RabbitMQ vhost, every deployable
 * as its own process from its built `dist` (run `tsc -b` first; `make test` does). Resolves when every
 * process listens on its own port (reported over IPC, so a stranger on that port never counts) and answers
 * /readyz; starts again on new ports if one was taken in between.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const testing = await load<TestingModule>('@mathgames/platform/testing');
  const { DEPLOYABLES, builtEntry, isWritten } = await load<DeployablesModule>(deployablesPath);

  const environment = await testing.createTestEnvironment({ migrate: true, amqp: true });
  const mail = options.smtp === false ? null : await testing.startSmtpCapture();
  const children = new Map<string, ChildProcess>();
  const output = new Map<string, string[]>();
  const logs = (name: string) => (output.get(name) ?? []).join('\n');
  const pids = () =>
    Object.fromEntries([...children].flatMap(([name, child]) => (child.pid ? [[name, child.pid]] : [])));

  const stopChildren = async () => {
    const exits = [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) =>
          child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
        ),
    );
    for (const child of children.values()) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, 15_000);
    await Promise.all(exits);
    clearTimeout(killer);
    children.clear();
  };
  const stop = async () => {
    await stopChildren();
    await mail?.close();
    await environment.cleanup();
  };

  try {
    const present = DEPLOYABLES.filter((d) => {
      if (isWritten(d)) return true;
      process.stderr.write(`[e2e] ${d.name} is not written yet; starting without it\n`);
      return false;
    });
    if (present.some((d) => !existsSync(builtEntry(d)))) buildDeployables();
    for (const d of present) {
      if (!existsSync(builtEntry(d)))
        throw new Error(`${builtEntry(d)} is missing after \`tsc -b\` (type errors in its package?)`);
    }

    for (let attempt = 1; ; attempt++) {
      const picked = await testing.freePorts(present.length);
      const ports = new Map(present.map((d, i) => [d.name, picked[i]!]));
      const baseUrl = `http://127.0.0.1:${ports.get('gateway')}`;
      const env: Record<string, string> = {
        ...environment.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        PUBLIC_URL: baseUrl,
        ...(mail ? { SMTP_URL: mail.url } : {}),
        ...options.env,
      };
      for (const d of present)
        if (d.urlVariable) env[d.urlVariable] = `http://127.0.0.1:${ports.get(d.name)}`;

      const listening = new Map<string, Promise<void>>();
      for (const d of present) {
        const child = spawn(
          process.execPath,
          ['--enable-source-maps', ...(options.nodeArgs ?? []), '--import', REPORT_LISTENING, builtEntry(d)],
          {
            env: { ...process.env, ...env, PORT: String(ports.get(d.name)) },
            stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
          },
        );
        children.set(d.name, child);
        listening.set(d.name, listeningOn(child, ports.get(d.name)!));
        listening.get(d.name)!.catch(() => {}); // awaited below; an early exit must not be an unhandled rejection
        const lines: string[] = [];
        output.set(d.name, lines);
        const keep = (chunk: Buffer) => {
          for (const line of chunk.toString('utf8').split('\n')) {
            if (!line) continue;
            lines.push(line);
            if (lines.length > 200) lines.shift();
            if (process.env.E2E_LOGS) process.stderr.write(`[${d.name}] ${line}\n`);
          }
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
      }
      try {
        await Promise.all(
          present.map((d) =>
            waitUntilReady(
              `http://127.0.0.1:${ports.get(d.name)}/readyz`,
              listening.get(d.name)!,
              d.name,
              () => logs(d.name),
            ),
          ),
        );
        return { baseUrl, mail, lang: options.lang ?? 'tr', env, logs, pids, stop };
      } catch (err) {
        // A port picked ahead of time can be taken by another process before ours binds it.
        const collided = present.some((d) => logs(d.name).includes('EADDRINUSE'));
        await stopChildren();
        if (!collided || attempt === 3) throw err;
        process.stderr.write('[e2e] a port was taken by another process; starting again on new ports\n');
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
