import { metricsRegistry } from '@mathgames/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../index.js';
import { JOIN_SLOW_MS } from '../session/gate.js';
import { STAND_IN_JOIN_CODE } from '../test-support/stand-in-services.js';
import { logger, portOf, useTestGateway } from '../test-support/test-gateway.js';

// An address is refused for its own misses only; the budget of all addresses together slows and alerts, never
// refuses; join misses never spend the login budget (docs/decisions/0041-sign-in-budgets-per-address.md).

const gw = useTestGateway();
let limited: Gateway;
let base: string;

const PER_ADDRESS = 4;
const EVERYONE = 10;
const SCHOOL = '203.0.113.21';

beforeAll(async () => {
  limited = createGateway(
    {
      ...gw.config,
      REDIS_PREFIX: `${gw.config.REDIS_PREFIX}join-budgets:`,
      RATE_LIMIT_AUTH_PER_15_MINUTES: PER_ADDRESS,
      RATE_LIMIT_JOIN_MISSES_PER_ADDRESS_PER_15_MINUTES: PER_ADDRESS,
      RATE_LIMIT_JOIN_MISSES_PER_15_MINUTES: EVERYONE,
    } as typeof gw.config,
    { logger },
  );
  base = `http://127.0.0.1:${portOf(await limited.listen(0))}`;
});
afterAll(async () => {
  await limited?.close();
});

const lookup = (address: string, code: string) =>
  fetch(`${base}/api/class-codes/${code}`, { headers: { 'x-forwarded-for': address, 'x-lang': 'en' } });
const login = (address: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address, 'content-type': 'application/json' },
    body: '{"userId":5}',
  });
const slowed = async () =>
  (await metricsRegistry.getSingleMetric('gateway_join_lookups_slowed_total')?.get())?.values[0]?.value ?? 0;

/** A miss: the code names no class; the answer the gateway lets through is the service's 404. */
async function miss(address: string) {
  expect((await lookup(address, 'ZZZZZZ')).status).toBe(404);
}

describe('the join lookup budgets', () => {
  it("refuses an address for its own misses, and a class's typos never refuse the teachers' logins", async () => {
    for (let n = 0; n < PER_ADDRESS; n++) await miss(SCHOOL);
    const refused = await lookup(SCHOOL, STAND_IN_JOIN_CODE);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The login budget is another one: a teacher behind the same address logs in.
    expect((await login(SCHOOL)).status).toBe(200);
  });

  it("serves a school's right code while outside addresses spend the budget of all addresses, slowly if it missed", async () => {
    // Outside addresses spend the all-address budget, none past its own.
    for (let a = 0; a < EVERYONE / 2; a++) for (let n = 0; n < 2; n++) await miss(`198.51.100.${a + 1}`);
    // A school where one child mistyped the code once: the right code is served (slowed and counted).
    const school = '203.0.113.99';
    await miss(school);
    const before = await slowed();
    const startedAt = Date.now();
    const served = await lookup(school, STAND_IN_JOIN_CODE);
    expect(served.status).toBe(200);
    expect(((await served.json()) as { className: string }).className).toBe('3-C');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(JOIN_SLOW_MS - 50);
    expect(await slowed()).toBe(before + 1);
    // A place that typed the right code first is served at once; an outside address is still answered.
    const fresh = Date.now();
    expect((await lookup('203.0.113.100', STAND_IN_JOIN_CODE)).status).toBe(200);
    expect(Date.now() - fresh).toBeLessThan(JOIN_SLOW_MS);
    expect((await lookup('198.51.100.1', STAND_IN_JOIN_CODE)).status).toBe(200);
  });
});
