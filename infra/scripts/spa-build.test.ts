import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type Stack, startStack } from '@mathgames/test-stack';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSpaIfStale } from './spa-build.js';

/**
 * `NODE_ENV=development make start` once served React's development bundle and registered no service
 * worker (no offline play). `make start` builds the web app through `buildSpaIfStale` with the shell's environment;
 * here that shell says NODE_ENV=development, and the build (into a folder of its own, `WEB_BUILD_DIR`, so the one
 * other tests serve is untouched) must still be the production build, whose service worker registers in Chromium.
 */
// Inside the repository (the pre-render's server build imports React from node_modules above it), and in no dot
// folder (the gateway's static files refuse paths through one).
const OUT = join(ROOT, 'frontend', `dist-test-${process.pid}`);
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function scripts(dir: string): string[] {
  return readdirSync(join(dir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(dir, 'assets', name), 'utf8'));
}

describe('the web app built under NODE_ENV=development, as `NODE_ENV=development make start` builds it', () => {
  let stack: Stack | undefined;
  let browser: Browser | undefined;

  beforeAll(() => {
    const saved = { NODE_ENV: process.env.NODE_ENV, WEB_BUILD_DIR: process.env.WEB_BUILD_DIR };
    Object.assign(process.env, { NODE_ENV: 'development', WEB_BUILD_DIR: OUT });
    try {
      expect(buildSpaIfStale({ force: true })).toBe(true);
    } finally {
      for (const [key, value] of Object.entries(saved))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(OUT, { recursive: true, force: true });
    rmSync(`${OUT}-ssr`, { recursive: true, force: true });
  });

  it("is a production build: React's production bundle, and the service worker's registration kept", () => {
    const js = scripts(OUT);
    // React's production build throws minified errors; its development build warns about list keys.
    expect(js.some((code) => code.includes('Minified React error'))).toBe(true);
    expect(js.filter((code) => code.includes('unique "key" prop'))).toEqual([]);
    // `registerServiceWorker` registers only when import.meta.env.PROD: a development build drops the call.
    expect(js.some((code) => code.includes('/sw.js'))).toBe(true);
    expect(readdirSync(OUT)).toContain('sw.js');
  });

  it('registers its service worker when the gateway serves it to Chromium', async () => {
    [stack, browser] = await Promise.all([
      startStack({ only: ['gateway'], env: { NODE_ENV: 'development', SPA_DIR: OUT } }),
      chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] }),
    ]);
    const page = await browser.newPage();
    await page.goto(stack.baseUrl);
    // In the page (this folder's types have no DOM): the registration once its worker is active.
    type InPage = {
      navigator: { serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }> } };
    };
    const active = await page.evaluate(async () => {
      const registration = await (globalThis as unknown as InPage).navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(active).toBe(`${stack.baseUrl}/sw.js`);
  }, 180_000);
});
