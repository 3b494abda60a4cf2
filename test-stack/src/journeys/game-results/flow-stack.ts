import { type TestEnvironment, waitFor } from '@mathgames/platform/testing';
import type { DeployableProcess } from '../../processes.js';
import { startStack } from '../../stack.js';

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

/** A worker started as its own OS process, so a test can SIGKILL it mid-work and start it again. */
export type ChildWorker = DeployableProcess;

export interface FlowStack {
  env: TestEnvironment;
  baseUrl: string;
  gameResultsUrl: string;
  badgesUrl: string;
  /** The statistics-worker's process when started with `statisticsWorkerAsChild`, else null (in-process). */
  statisticsWorker: ChildWorker | null;
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
  const stack = await startStack({
    only: ['auth', 'game-results', 'badges', 'statistics-worker', 'badge-worker', 'gateway'],
    ...(options.statisticsWorkerAsChild ? { asProcess: ['statistics-worker'] } : {}),
    ...(options.now ? { inProcess: { now: options.now } } : {}),
    envFor: {
      // Load tests post far faster than a child; the budget itself is tested in result-budget.test.ts.
      'game-results': { RESULT_BUDGET_PER_MINUTE: '1000000', RESULT_BUDGET_PER_HOUR: '1000000' },
      gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '1000000' },
    },
  });
  const { baseUrl } = stack;
  return {
    env: stack.environment!,
    baseUrl,
    gameResultsUrl: stack.urls['game-results']!,
    badgesUrl: stack.urls.badges!,
    statisticsWorker: stack.processes['statistics-worker'] ?? null,
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
    close: () => stack.stop(),
  };
}
