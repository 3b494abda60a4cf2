import { translate } from '@mathgames/contracts';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-support/test-gateway.js';

const gw = useTestGateway();

describe('identity between the gateway and the services', () => {
  it('replaces a client-sent identity header, even a validly signed one, with its own', async () => {
    const forged = signIdentity(
      { userId: 999, sessionId: null, lang: 'tr', requestId: 'forged', ip: '1.2.3.4' },
      gw.config.INTERNAL_SECRET,
      { method: 'GET', path: '/api/auth/me' },
    );
    const res = await fetch(`${gw.baseUrl}/api/auth/me`, {
      headers: { [IDENTITY_HEADER]: forged, cookie: 'a=b' },
    });
    const body = (await res.json()) as { userId: number | null };

    expect(body.userId).toBeNull();
    expect(gw.seenByAuth.identityHeader).toBeDefined();
    expect(gw.seenByAuth.identityHeader).not.toBe(forged);
    expect(gw.seenByAuth.cookie).toBeUndefined();
  });

  it('passes a request id through, to the service and back to the client', async () => {
    const res = await fetch(`${gw.baseUrl}/api/auth/me`, { headers: { 'x-request-id': 'trace-abc.123' } });
    const body = (await res.json()) as { requestId: string };

    expect(body.requestId).toBe('trace-abc.123');
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123');
  });

  it('tells the service the language from X-Lang, then the i18next cookie, then Accept-Language, else Turkish', async () => {
    const langOf = async (headers: Record<string, string>) =>
      ((await (await fetch(`${gw.baseUrl}/api/auth/me`, { headers })).json()) as { lang: string }).lang;

    expect(await langOf({ 'x-lang': 'en', cookie: 'i18next=tr' })).toBe('en');
    expect(await langOf({ cookie: 'i18next=en', 'accept-language': 'tr-TR' })).toBe('en');
    expect(await langOf({ 'accept-language': 'de-DE, en;q=0.8, tr;q=0.5' })).toBe('en');
    expect(await langOf({ 'accept-language': 'de-DE' })).toBe('tr');
  });

  it('tells the service the client address a trusted proxy forwarded, so per-IP limits see each pupil', async () => {
    const ipSeen = async (headers: Record<string, string>) =>
      ((await (await fetch(`${gw.baseUrl}/api/auth/me`, { headers })).json()) as { ip: string }).ip;

    expect(await ipSeen({ 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await ipSeen({ 'x-forwarded-for': '198.51.100.23' })).toBe('198.51.100.23');
  });

  it('a service rejects a request that bypasses the gateway (no signature) with 401', async () => {
    const res = await fetch(`${gw.config.AUTH_URL}/api/auth/me`);

    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
  });
});

describe('cross-site request defence', () => {
  it('rejects a cross-site POST with 403 in the user language', async () => {
    const res = await fetch(`${gw.baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'x-lang': 'en' },
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'forbidden', message: translate('forbidden', 'en') });
  });

  it('rejects a POST whose Origin is another site even without Sec-Fetch-Site', async () => {
    const res = await fetch(`${gw.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });

    expect(res.status).toBe(403);
  });

  it('lets a same-origin POST through to the service', async () => {
    const cookie = await gw.logIn(41);
    const res = await fetch(`${gw.baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: gw.baseUrl, cookie },
    });

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ userId: 41 });
  });

  it('forwards /api/classes to the classes service as the signed-in user, ignoring its session directives', async () => {
    const cookie = await gw.logIn(42);
    const list = await fetch(`${gw.baseUrl}/api/classes`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ userId: 42, items: [] });

    const res = await fetch(`${gw.baseUrl}/api/classes/7/join-code`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: gw.baseUrl, cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: 42, classId: '7' });
    const again = await fetch(`${gw.baseUrl}/api/classes`, { headers: { cookie } });
    expect(await again.json()).toEqual({ userId: 42, items: [] });
  });
});
