import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, isApiError } from '../../../lib/api-client.js';
import { untilSignedIn } from './class-join.js';

// A real HTTP server stands in for the gateway at the bell: busy (503 + Retry-After) for the first answers.
let server: Server;
let base = '';
let busyLeft = 0;
let asked = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      asked++;
      if (req.url === '/api/wrong') {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 'pupil_pictures_wrong', message: 'wrong' }));
      } else if (busyLeft > 0) {
        busyLeft--;
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        res.end(JSON.stringify({ code: 'service_unavailable', message: 'busy' }));
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 7 }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a pupil sign-in at the bell', () => {
  it('waits out 503s (after their Retry-After) and signs in, telling the screen it waits', async () => {
    busyLeft = 2;
    asked = 0;
    let waited = 0;
    const started = Date.now();
    const user = await untilSignedIn(
      () => api.post<{ id: number }>(`${base}/api/sign-in`, {}),
      () => waited++,
    );
    expect(user).toEqual({ id: 7 });
    expect(asked).toBe(3);
    expect(waited).toBe(2);
    // Retry-After: 1 is respected each time (with up to half again of jitter).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('gives any other answer back at once: wrong pictures are the child’s to fix, not to wait for', async () => {
    asked = 0;
    let waited = 0;
    const error = await untilSignedIn(
      () => api.post(`${base}/api/wrong`, {}),
      () => waited++,
    ).catch((err: unknown) => err);
    expect(isApiError(error) && error.status).toBe(401);
    expect([asked, waited]).toEqual([1, 0]);
  });

  it('stops waiting when the screen goes away', async () => {
    busyLeft = 100;
    const gone = new AbortController();
    const pending = untilSignedIn(
      () => api.post(`${base}/api/sign-in`, {}),
      () => gone.abort(),
      gone.signal,
    ).catch((err: unknown) => err);
    const error = await pending;
    expect(isApiError(error) && error.status).toBe(503);
    busyLeft = 0;
  });
});
