import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, type StartStackOptions, startStack } from './stack.js';
import { ensureWebAppBuilt } from './web-app.js';

export interface Started {
  stack: Stack;
  browser: Browser;
}

/**
 * Every file of an e2e worker shares one stack and one browser (the e2e project runs with `isolate: false`, so a
 * worker process runs file after file), instead of nine processes and a Chromium started for every file. Files
 * stay independent: each test makes its own users, classes and browser contexts (fresh cookies and storage), and
 * nothing reads data it did not make. The one budget they would share, the gateway's credential attempts per
 * address (every file's users come from 127.0.0.1 here), is raised on this stack; its own tests are
 * `gateway/src/limits/rate-limit.test.ts`.
 */
// Vitest reads a fixture's dependencies from its first parameter's destructuring: `{}` says "none".
// biome-ignore lint/correctness/noEmptyPattern: Vitest requires the pattern.
const withShared = test.extend('shared', { scope: 'worker' }, async ({}, { onCleanup }): Promise<Started> => {
  ensureWebAppBuilt();
  const [stack, browser] = await Promise.all([
    startStack({ env: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000' } }),
    launchBrowser(),
  ]);
  onCleanup(async () => {
    await browser.close();
    await stack.stop();
  });
  return { stack, browser };
});

/** Closes the browser contexts a file opened and left open (a test that failed half-way): the next file's are its own. */
function closeContextsOpenedHere(started: Started): void {
  let before = new Set<BrowserContext>();
  beforeAll(() => {
    before = new Set(started.browser.contexts());
  });
  afterAll(async () => {
    await Promise.all(
      started.browser
        ?.contexts()
        .filter((context) => !before.has(context))
        .map((context) => context.close()) ?? [],
    );
  });
}

/**
 * The worker's stack and browser for a spec file (see `withShared`). Call it at the top of the file; the object
 * it returns is filled in `beforeAll`, so read `e2e.stack` / `e2e.browser` inside hooks and tests (not at import
 * time).
 */
export function withStackAndBrowser(): Started {
  const started = {} as Started;
  withShared.beforeAll(({ shared }) => {
    Object.assign(started, shared);
  });
  closeContextsOpenedHere(started);
  return started;
}

/**
 * A stack and browser of the file's own, started before its tests and stopped after them: only for a file that
 * changes the stack itself (the offline files deploy a new build into the folder their gateway serves), which
 * the worker's shared stack must never see. Options may be a function when they depend on an earlier
 * `beforeAll` (a copied build, say).
 */
export function withOwnStackAndBrowser(options?: StartStackOptions | (() => StartStackOptions)): Started {
  const started = {} as Started;
  beforeAll(async () => {
    ensureWebAppBuilt();
    const [stack, browser] = await Promise.all([
      startStack(typeof options === 'function' ? options() : options),
      launchBrowser(),
    ]);
    Object.assign(started, { stack, browser });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.stack?.stop();
  });
  return started;
}
