import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadConfig } from '@mathgames/platform';
import { closedPorts, TEST_INTERNAL_SECRET, TEST_SESSION_SECRET } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, gatewayConfigShape } from './index.js';

/**
 * Degrade, don't go dark (docs/security.md, "Degrade, don't go dark"): the gateway with Redis and every service unreachable (ports nothing listens
 * on) still serves the app and stays ready; the API parts answer a translated 503 with Retry-After, quickly.
 * The same with a Redis that was up and went away is in the fault suite (fault-suite.test.ts).
 */

let gateway: Gateway;
let baseUrl: string;
let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'mg-degrade-spa-'));
  await mkdir(join(spaDir, 'assets'));
  await writeFile(join(spaDir, 'index.html'), '<!doctype html><title>Matematik</title>');
  await writeFile(join(spaDir, 'assets', 'app-1234.js'), 'console.log(1);');
  const [redisPort, authPort, resultsPort, badgesPort] = await closedPorts(4);
  const config = loadConfig(gatewayConfigShape, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_PREFIX: 'mgtest:degrade:',
    SESSION_SECRET: TEST_SESSION_SECRET,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    AUTH_URL: `http://127.0.0.1:${authPort}`,
    GAME_RESULTS_URL: `http://127.0.0.1:${resultsPort}`,
    BADGES_URL: `http://127.0.0.1:${badgesPort}`,
    SPA_DIR: spaDir,
  });
  gateway = createGateway(config, { logger: createLogger('degrade-test', 'silent') });
  const server = await gateway.listen(0);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
});

/** A cookie express-session accepts as signed, so the gateway must ask its (unreachable) store for the session. */
const sessionCookie = () => {
  const id = 'degrade-session-id';
  const mac = createHmac('sha256', TEST_SESSION_SECRET).update(id).digest('base64').replace(/=+$/, '');
  return `mg.sid=${encodeURIComponent(`s:${id}.${mac}`)}`;
};

async function timed(path: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { res, text, ms: Date.now() - started };
}

describe('the gateway with Redis and every service down', () => {
  it('is ready and serves the app, its pages and assets', async () => {
    for (const path of ['/readyz', '/healthz', '/', '/games', '/assets/app-1234.js']) {
      const { res, text } = await timed(path);
      expect(res.status, path).toBe(200);
      if (path === '/readyz') expect(JSON.parse(text)).toEqual({ status: 'ok' });
    }
  });

  it('answers a guest API call whose service is down with a translated 503 and Retry-After', async () => {
    const { res, text, ms } = await timed('/api/auth/me', { headers: { 'x-lang': 'en' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.parse(text)).toEqual({
      code: 'service_unavailable',
      message: 'The service is not available right now. Please try again in a moment.',
    });
    expect(ms).toBeLessThan(5_000);
  });

  it('answers a logged-in call that needs the session store with a 503 in the user language, without hanging', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/game-results'],
      ['GET', '/api/user-badges/summary'],
    ] as const) {
      const { res, text, ms } = await timed(path, {
        method,
        headers: {
          cookie: sessionCookie(),
          'accept-language': 'tr-TR',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers.get('retry-after'), path).toMatch(/^\d+$/);
      expect(JSON.parse(text), path).toEqual({
        code: 'service_unavailable',
        message: 'Hizmet şu anda kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
      });
      // Not "until Redis returns" (never, here): commands fail at once, or after the 1 s command timeout.
      expect(ms, path).toBeLessThan(5_000);
    }
  });
});
