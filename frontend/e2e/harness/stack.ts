/// <reference types="node" />
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
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
  stop(): Promise<void>;
}

export interface StartStackOptions {
  lang?: Lang;
  /** Capture e-mail over a local SMTP receiver (default true). */
  smtp?: boolean;
  /** Extra variables for every process. */
  env?: Record<string, string>;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds every package's dist (a standalone run of an e2e file; `make test` has built them already). */
function buildDeployables(): void {
  spawnSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** Asks the OS for a free port. The gateway needs its upstreams' URLs before they start, so PORT=0 won't do. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  name: string,
  logs: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${url} within 60 s:\n${logs()}`);
}

/**
 * The whole product on free ports against a fresh database, Redis prefix and RabbitMQ vhost, every deployable
 * as its own process from its built `dist` (run `tsc -b` first; `make test` does). Resolves when every
 * process answers /readyz.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const testing = await load<TestingModule>('@mathgames/platform/testing');
  const { DEPLOYABLES, builtEntry, isWritten } = await load<DeployablesModule>(deployablesPath);

  const environment = await testing.createTestEnvironment({ migrate: true, amqp: true });
  const mail = options.smtp === false ? null : await testing.startSmtpCapture();
  const children = new Map<string, ChildProcess>();
  const output = new Map<string, string[]>();
  const logs = (name: string) => (output.get(name) ?? []).join('\n');

  const stop = async () => {
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
    await mail?.close();
    await environment.cleanup();
  };

  try {
    const present = DEPLOYABLES.filter((d) => {
      if (isWritten(d)) return true;
      process.stderr.write(`[e2e] ${d.name} is not written yet; starting without it\n`);
      return false;
    });
    const ports = new Map<string, number>();
    for (const d of present) ports.set(d.name, await freePort());
    const baseUrl = `http://127.0.0.1:${ports.get('gateway')}`;
    const env: Record<string, string> = {
      ...environment.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      PUBLIC_URL: baseUrl,
      ...(mail ? { SMTP_URL: mail.url } : {}),
      ...options.env,
    };
    for (const d of present) if (d.urlVariable) env[d.urlVariable] = `http://127.0.0.1:${ports.get(d.name)}`;

    if (present.some((d) => !existsSync(builtEntry(d)))) buildDeployables();
    for (const d of present) {
      const entry = builtEntry(d);
      if (!existsSync(entry))
        throw new Error(`${entry} is missing after \`tsc -b\` (type errors in its package?)`);
      const child = spawn(process.execPath, ['--enable-source-maps', entry], {
        env: { ...process.env, ...env, PORT: String(ports.get(d.name)) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.set(d.name, child);
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
    await Promise.all(
      present.map((d) =>
        waitUntilReady(`http://127.0.0.1:${ports.get(d.name)}/readyz`, children.get(d.name)!, d.name, () =>
          logs(d.name),
        ),
      ),
    );
    return { baseUrl, mail, lang: options.lang ?? 'tr', env, logs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
