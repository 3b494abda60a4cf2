import { GAME_RESULT_RECORDED } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { EVENTS_EXCHANGE } from '@mathgames/platform';
import { countDeliveries, waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, CookieJar, signUp } from '../test-client.js';
import { metric, type ReplicaStack, startReplicaStack, UNLIMITED } from './replica-stack.js';

/**
 * What replicas share (docs/operations/replicas.md "Replicas"): sessions and rate budgets live in Redis, so any gateway
 * serves any session and a budget is spent once whichever gateway a request reaches; the outbox relays of two
 * game-results processes claim rows in Postgres, so each row is published once.
 */

const API_PER_MINUTE = 40;
const CREDENTIALS_PER_15_MINUTES = 6;
const RELAY_USERS = 20;
const RESULTS_EACH = 20;

let stack: ReplicaStack;
let gateways: string[];

/** One visitor (its cookies, its address) whichever gateway it talks to. */
class Visitor {
  private readonly jar = new CookieJar();

  constructor(readonly address: string) {}

  at(baseUrl: string): Browser {
    return new Browser(baseUrl, 'en', this.address, this.jar);
  }

  call<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, json?: unknown) {
    return this.at(baseUrl).request<T>(method, path, json === undefined ? {} : { json });
  }

  async signUp(baseUrl: string, name: string): Promise<void> {
    await signUp(this.at(baseUrl), { username: name, email: `${name}@example.com` });
  }
}

beforeAll(async () => {
  stack = await startReplicaStack({
    envFor: {
      ...UNLIMITED,
      gateway: {
        RATE_LIMIT_API_PER_MINUTE: String(API_PER_MINUTE),
        RATE_LIMIT_AUTH_PER_15_MINUTES: String(CREDENTIALS_PER_15_MINUTES),
      },
    },
  });
  gateways = stack.replicas.gateway!.map((r) => r.url);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('two of each deployable behind HAProxy', () => {
  it('a session made through one gateway works through the other, and logging out ends it on both', async () => {
    const [one, two] = gateways as [string, string];
    const visitor = new Visitor('10.30.0.1');
    await visitor.signUp(one, 'elif');
    const me = await visitor.call<{ username: string }>(two, 'GET', '/api/auth/me');
    expect(me).toMatchObject({ status: 200, body: { username: 'elif' } });
    expect((await visitor.call(two, 'POST', '/api/game-results', honestResult())).status).toBe(201);
    const stats = await visitor.call<{ totalQuestions: number }>(one, 'GET', '/api/statistics');
    expect(stats.status).toBe(200);

    // Through the balancer (as a browser reaches it) requests of one session land on both gateways.
    const before = await stack.balancer!.servers();
    for (let i = 0; i < 10; i++)
      expect((await visitor.call(stack.baseUrl, 'GET', '/api/auth/me')).status).toBe(200);
    const after = await stack.balancer!.servers();
    const served = (server: string) =>
      after.find((s) => s.server === server)!.total - before.find((s) => s.server === server)!.total;
    expect([served('gateway-1'), served('gateway-2')]).toEqual([5, 5]);

    expect((await visitor.call(two, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await visitor.call(one, 'GET', '/api/auth/me')).status).toBe(401);
  });

  it('the per-address API budget is one for both gateways, not one each', async () => {
    const visitor = new Visitor('10.30.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * API_PER_MINUTE; i++)
      statuses.push((await visitor.call(gateways[i % 2]!, 'GET', '/api/openapi.json')).status);
    // Both gateways answered half of each: the first budget's worth, then only refusals.
    expect(statuses.slice(0, API_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(API_PER_MINUTE).every((s) => s === 429)).toBe(true);
  });

  it('the per-address login budget is one for both gateways, not one each', async () => {
    const visitor = new Visitor('10.30.0.3');
    const answers: string[] = [];
    for (let i = 0; i < 2 * CREDENTIALS_PER_15_MINUTES; i++) {
      const res = await visitor.call<{ code: string }>(gateways[i % 2]!, 'POST', '/api/auth/login', {
        email: `nobody${i}@example.com`,
        password: 'wrong password',
      });
      answers.push(`${res.status} ${res.body.code}`);
    }
    // Wrong passwords reach auth until the address's budget is spent, on whichever gateway; then the gateways refuse.
    const refused = `429 rate_limited`;
    expect(answers.slice(0, CREDENTIALS_PER_15_MINUTES).every((a) => a !== refused)).toBe(true);
    expect(answers.slice(CREDENTIALS_PER_15_MINUTES)).toEqual(
      Array(CREDENTIALS_PER_15_MINUTES).fill(refused),
    );
  });

  it('two outbox relays publish each result event exactly once', async () => {
    const pool = stack.environment!.pool;
    const relays = stack.replicas['game-results']!;
    const rows = async () =>
      (
        await pool.query<{ id: string; published: boolean }>(
          'SELECT id, published_at IS NOT NULL AS published FROM results.outbox',
        )
      ).rows;
    const publishedBy = () =>
      Promise.all(relays.map((r) => metric(r.url, 'outbox_published_total', 'schema="results"')));
    // Only this test's rows: the session test's result was published before the counter was bound.
    const earlier = new Set((await rows()).map((r) => r.id));
    const publishedBefore = await publishedBy();
    const ours = async () => (await rows()).filter((r) => !earlier.has(r.id));
    const publishedSince = async () => (await publishedBy()).map((n, i) => n - publishedBefore[i]!);
    const expected = RELAY_USERS * RESULTS_EACH;

    const counter = await countDeliveries(stack.env.AMQP_URL!, EVENTS_EXCHANGE, GAME_RESULT_RECORDED.type);
    try {
      await Promise.all(
        Array.from({ length: RELAY_USERS }, async (_, u) => {
          const visitor = new Visitor(`10.31.0.${u + 1}`);
          await visitor.signUp(stack.baseUrl, `relay${u}`);
          for (let i = 0; i < RESULTS_EACH; i++) {
            const saved = await visitor.call(
              stack.baseUrl,
              'POST',
              '/api/game-results',
              honestResult({ seed: i }),
            );
            expect(saved.status).toBe(201);
          }
        }),
      );
      await waitFor(
        async () =>
          (await ours()).every((r) => r.published) &&
          counter.total() >= expected &&
          (await publishedSince()).reduce((a, b) => a + b, 0) >= expected,
        { timeoutMs: 60_000, intervalMs: 250, message: 'every outbox row published and delivered' },
      );

      const ids = (await ours()).map((r) => r.id);
      const perRelay = await publishedSince();
      const twice = [...counter.byMessageId].filter(([, n]) => n > 1);
      console.log(
        `[replicas] outbox rows ${ids.length}; published by relay 1: ${perRelay[0]}, relay 2: ${perRelay[1]}; ` +
          `delivered ${counter.total()} for ${counter.byMessageId.size} event ids; published twice: ${twice.length}`,
      );
      expect(ids).toHaveLength(expected);
      expect(twice).toEqual([]);
      expect(counter.total()).toBe(expected);
      expect([...counter.byMessageId.keys()].sort()).toEqual(ids.sort());
      expect(perRelay.reduce((a, b) => a + b, 0)).toBe(expected);
      // Both relays really ran and competed for the same rows.
      expect(
        perRelay.every((n) => n > 0),
        `per relay: ${perRelay.join(', ')}`,
      ).toBe(true);
    } finally {
      await counter.close();
    }
  });
});
