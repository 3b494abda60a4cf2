import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api, serverMessage } from './api-client.js';
import i18n from './i18n.js';

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
});
