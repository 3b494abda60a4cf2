import { IDENTITY_HEADER, type Identity, type Pool, signIdentity } from '@mathgames/platform';
import type { SmtpCapture } from '@mathgames/platform/testing';
import { startStack } from '../../stack.js';
import { Browser, type Reply, signUp as signUpOn } from '../test-client.js';

export { Browser, type Reply, tokenFrom } from '../test-client.js';

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

/** Registers through the gateway, follows the verification mail and logs in; returns the logged-in browser. */
export function signUp(
  stack: AuthStack,
  user: { username: string; email: string; password?: string },
  lang: 'tr' | 'en' = 'tr',
): Promise<Browser> {
  return signUpOn(stack.browser(lang), user, { verifyWith: stack.smtp });
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
