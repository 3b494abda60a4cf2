import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../index.js';
import { STAND_IN_JOIN_CODE } from '../test-support/stand-in-services.js';
import { logger, portOf, useTestGateway } from '../test-support/test-gateway.js';

// Every access decision is taken on one canonical path (docs/decisions/0040-one-canonical-api-path.md): each
// other spelling of a budgeted route is either counted by its budget or refused by the gateway, never answered.

const gw = useTestGateway();
let limited: Gateway;
let port: number;
let nextAddress = 1;
/** A client address of its own for each case, so one case's spent budget never answers for another. */
const newAddress = () => `198.51.100.${nextAddress++}`;

/** What each per-address budget allows in this file: a few, so a budget is spent in a handful of requests. */
const BUDGET = 4;

beforeAll(async () => {
  limited = createGateway(
    {
      ...gw.config,
      REDIS_PREFIX: `${gw.config.REDIS_PREFIX}spellings:`,
      RATE_LIMIT_AUTH_PER_15_MINUTES: BUDGET,
      RATE_LIMIT_JOIN_MISSES_PER_ADDRESS_PER_15_MINUTES: BUDGET,
    } as typeof gw.config,
    { logger },
  );
  port = portOf(await limited.listen(0));
});
afterAll(async () => {
  await limited?.close();
});

interface Answer {
  status: number;
  body: string;
}

/** A request with its path sent exactly as written (fetch and URL would tidy dots away). */
function send(method: string, path: string, address: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          'x-forwarded-for': address,
          'x-lang': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const code = STAND_IN_JOIN_CODE;
const MISS = 'ZZZZZZ';

/** Other spellings of `GET /api/class-codes/<code>`: what Express's defaults would have routed to the lookup. */
const joinSpellings = (c: string) => [
  { method: 'GET', path: `/api/class-codes/${c}/` },
  { method: 'GET', path: `/api/CLASS-CODES/${c}` },
  { method: 'GET', path: `/api/Class-Codes/${c}/` },
  { method: 'GET', path: `/api/Class-codes/${c}` },
  { method: 'GET', path: `/API/class-codes/${c}` },
  { method: 'GET', path: `/api/class-codes/./${c}` },
  { method: 'GET', path: `/api//class-codes/${c}` },
  { method: 'GET', path: `/api/class-codes//${c}` },
  { method: 'GET', path: `/api/class-code%73/${c}` },
  { method: 'GET', path: `/api%2Fclass-codes/${c}` },
  { method: 'GET', path: `/api/class-codes%2F${c}` },
  { method: 'GET', path: `/api/./class-codes/${c}` },
  { method: 'GET', path: `/api/x/../class-codes/${c}` },
  { method: 'GET', path: `/api/%2E/class-codes/${c}` },
  { method: 'GET', path: `/api/x/%2E%2E/class-codes/${c}` },
  { method: 'GET', path: `/api\\class-codes\\${c}` },
  { method: 'HEAD', path: `/api/class-codes/${c}` },
  { method: 'head', path: `/api/class-codes/${c}` },
  { method: 'HEAD', path: `/api/class-codes/${c}/` },
];

/** The budgeted credential routes and other spellings of each. */
const credentialRoutes = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
];
const credentialSpellings = (route: string) => {
  const [, api, service, action] = route.split('/');
  return [
    `${route}/`,
    `/${api}/${service}/${action!.toUpperCase()}`,
    `/${api}/${service}//${action}`,
    `/${api}//${service}/${action}`,
    `/${api}/${service}/%${action!.charCodeAt(0).toString(16)}${action!.slice(1)}`,
    `/${api}/${service}%2F${action}`,
    `/${api}/${service}/./${action}`,
    `/${api}/${service}/x/../${action}`,
  ];
};

/** Spends the address's budget on `route` until it is refused; fails if it never is. */
async function spend(method: string, path: string, address: string, body?: string) {
  for (let n = 0; n < BUDGET * 4; n++) if ((await send(method, path, address, body)).status === 429) return;
  throw new Error(`${method} ${path} was never refused`);
}

/** Counted (429 once the budget is spent) or refused as no such path (the gateway's 404): never answered. */
function expectCountedOrRefused(answer: Answer, what: string) {
  if (answer.status === 429) return;
  expect(answer.status, what).toBe(404);
  // The gateway's own "no such path", not the service's answer: no class and no pupil in it.
  if (answer.body) expect(JSON.parse(answer.body).code, what).toBe('not_found');
  expect(answer.body, what).not.toMatch(/Ada|3-C/);
}

describe('one canonical path for the join lookup budget', () => {
  it('the canonical spelling answers a right code and is refused once the address has spent its misses', async () => {
    const address = newAddress();
    expect((await send('GET', `/api/class-codes/${code}`, address)).status).toBe(200);
    expect((await send('GET', `/api/class-codes/${code}?from=board`, address)).status).toBe(200);
    await spend('GET', `/api/class-codes/${MISS}`, address);
    expect((await send('GET', `/api/class-codes/${code}`, address)).status).toBe(429);
  });

  it('after an address spent its misses, no other spelling of the lookup answers it', async () => {
    const address = newAddress();
    await spend('GET', `/api/class-codes/${MISS}`, address);
    for (const { method, path } of joinSpellings(code))
      expectCountedOrRefused(await send(method, path, address), `${method} ${path}`);
  });

  it('a fresh address gets no answer from any other spelling, and a HEAD is counted like a GET', async () => {
    for (const { method, path } of joinSpellings(code)) {
      const answer = await send(method, path, newAddress());
      if (method.toUpperCase() === 'HEAD' && !path.endsWith('/')) expect(answer.status, path).toBe(200);
      else expectCountedOrRefused(answer, `${method} ${path}`);
    }
  });

  it('misses sent as HEAD spend the same budget as GET', async () => {
    const address = newAddress();
    await spend('HEAD', `/api/class-codes/${MISS}`, address);
    expect((await send('GET', `/api/class-codes/${code}`, address)).status).toBe(429);
  });
});

describe('one canonical path for the credential budget', () => {
  for (const route of credentialRoutes) {
    it(`every other spelling of POST ${route} is counted or refused`, async () => {
      const address = newAddress();
      await spend('POST', route, address, '{"userId":5}');
      for (const path of credentialSpellings(route))
        expectCountedOrRefused(await send('POST', path, address, '{"userId":5}'), `POST ${path}`);
      // And a fresh address sending only other spellings is never answered by the service.
      const fresh = newAddress();
      for (const path of credentialSpellings(route)) {
        const answer = await send('POST', path, fresh, '{"userId":5}');
        expect(answer.status, `POST ${path}`).toBe(404);
        expect(JSON.parse(answer.body).code).toBe('not_found');
      }
    });
  }
});
