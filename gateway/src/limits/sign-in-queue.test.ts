import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, startGatewayProcess } from '../test-support/gateway-process.js';

/**
 * docs/decisions/0056-sign-in-queue.md: past the gateway's capacity a pupil's sign-in waits in a short bounded
 * queue instead of a 503 at once; everything else is still refused at once. The gateway runs as its own process;
 * its upstream takes 1 s per request, so 20 in flight is 20 sign-ins a second.
 */

const UPSTREAM_DELAY_MS = 1000;
let upstream: Server;
let upstreamUrl: string;
let spaDir: string;
const gateways: GatewayProcess[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }, UPSTREAM_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  spaDir = mkdtempSync(join(tmpdir(), 'mg-queue-spa-'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Matematik</title>');
});

afterAll(async () => {
  for (const gateway of gateways) gateway.kill();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

async function startGateway(env: Record<string, string>) {
  const gateway = await startGatewayProcess(upstreamUrl, spaDir, {
    GATEWAY_MAX_IN_FLIGHT: '20',
    GATEWAY_MAX_EVENT_LOOP_DELAY_MS: '100000',
    GATEWAY_ADDRESS_SHARE: '1',
    RATE_LIMIT_AUTH_PER_15_MINUTES: '100000',
    ...env,
  });
  gateways.push(gateway);
  return gateway;
}

/** `count` POSTs at once to `path`; statuses tallied, with the slowest answer's time. */
async function burst(url: string, path: string, count: number) {
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lang': 'en' },
        body: '{}',
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const tally: Record<string, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return { tally, seconds: (Date.now() - started) / 1000 };
}

describe('the sign-in queue', () => {
  it('lets 100 sign-ins at once through a bound of 20 by waiting, while other API requests are refused at once', async () => {
    const gateway = await startGateway({});
    const [signIns, games] = await Promise.all([
      burst(gateway.url, '/api/auth/pupil-login', 100),
      new Promise((r) => setTimeout(r, 200)).then(() => burst(gateway.url, '/api/game-results', 20)),
    ]);
    console.log(
      `[sign-in queue] 100 sign-ins, bound 20: ${JSON.stringify(signIns)}; games ${JSON.stringify(games)}`,
    );
    expect(signIns.tally).toEqual({ 201: 100 });
    // 20 at a time, 1 s each: the last ones waited their turn.
    expect(signIns.seconds).toBeGreaterThanOrEqual(4.5);
    expect(games.tally['503']).toBeGreaterThan(0);
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metrics).toMatch(/gateway_in_flight_requests 0/);
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 60_000);

  it('forgets a sign-in whose tablet gave up while waiting: its place goes to the next one', async () => {
    const gateway = await startGateway({ GATEWAY_SIGN_IN_QUEUE_MAX: '10' });
    // 20 fill the bound for a second; 10 more wait and give up after 200 ms.
    const filling = burst(gateway.url, '/api/auth/pupil-login', 20);
    await new Promise((r) => setTimeout(r, 100));
    const gaveUp = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${gateway.url}/api/auth/pupil-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(200),
        }).then(
          (res) => res.status,
          (err: Error) => err.name,
        ),
      ),
    );
    expect(gaveUp).toEqual(Array(10).fill('TimeoutError'));
    await new Promise((r) => setTimeout(r, 100));
    // Were the 10 still counted, these would find the queue full and get 503 at once.
    const next = await burst(gateway.url, '/api/auth/pupil-login', 10);
    expect(next.tally).toEqual({ 201: 10 });
    expect((await filling).tally).toEqual({ 201: 20 });
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 60_000);

  it('is bounded: past its size or its wait the sign-in gets 503 as before', async () => {
    const gateway = await startGateway({
      GATEWAY_SIGN_IN_QUEUE_MAX: '10',
      GATEWAY_SIGN_IN_QUEUE_WAIT_MS: '300',
    });
    const { tally } = await burst(gateway.url, '/api/auth/pupil-login', 100);
    // 20 taken, 10 wait 300 ms (the upstream takes 1 s) and are refused, 70 refused at once.
    expect(tally).toEqual({ 201: 20, 503: 80 });
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 60_000);
});
