/**
 * `npm run lighthouse`: builds the SPA if needed, serves `frontend/dist` with the gateway's SPA handlers, runs Lighthouse (mobile, simulated throttling) on `/` and `/games` in Debian's
 * Chromium, and prints the four scores per page plus the JavaScript `/` downloads at start (gzip bytes).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { spaHandlers } from '../../gateway/src/spa.js';
import { buildSpaIfStale } from './spa-build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'frontend/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/games'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
const INITIAL_JS_TARGET_KB = 120;

/** The built app served by the gateway's own SPA handlers (compression, cache headers, pre-rendered pages). */
function serveDist(): Promise<{ url: string; close: () => void }> {
  const app = express();
  // No backend runs here: the API answers as it does for a guest (spec §7: the session check is a 401).
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

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    { details?: { items?: Array<{ resourceType?: string; transferSize?: number; url?: string }> } }
  >;
}

// Async: the static server above lives in this process and must keep answering while Lighthouse runs.
async function runLighthouse(url: string): Promise<LighthouseResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--quiet',
      '--form-factor=mobile',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LighthouseResult;
}

if (!buildSpaIfStale()) throw new Error('the web app did not build');
const server = await serveDist();
let missed = 0;
try {
  for (const page of PAGES) {
    const result = await runLighthouse(`${server.url}${page}`);
    const scores = Object.entries(TARGETS).map(([category, target]) => {
      const score = Math.round((result.categories[category]?.score ?? 0) * 100);
      if (score < target) missed++;
      return `${category} ${score}${score < target ? ` (target ${target})` : ''}`;
    });
    console.log(`${page.padEnd(7)} ${scores.join(' · ')}`);
    // What cost points, so a miss can be acted on.
    for (const category of Object.keys(TARGETS)) {
      const failed = (result.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ({
          id: ref.id,
          audit: result.audits[ref.id] as { score?: number | null; displayValue?: string },
        }))
        .filter(({ audit }) => typeof audit?.score === 'number' && audit.score < 0.9)
        .map(({ id, audit }) => `${id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      if (failed.length > 0) console.log(`        ${category}: ${failed.join(', ')}`);
    }
    if (page === '/') {
      const scripts = (result.audits['network-requests']?.details?.items ?? []).filter(
        (item) => item.resourceType === 'Script',
      );
      // The browser gets brotli where it can; the target is in gzip, so the same files are also sized as the
      // gzip the build wrote (what a browser without brotli downloads).
      const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
      const gzipped =
        scripts.reduce((sum, item) => {
          const file = join(DIST, new URL(item.url ?? '', server.url).pathname);
          return (
            sum +
            (existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length)
          );
        }, 0) / 1024;
      if (gzipped > INITIAL_JS_TARGET_KB) missed++;
      console.log(
        `initial JS for / : ${gzipped.toFixed(1)} KB gzip in ${scripts.length} files (target ≤ ${INITIAL_JS_TARGET_KB} KB); ` +
          `${transferred.toFixed(1)} KB transferred (brotli, with headers)`,
      );
    }
  }
} finally {
  server.close();
}
if (missed > 0) console.log(`${missed} figure(s) below target`);
