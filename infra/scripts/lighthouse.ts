/**
 * `npm run lighthouse`: builds the SPA if needed, serves `frontend/dist` with the gateway's SPA handlers, runs Lighthouse (mobile preset: simulated
 * slow 4G and a 4× slower CPU) on `/`, `/games` and `/gameplay` in Debian's Chromium, and prints the four scores per page, the JavaScript `/`
 * downloads before the first interaction (gzip bytes; the service worker's background precache is not counted), and the time from tapping
 * Play to the first answerable question with the CPU slowed 4× (DevTools CPU throttling, measured in the page).
 * `npm run initial-js` gives the JavaScript figure alone, file by file, without Lighthouse (steady under load).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHROME_PATH, gzipBytes, INITIAL_JS_TARGET_KB, serveDist } from './initial-js.js';
import { buildSpaIfStale } from './spa-build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['/', '/games', '/gameplay?type=toplama'];
const PLAY_TO_QUESTION_TARGET_MS = 1000;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;

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
  // LIGHTHOUSE_REPORTS=<dir>: keep each page's full report (long tasks, bootup time, network) to see what cost.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}.json`), stdout);
  }
  return JSON.parse(stdout) as LighthouseResult;
}

/** Median of three: tap "Start" on /gameplay and wait until the first answer button can be tapped, CPU slowed 4×. */
async function playToFirstQuestion(url: string): Promise<number> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${url}/gameplay?type=toplama`);
      // The page arrives pre-rendered with its controls disabled: "Start" works once the app has hydrated it.
      await page.locator('[data-testid="start-game"]:not([disabled])').waitFor();
      await page.waitForLoadState('networkidle');
      // A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
      runs.push(
        await page.evaluate<number>(`new Promise((resolve) => {
          const started = performance.now();
          const ready = () => document.querySelector('[data-testid="option-1"]:not([disabled])') !== null;
          const watch = () => (ready() ? resolve(performance.now() - started) : requestAnimationFrame(watch));
          document.querySelector('[data-testid="start-game"]').click();
          requestAnimationFrame(watch);
        })`),
      );
      await context.close();
    }
    return runs.sort((a, b) => a - b)[1]!;
  } finally {
    await browser.close();
  }
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
        (item) =>
          item.resourceType === 'Script' &&
          // The service worker's precache downloads run in the background after load, in its own target.
          (item as { sessionTargetType?: string }).sessionTargetType !== 'worker' &&
          !(item.url ?? '').endsWith('/sw.js'),
      );
      // The browser gets brotli where it can; the target is in gzip, so the same files are also sized as the
      // gzip the build wrote (what a browser without brotli downloads).
      const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
      const gzipped =
        scripts.reduce((sum, item) => sum + gzipBytes(new URL(item.url ?? '', server.url).pathname), 0) /
        1024;
      if (gzipped > INITIAL_JS_TARGET_KB) missed++;
      console.log(
        `initial JS for / : ${gzipped.toFixed(1)} KB gzip in ${scripts.length} files (target ≤ ${INITIAL_JS_TARGET_KB} KB); ` +
          `${transferred.toFixed(1)} KB transferred (brotli, with headers)`,
      );
    }
  }
  const playMs = await playToFirstQuestion(server.url);
  if (playMs > PLAY_TO_QUESTION_TARGET_MS) missed++;
  console.log(
    `Play → first answerable question, CPU 4× slower: ${playMs.toFixed(0)} ms (target ≤ ${PLAY_TO_QUESTION_TARGET_MS} ms)`,
  );
} finally {
  server.close();
}
if (missed > 0) console.log(`${missed} figure(s) below target`);
