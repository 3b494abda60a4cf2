import { translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { createGateway } from './index.js';
import { logger, portOf, useTestGateway } from './test-support/test-gateway.js';

const gw = useTestGateway();

/** Node's deprecation warnings raised while this file runs (Node raises each once per process, at its first use). */
const deprecations: string[] = [];
process.on('warning', (warning: Error & { code?: string }) => {
  if (warning.name === 'DeprecationWarning') deprecations.push(`${warning.code}: ${warning.message}`);
});

describe('routing and failures', () => {
  it('describes the API at /api/openapi.json', async () => {
    const res = await fetch(`${gw.baseUrl}/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };

    expect(res.status).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/user-badges/summary');
  });

  it('shows the document to people at /api/docs with its own files, under the same CSP', async () => {
    const page = await fetch(`${gw.baseUrl}/api/docs`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script: each is a file of this origin
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'api-docs.js']) {
      expect(html).toContain(`/api/docs/${asset}`);
      const res = await fetch(`${gw.baseUrl}/api/docs/${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(
        asset.endsWith('.css') ? /text\/css/ : /javascript/,
      );
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${gw.baseUrl}/api/docs/package.json`)).status).toBe(404);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await fetch(`${gw.baseUrl}/api/no-such-thing`, { headers: { 'x-lang': 'en' } });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ code: 'not_found', message: translate('not_found', 'en') });
  });

  it('answers 503 JSON while a service is down and recovers by itself when it is back', async () => {
    await gw.gameResults.close();
    const post = () =>
      fetch(`${gw.baseUrl}/api/game-results`, { method: 'POST', headers: { 'accept-language': 'tr' } });

    const down = await post();

    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      code: 'service_unavailable',
      message: translate('service_unavailable', 'tr'),
    });

    await gw.restartGameResults();
    const back = await post();

    expect(back.status).toBe(201);
  });

  it('answers the badge summary poll with 503 JSON while badges is down, and recovers', async () => {
    await gw.badges.close();
    const poll = () => fetch(`${gw.baseUrl}/api/user-badges/summary`, { headers: { 'x-lang': 'en' } });

    const down = await poll();

    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      code: 'service_unavailable',
      message: translate('service_unavailable', 'en'),
    });

    await gw.restartBadges();

    expect((await poll()).status).toBe(401);
  });

  it('refuses a client over the credential limit with 429 and Retry-After', async () => {
    const limited = createGateway(
      { ...gw.config, REDIS_PREFIX: `${gw.config.REDIS_PREFIX}limits:`, RATE_LIMIT_AUTH_PER_15_MINUTES: 2 },
      { logger },
    );
    const url = `http://127.0.0.1:${portOf(await limited.listen(0))}/api/auth/login`;
    const attempt = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":5}' });
    try {
      expect((await attempt()).status).toBe(200);
      expect((await attempt()).status).toBe(200);
      const refused = await attempt();

      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  // The proxy once was http-proxy 1.x, which calls util._extend (DEP0060) on every request it forwards: a warning in
  // every gateway's log on Node 26, and an API a later Node may remove. The requests above went through the proxy.
  it('forwards requests without any API Node has deprecated', () => {
    expect(deprecations).toEqual([]);
  });
});
