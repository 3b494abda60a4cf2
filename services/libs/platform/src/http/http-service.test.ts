import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { translate } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { AppError } from './errors.js';
import {
  closeInOrder,
  createHttpService,
  type HttpService,
  pathIdOr404,
  requireUser,
} from './http-service.js';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.js';

const SECRET = 'http-service-test-secret-0123456789abcdef';
const pupil: Identity = { userId: 7, sessionId: 's1', lang: 'en', requestId: 'req-123', ip: '10.0.0.1' };

const signed = (identity: Identity = pupil, method = 'GET', path = '/api/me') => ({
  [IDENTITY_HEADER]: signIdentity(identity, SECRET, { method, path }),
});

/** An internal service with one route per behaviour under test: the identity, zod, AppError and a bug. */
function createTestService(): HttpService {
  const config = loadConfig({}, { INTERNAL_SECRET: SECRET });
  return createHttpService({
    name: 'test-service',
    config,
    logger: createLogger('test', 'silent'),
    readiness: { always: async () => true },
    routes(app) {
      app.get('/api/me', (req, res) => {
        res.json({ userId: requireUser(req), requestId: req.identity.requestId, lang: req.identity.lang });
      });
      app.post('/api/echo', (req, res) => {
        const body = z.object({ answer: z.number({ error: 'invalid_answer' }) }).parse(req.body);
        res.status(201).json(body);
      });
      app.get('/api/teapot', () => {
        throw new AppError(418, 'teapot', 'teapot_message', 'kettle');
      });
      app.get('/api/bug', () => {
        throw new Error('secret internals');
      });
    },
  });
}

