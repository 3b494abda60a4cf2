/**
 * `npm run lighthouse`: builds the SPA if needed, serves `frontend/dist` (gzip, immutable assets, SPA fallback —
 * what the gateway does), runs Lighthouse (mobile, simulated throttling) on `/` and `/games` in Debian's
 * Chromium, and prints the four scores per page plus the JavaScript `/` downloads at start (gzip bytes).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FRONTEND = join(ROOT, 'frontend');
const DIST = join(FRONTEND, 'dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/games'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
const INITIAL_JS_TARGET_KB = 120;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(): void {
  const index = join(DIST, 'index.html');
  const stale =
    !existsSync(index) ||
    Math.max(
      newestMtime(join(FRONTEND, 'src')),
      newestMtime(join(FRONTEND, 'public')),
      statSync(join(FRONTEND, 'index.html')).mtimeMs,
      statSync(join(FRONTEND, 'vite.config.ts')).mtimeMs,
    ) > statSync(index).mtimeMs;
  if (!stale) return;
  console.log('building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mathgames/frontend'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function serveDist(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    // Like the gateway: no SPA fallback for the API (no backend here, so every call is a JSON 404).
    if (req.url?.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"code":"not_found","message":"Not found"}');
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(DIST, path);
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory())
      file = join(DIST, 'index.html');
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const compressible = /text|javascript|json|svg/.test(type);
    res.setHeader('Content-Type', type);
    res.setHeader(
      'Cache-Control',
      file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding']))) {
      res.setHeader('Content-Encoding', 'gzip');
      res.end(gzipSync(body));
    } else {
      res.end(body);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
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

buildIfNeeded();
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
      const bytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const kb = bytes / 1024;
      if (kb > INITIAL_JS_TARGET_KB) missed++;
      console.log(
        `initial JS for / : ${kb.toFixed(1)} KB gzip in ${scripts.length} files (target ≤ ${INITIAL_JS_TARGET_KB} KB)`,
      );
    }
  }
} finally {
  server.close();
}
if (missed > 0) console.log(`${missed} figure(s) below target`);
