/// <reference types="node" />

import { LANGUAGES, type Lang } from '@mathgames/contracts';
import type { SmtpCapture } from '@mathgames/platform/testing';

/**
 * The product's two languages. A journey runs in one of them, `describe.each(IN_TR)` or `describe.each(IN_EN)`,
 * the files taking turns so both are driven end to end; the other language of its screens is checked by the
 * wording tests (`frontend/src/locales/*.test.ts`, contracts' message catalogue) and by the axe sweep
 * (`audit-tr.test.ts`, `audit-en.test.ts`), which with the smoke test (`smoke.test.ts`) still says `describe.each(LANGS)`. Typed as any
 * `Lang`, so a journey moves to the other language by changing that one word.
 */
export const LANGS = LANGUAGES;
export const IN_TR: readonly Lang[] = ['tr'];
export const IN_EN: readonly Lang[] = ['en'];
export type { Lang };

/** The captured e-mails' reader, as `@mathgames/platform/testing` writes it (a type only: nothing of it is bundled). */
export type MailCapture = SmtpCapture;

/** What the harness uses of `@mathgames/test-stack` (imported lazily, see `load`). */
interface TestStackModule {
  startStack(options: {
    run: 'built';
    smtp: boolean;
    env: Record<string, string>;
    nodeArgs?: string[];
    onLine?: (name: string, line: string) => void;
  }): Promise<Omit<Stack, 'lang'>>;
}

// Loaded by name at run time: the frontend's tsconfig checks this folder but must not compile Node packages.
const load = <T>(specifier: string): Promise<T> => import(/* @vite-ignore */ specifier) as Promise<T>;

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

/**
 * The whole product as `make start` runs it (`@mathgames/test-stack`): every deployable its own process from
 * its built `dist` (built first when missing), on free ports, against a fresh database, Redis prefix and RabbitMQ
 * vhost. Resolves when every process listens on its own port and answers /readyz. E2E_LOGS=1 prints their logs.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const testStack = await load<TestStackModule>('@mathgames/test-stack');
  const stack = await testStack.startStack({
    run: 'built',
    smtp: options.smtp !== false,
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', ...options.env },
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    ...(process.env.E2E_LOGS
      ? { onLine: (name: string, line: string) => process.stderr.write(`[${name}] ${line}\n`) }
      : {}),
  });
  return { ...stack, lang: options.lang ?? 'tr' };
}
