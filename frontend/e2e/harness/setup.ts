import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, type StartStackOptions, startStack } from './stack.js';
import { ensureWebAppBuilt } from './web-app.js';

export interface Started {
  stack: Stack;
  browser: Browser;
}

/**
 * Starts the whole stack and a browser before a spec file's tests and stops both after them. Call it at the top
 * of the file; the object it returns is filled in `beforeAll`, so read `e2e.stack` / `e2e.browser` inside hooks
 * and tests (not at import time). Options may be a function when they depend on an earlier `beforeAll` (a copied
 * build, say).
 */
export function withStackAndBrowser(options?: StartStackOptions | (() => StartStackOptions)): Started {
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
