/**
 * `npm run initial-js`: the JavaScript `/` fetches before the first interaction, file by file, sized as the gzip
 * the build wrote (what a browser without brotli downloads). Serves `frontend/dist` with the gateway's SPA
 * handlers, opens `/` in Chromium as a guest, waits until the network has been idle, and counts every script
 * the page itself fetched (the service worker's background precache runs in its own target and is not counted).
 * Cheap and steady on a loaded machine (bytes, not timings); `npm run lighthouse` prints the same figure.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { spaHandlers } from '@mathgames/gateway';
import express from 'express';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'frontend/dist');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const INITIAL_JS_TARGET_KB = 120;

/** The built app served by the gateway's own SPA handlers (compression, cache headers, pre-rendered pages). */
export function serveDist(): Promise<{ url: string; close: () => void }> {
  const app = express();
  // No backend runs here: the API answers as it does for a guest (the session check is a 401).
  app.use('/api', (_req, res) => {
    res.status(401).json({ code: 'unauthorized', message: 'Bu işlem için giriş yapmalısınız' });
  });
  app.use(spaHandlers(DIST));
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/** Bytes of a built file as the gzip the build wrote beside it (or gzipped here when it is too small to have one). */
export function gzipBytes(pathname: string): number {
  const file = join(DIST, pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;
}

export interface InitialJs {
  files: Array<{ path: string; gzipBytes: number }>;
  totalKb: number;
}

/** Opens `${url}${path}` in a fresh mobile-sized context and counts the scripts fetched until the network is idle. */
export async function measureInitialJs(url: string, path = '/', lang = 'tr'): Promise<InitialJs> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      locale: lang,
    });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).origin === url)
        scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    // Work scheduled after load (idle callbacks, timers) may fetch more: give it time, then wait for quiet again.
    await page.waitForTimeout(3_000);
    await page.waitForLoadState('networkidle');
    await context.close();
    const files = [...scripts]
      .filter((pathname) => pathname !== '/sw.js')
      .map((pathname) => ({ path: pathname, gzipBytes: gzipBytes(pathname) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { files, totalKb: files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024 };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { buildSpaIfStale } = await import('./spa-build.js');
  if (!buildSpaIfStale()) throw new Error('the web app did not build');
  const server = await serveDist();
  try {
    for (const lang of ['tr', 'en']) {
      const { files, totalKb } = await measureInitialJs(server.url, '/', lang);
      console.log(
        `initial JS for / (${lang}): ${totalKb.toFixed(1)} KB gzip in ${files.length} files (target ≤ ${INITIAL_JS_TARGET_KB} KB)`,
      );
      for (const file of files)
        console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${file.path}`);
    }
  } finally {
    server.close();
  }
}
