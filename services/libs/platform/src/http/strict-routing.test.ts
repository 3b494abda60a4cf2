import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { createHttpService, type HttpService, requireUser } from './http-service.js';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.js';

// Every service routes one spelling per route, so a check keyed on a path cannot be stepped around by another
// spelling (docs/decisions/0040-one-canonical-api-path.md).
const SECRET = 'strict-routing-test-secret-0123456789abcdef';
const pupil: Identity = { userId: 7, sessionId: 's1', lang: 'en', requestId: 'req-1', ip: '10.0.0.1' };
const signed = (method: string, path: string) => ({
  [IDENTITY_HEADER]: signIdentity(pupil, SECRET, { method, path }),
});

describe('an HTTP service built with createHttpService', () => {
  let service: HttpService;
  let base: string;

  beforeAll(async () => {
    service = createHttpService({
      name: 'strict-routing-test',
      config: loadConfig({}, { INTERNAL_SECRET: SECRET }),
      logger: createLogger('test', 'silent'),
      routes(app) {
        app.get('/api/me', (req, res) => {
          res.json({ userId: requireUser(req) });
        });
      },
    });
    const server = await service.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => service.close());

  it('routes one spelling only: another letter case or a trailing slash is no route', async () => {
    expect((await fetch(`${base}/api/me`, { headers: signed('GET', '/api/me') })).status).toBe(200);
    for (const path of ['/api/me/', '/api/ME', '/API/me', '/api/Me/']) {
      const res = await fetch(`${base}${path}`, { headers: signed('GET', path) });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers a HEAD from the GET route, without its body', async () => {
    const res = await fetch(`${base}/api/me`, { method: 'HEAD', headers: signed('HEAD', '/api/me') });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