describe('an HTTP service built with createHttpService', () => {
  let service: HttpService;
  let base: string;

  beforeAll(async () => {
    service = createTestService();
    const server = await service.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => service.close());

  it('rejects an unsigned request with 401 unauthorized', async () => {
    const res = await fetch(`${base}/api/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('rejects a request signed with another secret, or tampered with', async () => {
    const forged = await fetch(`${base}/api/me`, {
      headers: {
        [IDENTITY_HEADER]: signIdentity(pupil, 'another-secret-0123456789abcdef0123', {
          method: 'GET',
          path: '/api/me',
        }),
      },
    });
    expect(forged.status).toBe(401);
    const [, mac] = signIdentity(pupil, SECRET, { method: 'GET', path: '/api/me' }).split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ uid: 1, sid: null, lang: 'en', rid: 'r', ip: '', iat: 0 }),
    );
    const tampered = await fetch(`${base}/api/me`, {
      headers: { [IDENTITY_HEADER]: `${otherUser.toString('base64url')}.${mac}` },
    });
    expect(tampered.status).toBe(401);
  });

  it('refuses a header signed for another method or path, or older than 30 s', async () => {
    const forMe = signIdentity(pupil, SECRET, { method: 'GET', path: '/api/me' });
    const otherPath = await fetch(`${base}/api/teapot`, { headers: { [IDENTITY_HEADER]: forMe } });
    expect(otherPath.status).toBe(401);
    const otherMethod = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: {
        [IDENTITY_HEADER]: signIdentity(pupil, SECRET, { method: 'GET', path: '/api/echo' }),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ answer: 1 }),
    });
    expect(otherMethod.status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const stale = signIdentity(pupil, SECRET, { method: 'GET', path: '/api/me' }, now - 31);
    expect((await fetch(`${base}/api/me`, { headers: { [IDENTITY_HEADER]: stale } })).status).toBe(401);
    const fresh = signIdentity(pupil, SECRET, { method: 'GET', path: '/api/me' }, now - 25);
    expect((await fetch(`${base}/api/me`, { headers: { [IDENTITY_HEADER]: fresh } })).status).toBe(200);
    // The query string is not part of the signed path.
    expect((await fetch(`${base}/api/me?x=1`, { headers: { [IDENTITY_HEADER]: forMe } })).status).toBe(200);
  });

  it('accepts a signed request and exposes the identity and request id', async () => {
    const res = await fetch(`${base}/api/me`, { headers: signed() });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(await res.json()).toEqual({ userId: 7, requestId: 'req-123', lang: 'en' });
  });

  it('answers 401 from requireUser for a signed anonymous visitor', async () => {
    const res = await fetch(`${base}/api/me`, { headers: signed({ ...pupil, userId: null }) });
    expect(res.status).toBe(401);
  });

  it('serves health, readiness and metrics without a signature', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { always: 'ok' } });
    await fetch(`${base}/api/me`, { headers: signed() });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{service="test-service",method="GET",route="\/api\/me",status="200"\}/,
    );
    expect(metrics).toContain('http_request_duration_seconds_bucket');
    expect(metrics).toContain('process_cpu_user_seconds_total');
  });

  it('turns a zod failure into 400 naming the field', async () => {
    const res = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { ...signed(pupil, 'POST', '/api/echo'), 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'seven' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_error',
      field: 'answer',
      message: translate('invalid_answer', 'en'),
    });
  });

  it('answers malformed JSON with 400 and an oversized body with 413, in the caller language', async () => {
    const bad = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: { ...signed(pupil, 'POST', '/api/echo'), 'content-type': 'application/json' },
      body: '{"answer":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'invalid_json', message: translate('invalid_json', 'en') });
    const huge = await fetch(`${base}/api/echo`, {
      method: 'POST',
      headers: {
        ...signed({ ...pupil, lang: 'tr' }, 'POST', '/api/echo'),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ answer: 1, padding: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      code: 'request_too_large',
      message: translate('request_too_large', 'tr'),
    });
  });

  it('passes AppError status, code and field through', async () => {
    const res = await fetch(`${base}/api/teapot`, { headers: signed(pupil, 'GET', '/api/teapot') });
    expect(res.status).toBe(418);
    expect(await res.json()).toMatchObject({ code: 'teapot', field: 'kettle' });
  });

  it('hides an unexpected error behind 500 internal_error without internals', async () => {
    const res = await fetch(`${base}/api/bug`, { headers: signed(pupil, 'GET', '/api/bug') });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error' });
    expect(text).not.toContain('secret internals');
  });

  it('answers unknown routes with a JSON 404 and never advertises Express', async () => {
    const res = await fetch(`${base}/api/nothing-here`, {
      headers: signed(pupil, 'GET', '/api/nothing-here'),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('a listening HTTP service', () => {
  it('keeps up to 4,096 new connections waiting while the event loop is busy, not node’s 511', async () => {
    // A lesson opening overflowed 511 at the gateway and those clients waited 1-3 s for a retransmitted SYN-ACK.
    // `ss` shows a listening socket's backlog as its Send-Q; the kernel caps it at net.core.somaxconn.
    const service = createTestService();
    const { port } = (await service.listen(0)).address() as AddressInfo;
    try {
      const [, , backlog] = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
      const cap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      expect(Number(backlog)).toBe(Math.min(4096, cap));
    } finally {
      await service.close();
    }
  });
});

describe('readiness', () => {
  it('answers each probe with the checks as they are now, and logs a failure when it starts and when it ends', async () => {
    const lines: { level: number; msg: string; check?: string }[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) });
    let up = true;
    const readiness: Record<string, () => Promise<unknown>> = {
      database: async () => {
        if (!up) throw new Error('connection refused');
      },
    };
    const service = createHttpService({
      name: 'readiness-test',
      config: loadConfig({}, { INTERNAL_SECRET: SECRET }),
      logger,
      readiness,
      routes: () => {},
    });
    const { port } = (await service.listen(0)).address() as AddressInfo;
    const probe = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      return {
        status: res.status,
        body: (await res.json()) as { status: string; checks?: Record<string, string> },
      };
    };
    const logged = () =>
      lines.filter((l) => l.msg.startsWith('readiness check')).map((l) => [l.msg, l.check]);
    try {
      expect((await probe()).status).toBe(200);
      up = false;
      for (let i = 0; i < 3; i++)
        expect(await probe()).toEqual({
          status: 503,
          body: { status: 'unavailable', checks: { database: 'unavailable' } },
        });
      up = true;
      expect((await probe()).status).toBe(200);
      expect(logged()).toEqual([
        ['readiness check failed', 'database'],
        ['readiness check passes again', 'database'],
      ]);
      // A check added while the service runs counts from the next probe; taken out, it is gone from the next one.
      readiness['warm-up'] = () => Promise.reject(new Error('warming up'));
      expect((await probe()).body.checks).toEqual({ database: 'ok', 'warm-up': 'unavailable' });
      delete readiness['warm-up'];
      expect(await probe()).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
      readiness['warm-up'] = () => Promise.reject(new Error('warming up'));
      await probe();
      expect(logged().filter(([, check]) => check === 'warm-up')).toEqual([
        ['readiness check failed', 'warm-up'],
        ['readiness check removed while failing', 'warm-up'],
        ['readiness check failed', 'warm-up'],
      ]);
    } finally {
      await service.close();
    }
  });
});

describe('an edge service with several accept sockets', () => {
  it('listens on one port with each of them, answers on all, fails on a port in use, and closes them all', async () => {
    // Node accepts one connection per listening socket per event-loop turn; the gateway listens with several so a
    // lesson's burst of connections is not held in the kernel's queue while its event loop is busy.
    const edge = () =>
      createHttpService({
        name: 'edge-sockets-test',
        config: loadConfig({}, { INTERNAL_SECRET: SECRET }),
        logger: createLogger('test', 'silent'),
        edge: { acceptSockets: 4 },
        routes: (app) => app.get('/where', (req, res) => res.json({ port: req.socket.localPort })),
      });
    const listeners = (port: number) =>
      execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean);
    const service = edge();
    const { port } = (await service.listen(0)).address() as AddressInfo;
    try {
      expect(listeners(port)).toHaveLength(4);
      // Each call on a connection of its own: the kernel spreads them over the sockets, every one answers.
      const answers = await Promise.all(
        Array.from({ length: 64 }, () =>
          fetch(`http://127.0.0.1:${port}/where`, { headers: { connection: 'close' } }).then((r) => r.status),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      // A second one on the same port fails as it would with one socket (no silent sharing of the port).
      await expect(edge().listen(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await service.close();
    }
    expect(listeners(port)).toHaveLength(0);
  });
});

describe('an edge service (the gateway) built with createHttpService', () => {
  let service: HttpService;
  let base: string;

  beforeAll(async () => {
    service = createHttpService({
      name: 'edge-test',
      config: loadConfig({}, { INTERNAL_SECRET: SECRET }),
      logger: createLogger('test', 'silent'),
      edge: {
        intercept(req, res) {
          if (req.url !== '/fast') return false;
          res.end('answered before Express');
          return true;
        },
        routeLabel: (req) => (req.path.startsWith('/api/') ? 'api' : 'web'),
      },
      routes(app) {
        app.post('/api/stream', (req, res) => {
          // Not parsed by the factory: the body is still on the stream.
          let length = 0;
          req.on('data', (chunk: Buffer) => {
            length += chunk.length;
          });
          req.on('end', () => res.json({ parsed: req.body !== undefined, length }));
        });
      },
    });
    const server = await service.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => service.close());

  it('lets the intercept hook answer first, reads no identity, parses no body, labels routes its way', async () => {
    expect(await (await fetch(`${base}/fast`)).text()).toBe('answered before Express');
    const body = JSON.stringify({ padding: 'x'.repeat(200_000) });
    const res = await fetch(`${base}/api/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(await res.json()).toEqual({ parsed: false, length: body.length });
    const ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ok' });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{service="edge-test",method="POST",route="api",status="200"\}/,
    );
  });
});

describe('closeInOrder', () => {
  it('runs the steps once, in order, each after the previous one finished; later calls share the first', async () => {
    const done: string[] = [];
    const close = closeInOrder(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done.push('http');
      },
      () => done.push('relay'),
      async () => done.push('pool'),
    );
    await Promise.all([close(), close()]);
    await close();
    expect(done).toEqual(['http', 'relay', 'pool']);
  });
});

describe('pathIdOr404', () => {
  const schema = z.coerce.number().int().positive();
  const req = (id: string) => ({ params: { classId: id } }) as never;

  it('reads a well-formed id and answers a malformed one with the 404 of a missing one', () => {
    expect(pathIdOr404(req('12'), 'classId', schema, 'class_not_found')).toBe(12);
    expect(() => pathIdOr404(req('x'), 'classId', schema, 'class_not_found')).toThrow(
      expect.objectContaining({ status: 404, code: 'not_found', messageKey: 'class_not_found' }),
    );
  });
});
