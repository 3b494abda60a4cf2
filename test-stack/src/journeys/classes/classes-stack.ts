import type { Pool } from '@mathgames/platform';
import type { SmtpCapture } from '@mathgames/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { startStack } from '../../stack.js';
import { Browser, signUp as signUpOn } from '../test-client.js';

export { Browser, type Reply } from '../test-client.js';

export interface NewUser {
  username: string;
  teacher: boolean;
  verify: boolean;
  lang?: 'tr' | 'en';
}

/** Registers on `browser` (as a teacher or not), optionally follows the verification mail, logs in. */
export function signUp(
  browser: Browser,
  smtp: SmtpCapture,
  { username, teacher, verify }: NewUser,
): Promise<Browser> {
  return signUpOn(browser, { username, teacher }, verify ? { verifyWith: smtp } : {});
}

export interface ClassesStack {
  env: Record<string, string>;
  pool: Pool;
  smtp: SmtpCapture;
  baseUrl: string;
  browser(lang?: 'tr' | 'en', forwardedFor?: string): Browser;
  /** Registers (as a teacher or not), optionally follows the verification mail, logs in. */
  signUp(user: NewUser): Promise<Browser>;
  /** Two verified teachers, logged in: the one a test is about (tr) and another (en) who must not see their classes. */
  twoTeachers(username: string, otherUsername: string): Promise<[Browser, Browser]>;
  close(): Promise<void>;
}

/** gateway → auth (+ mail worker and a real SMTP receiver) and the classes service, in-process. */
export async function startClassesStack(
  options: {
    productionLimits?: boolean;
    /** Also game-results, badges and the three event workers (results flow, erasure). */
    everything?: boolean;
    /** game-results' clock (when a result is received), for tests that move it days ahead. */
    now?: () => Date;
  } = {},
): Promise<ClassesStack> {
  // Its own RabbitMQ vhost: auth publishes account deletions, which must never reach another run's workers.
  const stack = await startStack({
    // Everything: also game-results, badges and the three event workers.
    ...(options.everything ? {} : { only: ['auth', 'classes', 'mail-worker', 'gateway'] }),
    smtp: true,
    ...(options.now ? { inProcess: { now: options.now } } : {}),
    envFor: {
      // The gateway's real per-address limits when a test is about them; otherwise out of the way.
      gateway: options.productionLimits
        ? {}
        : { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '100000' },
    },
  });
  const { baseUrl } = stack;
  const smtp = stack.mail!;
  const browser = (lang: 'tr' | 'en' = 'tr', forwardedFor?: string) =>
    new Browser(baseUrl, lang, forwardedFor);
  return {
    env: stack.env,
    pool: stack.environment!.pool,
    smtp,
    baseUrl,
    browser,
    twoTeachers(this: ClassesStack, username: string, otherUsername: string) {
      return Promise.all([
        this.signUp({ username, teacher: true, verify: true }),
        this.signUp({ username: otherUsername, teacher: true, verify: true, lang: 'en' }),
      ]);
    },
    async signUp(user) {
      return signUp(browser(user.lang), smtp, user);
    },
    close: () => stack.stop(),
  };
}

/** What a test file reads once its stack is up: the stack and its signed-up teachers. */
export interface ClassesFile {
  readonly stack: ClassesStack;
  /** The verified teacher (tr) the tests are about. */
  readonly teacher: Browser;
  /** Another verified teacher (en), who must not see the first one's classes; only when two names were given. */
  readonly otherTeacher: Browser;
}

/**
 * Starts the classes stack before the file's tests and signs up its teachers (one, or the one a test is
 * about and another), closes the stack after them. Read the fields inside tests and hooks, once it is up.
 */
export function useClassesStack(
  options: Parameters<typeof startClassesStack>[0],
  teachers: [string] | [string, string],
): ClassesFile {
  let stack: ClassesStack | undefined;
  let signedUp: Browser[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what}: the classes stack is not up (read it inside a test)`);
    return value;
  };
  beforeAll(
    async () => {
      stack = await startClassesStack(options);
      const [username, otherUsername] = teachers;
      signedUp = otherUsername
        ? await stack.twoTeachers(username, otherUsername)
        : [await stack.signUp({ username, teacher: true, verify: true })];
    },
    options?.everything ? 120_000 : 60_000,
  );
  afterAll(async () => {
    await stack?.close();
  });
  return {
    get stack() {
      return ready(stack, 'stack');
    },
    get teacher() {
      return ready(signedUp[0], 'teacher');
    },
    get otherTeacher() {
      return ready(signedUp[1], 'otherTeacher');
    },
  };
}
