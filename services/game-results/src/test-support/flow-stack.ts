import { type ChildProcess, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAuthService, loadAuthConfig } from '@mathgames/auth';
import { createBadgesService, startBadgeWorker } from '@mathgames/badges';
import { createGateway, gatewayConfigShape } from '@mathgames/gateway';
import { loadConfig } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment, waitFor } from '@mathgames/platform/testing';
import { createGameResultsService, startStatisticsWorker } from '../index.js';

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser tab stand-in: keeps the gateway's session cookie between calls. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly lang: 'tr' | 'en' = 'tr',
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-lang': this.lang, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : null;
    return { status: res.status, headers: res.headers, body: json as T };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = Record<string, unknown>>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }
}

export interface WorkerHandle {
  close(): Promise<void>;
}

/** A worker as its own OS process, as in production, so a test can SIGKILL it mid-work. */
export class ChildWorker implements WorkerHandle {
  private child: ChildProcess | null = null;

  constructor(
    private readonly entry: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', this.entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, PORT: '0', NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', reject);
    });
  }

  /** No shutdown hooks, no acks: whatever it held goes back to the queue. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}

export interface FlowStack {
  env: TestEnvironment;
  baseUrl: string;
  gameResultsUrl: string;
  badgesUrl: string;
  statisticsWorker: WorkerHandle;
  badgeWorker: WorkerHandle;
  /** Registers and logs in a new pupil through the gateway. */
  signUp(name: string, lang?: 'tr' | 'en'): Promise<Browser>;
  close(): Promise<void>;
}

export interface FlowStackOptions {
  /** Run the statistics-worker as a child process (so it can be SIGKILLed) instead of in-process. */
  statisticsWorkerAsChild?: boolean;
  now?: () => Date;
}

/**
 * The real path of a result, in-process: gateway (sessions) → auth, game-results (+ outbox relay), badges;
 * statistics-worker and badge-worker on their own queues. Own database, Redis prefix and vhost.
 */
export async function startFlowStack(options: FlowStackOptions = {}): Promise<FlowStack> {
  const env = await createTestEnvironment();
  const closers: Array<() => Promise<unknown>> = [() => env.cleanup()];
  try {
    const auth = createAuthService(loadAuthConfig(env.env));
    closers.push(() => auth.close());
    const authUrl = `http://127.0.0.1:${portOf(await auth.listen(0))}`;

    // Load tests post far faster than a child; the budget itself is tested in result-budget.test.ts.
    const results = createGameResultsService(
      { ...env.config, RESULT_BUDGET_PER_MINUTE: 1_000_000, RESULT_BUDGET_PER_HOUR: 1_000_000 },
      { now: options.now },
    );
    closers.push(() => results.close());
    const gameResultsUrl = `http://127.0.0.1:${portOf(await results.listen(0))}`;

    const badges = createBadgesService(env.config);
    closers.push(() => badges.close());
    const badgesUrl = `http://127.0.0.1:${portOf(await badges.listen(0))}`;

    let statisticsWorker: WorkerHandle;
    if (options.statisticsWorkerAsChild) {
      const child = new ChildWorker('services/game-results/src/worker.ts', env.env);
      await child.start();
      statisticsWorker = child;
    } else {
      statisticsWorker = startStatisticsWorker(env.config);
    }
    closers.push(() => statisticsWorker.close());
    const badgeWorker = startBadgeWorker(env.config);
    closers.push(() => badgeWorker.close());

    const gateway = createGateway(
      loadConfig(gatewayConfigShape, {
        ...env.env,
        AUTH_URL: authUrl,
        GAME_RESULTS_URL: gameResultsUrl,
        BADGES_URL: badgesUrl,
        RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
        RATE_LIMIT_API_PER_MINUTE: '1000000',
      }),
    );
    closers.push(() => gateway.close());
    const baseUrl = `http://127.0.0.1:${portOf(await gateway.listen(0))}`;

    return {
      env,
      baseUrl,
      gameResultsUrl,
      badgesUrl,
      statisticsWorker,
      badgeWorker,
      async signUp(name, lang = 'tr') {
        const browser = new Browser(baseUrl, lang);
        const user = { username: name, email: `${name}@example.com`, password: 'correct horse' };
        const registered = await browser.post('/api/auth/register', user);
        if (registered.status !== 201) throw new Error(`register ${name}: ${registered.status}`);
        const login = await waitFor(async () => {
          const res = await browser.post('/api/auth/login', { email: user.email, password: user.password });
          return res.status === 200 ? res : null;
        });
        if (!login) throw new Error(`login ${name} failed`);
        return browser;
      },
      async close() {
        for (const close of closers.reverse()) await close().catch(() => {});
      },
    };
  } catch (err) {
    for (const close of closers.reverse()) await close().catch(() => {});
    throw err;
  }
}
