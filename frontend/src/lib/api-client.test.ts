import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  api,
  isServiceUnavailable,
  parseRetryAfter,
  ServiceUnavailableError,
  serverMessage,
  serviceStatus,
} from './api-client.js';
import i18n from './i18n/i18n.js';
import { pollInterval, retryUnavailable, unavailableRetryDelay } from './query-client.js';

// A real HTTP server stands in for the gateway: the helper's behaviour is what goes over the wire.
let server: Server;
let base = '';
let lastHeaders: IncomingHttpHeaders = {};
let lastBody = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      lastBody = body;
      if (req.url === '/api/field-error') {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 'validation_error',
            message: 'Geçerli bir e-posta adresi giriniz',
            field: 'email',
          }),
        );
      } else if (req.url === '/api/unavailable') {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '7' });
        res.end(JSON.stringify({ code: 'service_unavailable', message: 'Hizmet şu anda kullanılamıyor.' }));
      } else if (req.url === '/api/empty-error') {
        res.writeHead(503);
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the request helper', () => {
  it('sends JSON with the UI language in X-Lang', async () => {
    await i18n.changeLanguage('en');
    expect(await api.post(`${base}/api/ok`, { email: 'a@b.co' })).toEqual({ ok: true });
    expect(lastHeaders['x-lang']).toBe('en');
    expect(lastHeaders['content-type']).toBe('application/json');
    expect(JSON.parse(lastBody)).toEqual({ email: 'a@b.co' });
  });

  it('fails with "STATUS: body" and the parsed { code, message, field } attached', async () => {
    await i18n.changeLanguage('tr');
    const error = await api.post(`${base}/api/field-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(
      '400: {"code":"validation_error","message":"Geçerli bir e-posta adresi giriniz","field":"email"}',
    );
    expect(apiError.status).toBe(400);
    expect(apiError.body).toEqual({
      code: 'validation_error',
      message: 'Geçerli bir e-posta adresi giriniz',
      field: 'email',
    });
    expect(lastHeaders['x-lang']).toBe('tr');
    expect(serverMessage(apiError, 'fallback')).toBe('Geçerli bir e-posta adresi giriniz');
  });

  it('uses the status text when the body is empty, and the fallback message then', async () => {
    const error = (await api.get(`${base}/api/empty-error`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeNull();
    expect(serverMessage(error, 'fallback')).toBe('fallback');
  });

  it('fails a 503 with a typed ServiceUnavailableError carrying Retry-After, and reports the outage until a success', async () => {
    await api.get(`${base}/api/ok`); // an earlier test's 503 ended
    const changes: Array<number | null> = [];
    const unsubscribe = serviceStatus.subscribe(() => changes.push(serviceStatus.unavailableSince()));
    try {
      const error = await api.post(`${base}/api/unavailable`, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toBeInstanceOf(ApiError);
      expect(isServiceUnavailable(error)).toBe(true);
      const unavailable = error as ServiceUnavailableError;
      expect(unavailable.status).toBe(503);
      expect(unavailable.retryAfterMs).toBe(7_000);
      expect(serverMessage(unavailable, 'fallback')).toBe('Hizmet şu anda kullanılamıyor.');
      expect(serviceStatus.unavailableSince()).toEqual(expect.any(Number));
      // A second 503 of the same outage changes nothing; the next success ends it.
      await api.get(`${base}/api/empty-error`).catch(() => {});
      await api.get(`${base}/api/ok`);
      expect(serviceStatus.unavailableSince()).toBeNull();
      expect(changes).toEqual([expect.any(Number), null]);
    } finally {
      unsubscribe();
    }
  });

  it('reads Retry-After as seconds or a date, within 1 s and 60 s, 5 s when absent', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('0', now)).toBe(1_000);
    expect(parseRetryAfter('3600', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:20 GMT', now)).toBe(20_000);
    expect(parseRetryAfter(null, now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBe(5_000);
  });
});

describe('queries on 503', () => {
  const unavailable = new ServiceUnavailableError('503', null, '4');
  const notFound = new ApiError(404, 'nope', null);

  it('retry only a 503, a few times, after its Retry-After plus jitter', () => {
    expect(retryUnavailable(0, unavailable)).toBe(true);
    expect(retryUnavailable(3, unavailable)).toBe(true);
    expect(retryUnavailable(4, unavailable)).toBe(false);
    expect(retryUnavailable(0, notFound)).toBe(false);
    expect(retryUnavailable(0, new TypeError('Failed to fetch'))).toBe(false);
    const delay = unavailableRetryDelay(1, unavailable);
    expect(delay).toBeGreaterThanOrEqual(4_000);
    expect(delay).toBeLessThanOrEqual(6_000);
  });

  it('back off polling while the server answers 503, and poll at the normal pace again after a success', () => {
    const every3s = pollInterval(3_000);
    const query = (error: unknown, fetchFailureCount: number) =>
      ({ state: { error, fetchFailureCount } }) as never;
    expect(every3s(query(null, 0))).toBe(3_000);
    expect(every3s(query(unavailable, 1))).toBe(4_000);
    expect(every3s(query(unavailable, 2))).toBe(8_000);
    expect(every3s(query(unavailable, 3))).toBe(16_000);
    expect(every3s(query(unavailable, 10))).toBe(60_000);
    expect(every3s(query(notFound, 1))).toBe(3_000);
  });
});
