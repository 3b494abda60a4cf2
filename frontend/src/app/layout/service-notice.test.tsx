import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../lib/api-client.js';
import i18n from '../../lib/i18n/i18n.js';
import { RouteError } from '../not-found.js';
import { ServiceNotice } from './service-notice.js';

// A real HTTP server answers as the gateway does during an outage: 503 JSON with Retry-After.
let server: Server;
let base = '';
let down = true;

beforeAll(async () => {
  server = createServer((_req, res) => {
    if (down) {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
      res.end('{"code":"service_unavailable","message":"x"}');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('during an outage the app', () => {
  it('shows one translated notice while the server answers 503, and drops it after the next success', async () => {
    await i18n.changeLanguage('en');
    render(<ServiceNotice />);
    expect(screen.queryByTestId('service-notice')).toBeNull();
    down = true;
    await act(() => api.get(`${base}/api/statistics`).catch(() => {}));
    expect(screen.getByRole('status').textContent).toContain('taking a short break');
    down = false;
    await act(() => api.get(`${base}/api/statistics`));
    expect(screen.queryByTestId('service-notice')).toBeNull();
  });

  it('turns a page that failed on a 503 into a friendly retry state that tries again by itself', async () => {
    await i18n.changeLanguage('tr');
    down = true;
    const error = await api.get(`${base}/api/statistics`).catch((e: unknown) => e);
    let resets = 0;
    render(<RouteError error={error} reset={() => resets++} />);
    expect(screen.getByRole('heading').textContent).toBe('Kısa bir mola');
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 1_100)));
    expect(resets).toBe(1);
  });
});
