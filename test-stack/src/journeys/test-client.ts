import type { CapturedMail, SmtpCapture } from '@mathgames/platform/testing';
import { waitFor } from '@mathgames/platform/testing';
import { expectDocumentedAnswer } from '../api-document.js';

/**
 * The journeys' one HTTP client: a browser tab stand-in that keeps the gateway's cookies between calls, and the
 * sign-up every journey starts with (register, follow the verification mail, log in). Clients with their own
 * behaviour (the fault suite's retrying pupil) keep their cookies in the same CookieJar.
 */

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; `{}` when the answer is empty or not JSON. */
  body: T;
  raw: Buffer;
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The x-lang of this request only (the browser's own otherwise). */
  lang?: 'tr' | 'en';
}

/** Cookies as a browser keeps them: each Set-Cookie replaces its name's value; a cleared or expired one is dropped. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header a browser would send, or undefined with no cookie. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** A browser tab stand-in: keeps the gateway's session cookie between calls, sends its language. */
export class Browser {
  constructor(
    private readonly baseUrl: string,
    readonly lang: 'tr' | 'en' = 'tr',
    /** The address a proxy in front of the gateway says the request came from (X-Forwarded-For). */
    private readonly forwardedFor?: string,
    /** Shared with another Browser to be the same visitor at another address (another gateway replica). */
    readonly jar = new CookieJar(),
  ) {}

  get cookies(): Map<string, string> {
    return this.jar.cookies;
  }

  get sessionCookie(): string | undefined {
    return this.jar.cookies.get('mg.sid');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-lang': options.lang ?? this.lang };
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    Object.assign(headers, options.headers);
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    this.jar.keep(res);
    const raw = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
    // Every answer a journey gets is one the API document describes (docs/conventions.md, the rules table).
    expectDocumentedAnswer(method, path, res.status, parsed, type);
    return { status: res.status, headers: res.headers, body: parsed as T, raw };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, json: unknown = {}, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, json });
  }
  patch<T = Record<string, unknown>>(path: string, json: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, json });
  }
  delete<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}

/** The password every journey's accounts use. */
export const PASSWORD = 'correct horse';

export interface Account {
  username: string;
  /** Default: the username, lower-cased, at example.com. */
  email?: string;
  password?: string;
  teacher?: boolean;
}

export const emailOf = (account: Account) => account.email ?? `${account.username.toLowerCase()}@example.com`;

/** The token of the first link in a mail to a path (e.g. /verify-email): it rides in the link's fragment. */
export function tokenFrom(mail: CapturedMail, path: string): string {
  const match = new RegExp(`${path.replace('/', '\\/')}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match[1]!;
}

export interface SignUpOptions {
  /** Follows the verification mail the account gets here before logging in (unverified otherwise). */
  verifyWith?: SmtpCapture;
  /** Logs in until it answers 200 (a stack whose session store may still be settling), instead of once. */
  retryLogin?: boolean;
}

/** Registers `account` through the gateway on `browser`, optionally verifies it, logs in; returns the browser. */
export async function signUp(
  browser: Browser,
  account: Account,
  options: SignUpOptions = {},
): Promise<Browser> {
  const email = emailOf(account);
  const password = account.password ?? PASSWORD;
  const registered = await browser.post('/api/auth/register', {
    username: account.username,
    email,
    password,
    ...(account.teacher === undefined ? {} : { teacher: account.teacher }),
  });
  if (registered.status !== 201)
    throw new Error(`register ${account.username}: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (options.verifyWith) {
    const mail = await options.verifyWith.waitFor(
      (m) => m.to.includes(email) && m.text.includes('/verify-email#token='),
    );
    const verified = await browser.post('/api/auth/verify-email', {
      token: tokenFrom(mail, '/verify-email'),
    });
    if (verified.status !== 200) throw new Error(`verify ${account.username}: ${verified.status}`);
  }
  const logIn = () => browser.post('/api/auth/login', { email, password });
  const loggedIn = options.retryLogin
    ? await waitFor(async () => {
        const res = await logIn();
        return res.status === 200 ? res : null;
      })
    : await logIn();
  if (loggedIn?.status !== 200)
    throw new Error(`login ${account.username}: ${loggedIn?.status} ${JSON.stringify(loggedIn?.body)}`);
  return browser;
}
