import { IDENTITY_HEADER, type Identity, type Pool, signIdentity } from '@mathgames/platform';
import type { CapturedMail, SmtpCapture } from '@mathgames/platform/testing';
import { expectDocumentedAnswer } from '../../api-document.js';
import { startStack } from '../../stack.js';

export type Reply<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: T;
  raw: Buffer;
};

type RequestOptions = {
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  lang?: 'tr' | 'en';
};

/** A browser stand-in: keeps the gateway's session cookie between calls, like a real tab. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly lang: 'tr' | 'en' = 'tr',
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('mg.sid');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-lang': options.lang ?? this.lang, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const raw = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
    expectDocumentedAnswer(method, path, res.status, parsed, type);
    return { status: res.status, headers: res.headers, body: parsed as T, raw };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, json });
  }
}

export type AuthStack = {
  env: Record<string, string>;
  pool: Pool;
  smtp: SmtpCapture;
  /** The gateway's URL: what the browser talks to. */
  baseUrl: string;
  /** The auth service's own URL, for calls with a hand-signed identity (e.g. from other IPs). */
  authUrl: string;
  browser(lang?: 'tr' | 'en'): Browser;
  /** Calls auth directly as the gateway would, with a signed identity (userId, ip, lang of your choice). */
  direct(method: string, path: string, identity: Partial<Identity>, json?: unknown): Promise<Reply>;
  close(): Promise<void>;
};

/**
 * The real stack of the auth journeys, in-process: gateway → auth → outbox relay → BullMQ → mail worker →
 * a real SMTP receiver. Each call gets its own database, Redis prefix and mailbox.
 */
export async function startAuthStack(
  options: { mailWorker?: boolean; env?: Record<string, string>; gatewayEnv?: Record<string, string> } = {},
): Promise<AuthStack> {
  const stack = await startStack({
    only: options.mailWorker === false ? ['auth', 'gateway'] : ['auth', 'mail-worker', 'gateway'],
    amqp: false,
    smtp: true,
    ...(options.env ? { env: options.env } : {}),
    envFor: {
      gateway: {
        // The gateway's own per-IP credential budget would otherwise cap a test file's many calls from 127.0.0.1.
        RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
        RATE_LIMIT_API_PER_MINUTE: '100000',
        ...options.gatewayEnv,
      },
    },
  });
  const { baseUrl } = stack;
  const authUrl = stack.urls.auth!;
  const secret = stack.env.INTERNAL_SECRET!;
  return {
    env: stack.env,
    pool: stack.environment!.pool,
    smtp: stack.mail!,
    baseUrl,
    authUrl,
    browser: (lang = 'tr') => new Browser(baseUrl, lang),
    async direct(method, path, identity, json) {
      const header = signIdentity(
        { userId: null, sessionId: null, lang: 'tr', requestId: 'test', ip: '127.0.0.1', ...identity },
        secret,
        { method, path },
      );
      const browser = new Browser(authUrl);
      return browser.request(method, path, { json, headers: { [IDENTITY_HEADER]: header } });
    },
    close: () => stack.stop(),
  };
}

/** The token of the first link in a mail to a path (e.g. /verify-email). */
export function tokenFrom(mail: CapturedMail, path: string): string {
  const match = new RegExp(`${path.replace('/', '\\/')}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match[1]!;
}

/** Registers through the gateway, follows the verification mail and logs in; returns the logged-in browser. */
export async function signUp(
  stack: AuthStack,
  user: { username: string; email: string; password?: string },
  lang: 'tr' | 'en' = 'tr',
): Promise<Browser> {
  const browser = stack.browser(lang);
  const password = user.password ?? 'correct horse';
  const registered = await browser.post('/api/auth/register', { ...user, password });
  if (registered.status !== 201)
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const mail = await stack.smtp.waitFor(
    (m) => m.to.includes(user.email) && m.text.includes('/verify-email#token='),
  );
  const verified = await browser.post('/api/auth/verify-email', { token: tokenFrom(mail, '/verify-email') });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  const loggedIn = await browser.post('/api/auth/login', { email: user.email, password });
  if (loggedIn.status !== 200)
    throw new Error(`login failed: ${loggedIn.status} ${JSON.stringify(loggedIn.body)}`);
  return browser;
}

/** Posts `bytes` as the profile photo form, as the browser's file picker does. */
export function uploadPhoto(browser: Browser, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return browser.request<{ photoUrl: string; code?: string; field?: string; message?: string }>(
    'POST',
    '/api/profile/photo',
    { form },
  );
}
