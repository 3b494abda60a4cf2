import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_PATH } from '../poll/cache.js';
import { type GatewayProcess, startGatewayProcess } from '../test-support/gateway-process.js';

/**
 * Fair overload (docs/decisions/0014-fair-overload.md): one client cannot shed the site. Bodies are read before a request counts in
 * flight, with an idle limit (408) and a size limit (413); one address (or IPv6 /64) holds at most its share of
 * the in-flight bound; the web app is never shed. The gateway runs as its own process; its upstream answers POSTs
 * with the length and hash of the body it received (so a buffered body is seen to arrive intact), after
 * `?delay=` ms.
 */

let upstream: Server;
let upstreamUrl: string;
let spaDir: string;
const gateways: GatewayProcess[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
      setTimeout(() => {
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
      }, delay);
    });
  });
  upstream.maxConnections = 5_000;
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  spaDir = mkdtempSync(join(tmpdir(), 'mg-fair-spa-'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Matematik</title>');
});

afterAll(async () => {
  for (const gateway of gateways) gateway.kill();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

async function startGateway(env: Record<string, string> = {}) {
  const gateway = await startGatewayProcess(upstreamUrl, spaDir, env);
  gateways.push(gateway);
  return gateway;
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request from `localAddress` (any 127.x.y.z is this machine), on a connection of its own. */
function call(
  gateway: GatewayProcess,
  options: {
    path: string;
    method?: string;
    body?: string;
    localAddress?: string;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        path: options.path,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: false,
        headers: {
          'x-lang': 'en',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end(options.body);
  });
}

async function metric(gateway: GatewayProcess, line: RegExp): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  const match = text.split('\n').find((l) => line.test(l));
  return match ? Number(match.slice(match.lastIndexOf(' ') + 1)) : 0;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A POST that declares a body and sends only its first bytes, then nothing: what each socket answered. */
function idleBody(gateway: GatewayProcess): { socket: Socket; answer: Promise<string> } {
  const socket = connect({ host: '127.0.0.1', port: gateway.port, localAddress: '127.0.0.1' });
  socket.setEncoding('utf8');
  socket.write(
    'POST /api/game-results HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'X-Lang: en\r\nContent-Length: 100\r\n\r\n{"n":',
  );
  let received = '';
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, answer };
}

describe('fair overload between addresses', () => {
  it('1,000 idle bodies from one address: every other address is still served, and the idle ones get 408', async () => {
    // The production bounds (1,000 in flight, a quarter per address), but 30 s of body idleness instead of 10 s,
    // so that on a loaded machine the idle bodies are still held while the other addresses are served.
    const gateway = await startGateway({ GATEWAY_BODY_IDLE_MS: '30000' });
    const idle = Array.from({ length: 1_000 }, () => idleBody(gateway));
    // Every one of them has reached the gateway and is being read (not counted in flight).
    await waitFor(async () => (await metric(gateway, /^gateway_reading_bodies /)) === 1_000, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(await metric(gateway, /^gateway_in_flight_requests /)).toBe(0);

    // Meanwhile 20 other addresses: the home page, the badge poll and a result each, 5 rounds.
    const payload = JSON.stringify({ topic: 'addition', answers: 'x'.repeat(900) });
    const expectedHash = createHash('sha256').update(payload).digest('hex');
    const answers: Array<Answer & { kind: string }> = [];
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const localAddress = `127.0.0.${i + 2}`;
          const [home, poll, post] = await Promise.all([
            call(gateway, { path: '/', localAddress }),
            call(gateway, { path: POLL_PATH, localAddress }),
            call(gateway, { path: '/api/game-results', method: 'POST', body: payload, localAddress }),
          ]);
          answers.push({ ...home, kind: 'home' }, { ...poll, kind: 'poll' }, { ...post, kind: 'post' });
          expect(JSON.parse(post.body)).toEqual({ bytes: Buffer.byteLength(payload), sha256: expectedHash });
        }),
      );
    }
    const stillReading = await metric(gateway, /^gateway_reading_bodies /);
    const ms = answers.map((a) => a.ms);
    console.log(
      `[fair-overload] while ${stillReading} idle bodies from 127.0.0.1 were held, ${answers.length} requests ` +
        `from 20 other addresses (home, poll, post): p50 ${percentile(ms, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms ` +
        `(load average ${loadavg()[0]!.toFixed(2)}; test, gateway and upstream on this machine)`,
    );
    const statuses = new Map<string, number>();
    for (const a of answers)
      statuses.set(`${a.kind} ${a.status}`, (statuses.get(`${a.kind} ${a.status}`) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 'home 200': 100, 'poll 200': 100, 'post 201': 100 });

    // The idle bodies time out with 408 and the spec's JSON, their connections closed.
    const idleStarted = performance.now();
    const idleAnswers = await Promise.all(idle.map((i) => i.answer));
    const tally = new Map<string, number>();
    for (const text of idleAnswers) {
      const key = `${text.split('\r\n', 1)[0]} ${text.includes('"code":"request_timeout"') ? 'request_timeout' : text.slice(-80)}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.log(
      `[fair-overload] the idle bodies: ${JSON.stringify(Object.fromEntries(tally))}, the last ` +
        `${((performance.now() - idleStarted) / 1000).toFixed(1)} s after the other addresses were done`,
    );
    expect(Object.fromEntries(tally)).toEqual({ 'HTTP/1.1 408 Request Timeout request_timeout': 1_000 });
    expect(idleAnswers[0]).toContain('What you sent did not arrive in time. Please try again.');
    expect(await metric(gateway, /^gateway_reading_bodies /)).toBe(0);
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 180_000);

  it('one address (or IPv6 /64) past its share gets 503 alone; past the whole bound the web app is still served', async () => {
    // 40 in flight, 10 per address; behind a trusted proxy the address is X-Forwarded-For's.
    const gateway = await startGateway({
      GATEWAY_MAX_IN_FLIGHT: '40',
      GATEWAY_MAX_EVENT_LOOP_DELAY_MS: '100000',
    });
    const slow = (from: { localAddress?: string; forwardedFor?: string }) =>
      call(gateway, {
        path: '/api/game-results?delay=3000',
        method: 'POST',
        body: '{}',
        localAddress: from.localAddress,
        headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
      });
    const inFlight = () => metric(gateway, /^gateway_in_flight_requests /);

    // One address sends 25 at once: 10 are taken, 15 refused at once; another address is served meanwhile.
    const greedy = Array.from({ length: 25 }, () => slow({ localAddress: '127.0.0.2' }));
    await waitFor(async () => (await inFlight()) === 10, { timeoutMs: 30_000, intervalMs: 50 });
    const other = await Promise.all(Array.from({ length: 5 }, () => slow({ localAddress: '127.0.0.3' })));
    expect(other.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const greedyStatuses = (await Promise.all(greedy)).map((a) => a.status).sort();
    expect(greedyStatuses.filter((s) => s === 201)).toHaveLength(10);
    expect(greedyStatuses.filter((s) => s === 503)).toHaveLength(15);

    // Two addresses of one IPv6 /64 share one share.
    const sameNetwork = await Promise.all(
      Array.from({ length: 16 }, (_, i) => slow({ forwardedFor: `2001:db8:1:2::${(i % 2) + 1}` })),
    );
    expect(sameNetwork.filter((a) => a.status === 201)).toHaveLength(10);
    expect(sameNetwork.filter((a) => a.status === 503)).toHaveLength(6);

    // Four addresses fill the whole bound: a fifth gets 503 on the API, but the app shell, a client route and
    // the probes are served.
    const filling = [4, 5, 6, 7].flatMap((n) =>
      Array.from({ length: 10 }, () => slow({ localAddress: `127.0.0.${n}` })),
    );
    await waitFor(async () => (await inFlight()) === 40, { timeoutMs: 30_000, intervalMs: 50 });
    const fifth = { localAddress: '127.0.0.8' };
    const [api, shell, route, ready] = await Promise.all([
      slow(fifth),
      call(gateway, { path: '/', ...fifth }),
      call(gateway, { path: '/games', ...fifth }),
      call(gateway, { path: '/readyz', ...fifth }),
    ]);
    expect([api.status, shell.status, route.status, ready.status]).toEqual([503, 200, 200, 200]);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'service_unavailable' });
    expect((await Promise.all(filling)).every((a) => a.status === 201)).toBe(true);

    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metrics).toMatch(/gateway_shed_requests_total\{reason="address_share"\} 21/);
    expect(metrics).toMatch(/gateway_shed_requests_total\{reason="in_flight"\} 1/);
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 120_000);
});

describe('fair overload: body and header limits', () => {
  it('a body over the limit gets 413 (declared or sent chunked), and a slow header block 408', async () => {
    const gateway = await startGateway({
      GATEWAY_MAX_BODY_BYTES: '1000',
      GATEWAY_HEADERS_TIMEOUT_MS: '2000',
    });
    const declared = await call(gateway, {
      path: '/api/game-results',
      method: 'POST',
      body: 'x'.repeat(1_001),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      code: 'request_too_large',
      message: 'What you sent is too large',
    });

    const chunked = await new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: '127.0.0.1',
          port: gateway.port,
          path: '/api/game-results',
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
            'accept-language': 'tr',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }),
          );
        },
      );
      req.on('error', reject);
      // 600 + 600 bytes: the second chunk crosses the limit.
      req.write('y'.repeat(600));
      setImmediate(() => req.end('y'.repeat(600)));
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({
      code: 'request_too_large',
      message: 'Gönderilen veri çok büyük',
    });

    // Within the limit, a chunked body arrives whole.
    const small = await call(gateway, {
      path: '/api/game-results',
      method: 'POST',
      body: 'z'.repeat(1_000),
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(small.status).toBe(201);
    expect(JSON.parse(small.body)).toMatchObject({ bytes: 1_000 });

    // Headers that never end: node's own headersTimeout answers 408 and closes.
    const socket = connect({ host: '127.0.0.1', port: gateway.port });
    socket.write('GET /api/badges/summary HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received.split('\r\n', 1)[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_timeout',
      message: 'Gönderilen veri zamanında gelmedi. Lütfen tekrar deneyin.',
    });
    expect(gateway.exit.exited, gateway.stderr()).toBe(false);
  }, 120_000);
});
