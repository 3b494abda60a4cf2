import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../db/db.js';
import { createLogger } from '../logger.js';
import { closedPorts } from '../testing/free-ports.js';
import { AppError, isUnavailableError, toErrorResponse } from './errors.js';
import { createHttpService, type HttpService } from './http-service.js';

describe('which errors mean "a dependency is down"', () => {
  it('classifies lost connections as unavailable and everything else as not', () => {
    const unavailable = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error(
        'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option',
      ),
      new Error('Command timed out'),
      new Error('query failed', {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect failed'),
    ];
    for (const err of unavailable) expect(isUnavailableError(err), String(err)).toBe(true);
    const bugs = [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }),
      null,
      'a string',
    ];
    for (const err of bugs) expect(isUnavailableError(err), String(err)).toBe(false);
  });

  it('answers 503 service_unavailable in the user language for an outage, 500 only for a bug', () => {
    const outage = toErrorResponse(Object.assign(new Error('x'), { code: '57P01' }), 'en');
    expect(outage.status).toBe(503);
    expect(outage.body.code).toBe('service_unavailable');
    expect(outage.body.message).toMatch(/not available right now/);
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '57P01' }), 'tr').body.message).toMatch(
      /kullanılamıyor/,
    );
    expect(toErrorResponse(new TypeError('bug'), 'en').status).toBe(500);
    expect(toErrorResponse(new AppError(404, 'not_found'), 'en').status).toBe(404);
  });
});

describe('a service whose Postgres is unreachable', () => {
  let service: HttpService;
  let base = '';
  let pool: Pool;

  beforeAll(async () => {
    // A port nothing listens on: every connect is refused, as while Postgres is stopped.
    const [deadPort] = await closedPorts(1);
    pool = createPool(`postgres://postgres@127.0.0.1:${deadPort}/nothing`, {
      connectionTimeoutMillis: 1_000,
      logger: createLogger('test', 'silent'),
    });
    service = createHttpService({
      name: 'outage-test',
      config: { INTERNAL_SECRET: 'unused-internal-secret-0123456789abcdef' },
      logger: createLogger('outage-test', 'silent'),
      requireIdentity: false,
      readiness: { postgres: () => pool.query('SELECT 1') },
      routes: (app) => {
        app.get('/api/things', async (_req, res) => {
          res.json((await pool.query('SELECT 1 AS one')).rows);
        });
      },
    });
    const server = await service.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await service?.close();
    await pool?.end();
  });

  it('answers 503 JSON with Retry-After at once, never 500', async () => {
    const started = Date.now();
    const res = await fetch(`${base}/api/things`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({
      code: 'service_unavailable',
      message: expect.stringMatching(/not available right now/),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is not ready, and its readiness body names the dependency without the error text', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'unavailable', checks: { postgres: 'unavailable' } });
    expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});

describe('the error log of a request with a query', () => {
  let service: HttpService;
  let base = '';
  let pool: Pool;
  const lines: string[] = [];

  beforeAll(async () => {
    const [deadPort] = await closedPorts(1);
    pool = createPool(`postgres://postgres@127.0.0.1:${deadPort}/nothing`, {
      connectionTimeoutMillis: 1_000,
      logger: createLogger('test', 'silent'),
    });
    const logger = createLogger('query-log-test', 'info', { write: (line: string) => lines.push(line) });
    service = createHttpService({
      name: 'query-log-test',
      config: { INTERNAL_SECRET: 'unused-internal-secret-0123456789abcdef' },
      logger,
      requireIdentity: false,
      routes: (app) => {
        app.get('/api/bug', () => {
          throw new TypeError('a bug');
        });
        app.get('/api/outage', async (_req, res) => {
          res.json((await pool.query('SELECT 1')).rows);
        });
      },
    });
    const server = await service.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await service?.close();
    await pool?.end();
  });

  it('names the path and never the query (a one-time token or personal data can ride in it)', async () => {
    // A bug (500, logged at error) and an outage (503, logged at warn), each with a token in the query.
    for (const [path, status] of [
      ['/api/bug', 500],
      ['/api/outage', 503],
    ] as const) {
      const res = await fetch(`${base}${path}?token=one-time-secret&email=ayse%40example.com`);
      expect(res.status).toBe(status);
    }
    const logged = lines.join('');
    expect(logged).toContain('"path":"/api/bug"');
    expect(logged).toContain('"path":"/api/outage"');
    expect(logged).not.toMatch(/one-time-secret|ayse|\?/);
  });
});
