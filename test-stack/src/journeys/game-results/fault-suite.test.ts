import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createPool, type Pool, sleep } from '@mathgames/platform';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultStack, isReady, startFaultStack } from './fault-stack.js';
import { counted, newTally, Pupil, postUntilStored } from './pupil-client.js';

/**
 * The fault suite (docs/operations/runbooks.md, "Faults: what you see and what you do"): the real deployables, each its own process, on a Postgres cluster and a
 * redis-server of their own and a RabbitMQ vhost reached through a relay the test cuts. 50 logged-in pupils post
 * 500 results while one dependency is down for 15 s; clients behave as the app does (a 503 is retried after
 * Retry-After with the same Idempotency-Key; a lost session logs in again). Afterwards every accepted result is
 * counted exactly once in statistics and in badge progress, nothing is dead-lettered, no process exited, and
 * every process is ready again within 10 s of the dependency's return. Figures are printed per fault.
 */

const run = promisify(execFile);
const PUPILS = 50;
const RESULTS_PER_PUPIL = 10;
const OUTAGE_MS = 15_000;
/** When the outage starts after posting began, and the pause between one pupil's results. */
const OUTAGE_STARTS_AFTER_MS = 3_000;
const PAUSE_BETWEEN_RESULTS_MS = 2_000;

let stack: FaultStack;
let pool: Pool;
const pupils: Pupil[] = [];

const email = (pupil: Pupil) => `pupil${pupil.n}@example.com`;
const logIn = (pupil: Pupil) =>
  pupil.request('POST', '/api/auth/login', { email: email(pupil), password: 'correct horse' });

async function signUp(pupil: Pupil): Promise<void> {
  const registered = await pupil.request('POST', '/api/auth/register', {
    username: `pupil${pupil.n}`,
    email: email(pupil),
    password: 'correct horse',
  });
  if (registered.status !== 201) throw new Error(`register ${pupil.n}: ${registered.status}`);
  await pupil.logIn();
  const me = await pupil.request('GET', '/api/auth/me');
  pupil.userId = ((await me.json()) as { id: number }).id;
}

/** What the site answers while a dependency is down: pages, assets and readiness must hold; /api never 5xx but 503. */
async function watchEdge(until: () => boolean, watcher: Pupil) {
  const seen = {
    page: new Map<string, number>(),
    api: new Map<string, number>(),
    ready: new Map<string, number>(),
  };
  const note = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const get = async (url: string, map: Map<string, number>) => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      note(map, String(res.status));
    } catch (err) {
      note(map, `error ${(err as Error).message}`);
    }
  };
  while (!until()) {
    await Promise.all([
      get(`${stack.gatewayUrl}/`, seen.page),
      get(`${stack.gatewayUrl}/games`, seen.page),
      get(`${stack.gatewayUrl}${stack.assetPath}`, seen.page),
      get(`${stack.gatewayUrl}/readyz`, seen.ready),
      (async () => {
        for (const path of ['/api/auth/me', '/api/statistics', '/api/user-badges/summary']) {
          try {
            const res = await watcher.request('GET', path);
            const body = (await res.json().catch(() => null)) as { code?: string } | null;
            note(seen.api, `${res.status}${res.status >= 500 ? ` ${body?.code} json` : ''}`);
          } catch (err) {
            note(seen.api, `error ${(err as Error).message}`);
          }
        }
      })(),
    ]);
    await sleep(300);
  }
  return seen;
}

async function deadLettered(): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    'list_queues',
    '-q',
    '--no-table-headers',
    '-p',
    stack.vhost,
    'name',
    'messages',
  ]);
  let parked = 0;
  for (const line of stdout.split('\n')) {
    const [name, messages] = line.trim().split(/\s+/);
    if (name && /dead/.test(name)) parked += Number(messages);
  }
  return parked;
}

/**
 * 500 results while `outage` takes a dependency away for 15 s; returns when everything is counted. Prints the
 * figures, and asserts the edge held, nothing was parked, nobody exited and all were ready within 10 s.
 */
async function survives(fault: string, outage: { down(): Promise<void>; up(): Promise<void> }) {
  const tally = newTally();
  const before = pupils.reduce((sum, p) => sum + p.accepted.games, 0);
  const round = `${fault}-${Date.now()}`;
  let posting = true;

  const posts = Promise.all(
    pupils.map(async (pupil) => {
      await sleep((pupil.n * PAUSE_BETWEEN_RESULTS_MS) / PUPILS);
      for (let i = 0; i < RESULTS_PER_PUPIL; i++) {
        await postUntilStored(pupil, `${round}-${pupil.n}-${i}`, pupil.n * 100 + i, tally);
        await sleep(PAUSE_BETWEEN_RESULTS_MS);
      }
    }),
  ).finally(() => {
    posting = false;
  });

  await sleep(OUTAGE_STARTS_AFTER_MS);
  let down = true;
  const watched = watchEdge(() => !down, pupils[0]!);
  const wentDown = Date.now();
  await outage.down();
  await sleep(OUTAGE_MS);
  await outage.up();
  const cameBack = Date.now();
  down = false;
  const edge = await watched;

  // Every deployable ready again, measured from the dependency's return.
  await waitFor(
    async () => (await Promise.all(Object.values(stack.readyzUrls).map(isReady))).every(Boolean),
    { timeoutMs: 30_000, intervalMs: 100, message: `all deployables ready after ${fault} returned` },
  );
  const recoverySeconds = (Date.now() - cameBack) / 1000;
  await posts;
  expect(posting).toBe(false);

  const expected = before + tally.accepted;
  // Exact totals can hold while the badge-worker still has a game with no right answer to apply (it moves no
  // progress, only the events applied): wait until those are applied too.
  await waitFor(
    async () => {
      const sofar = await counted(pool, pupils);
      return sofar.exact && sofar.badges >= expected;
    },
    {
      timeoutMs: 60_000,
      intervalMs: 250,
      message: `statistics and badges equal what was accepted after ${fault}`,
    },
  );
  const totals = await counted(pool, pupils);
  const parked = await deadLettered();
  const outageSeconds = (cameBack - wentDown) / 1000;

  const shed = (await (await fetch(`${stack.gatewayUrl}/metrics`)).text())
    .split('\n')
    .filter((line) => line.startsWith('gateway_shed_requests_total'))
    .join(', ');
  console.log(
    `[fault suite] ${fault}: results sent ${tally.sent}, accepted ${tally.accepted}, counted ${totals.statistics - before} ` +
      `(statistics) / ${totals.badges - before} (badges), parked ${parked}, outage ${outageSeconds.toFixed(1)} s, ` +
      `recovery ${recoverySeconds.toFixed(1)} s; answers to posts ${JSON.stringify(Object.fromEntries(tally.statuses))}; ` +
      `during the outage pages ${JSON.stringify(Object.fromEntries(edge.page))}, gateway /readyz ` +
      `${JSON.stringify(Object.fromEntries(edge.ready))}, api ${JSON.stringify(Object.fromEntries(edge.api))}` +
      `; gateway shed ${shed || 'nothing'}`,
  );

  expect(tally.accepted).toBe(PUPILS * RESULTS_PER_PUPIL);
  expect(totals.statistics).toBe(expected);
  expect(totals.badges).toBe(expected);
  expect(parked).toBe(0);
  expect(stack.exits).toEqual([]);
  expect(recoverySeconds).toBeLessThan(10);
  // The edge: pages and assets 200, the gateway ready, the API a translated 503 at worst, never a 500 or a reset.
  expect([...edge.page.keys()], stack.logs('gateway')).toEqual(['200']);
  expect([...edge.ready.keys()]).toEqual(['200']);
  for (const status of edge.api.keys())
    expect(status).toMatch(/^(200|304|401|503 service_unavailable json)$/);
  for (const status of tally.statuses.keys())
    expect(status).toMatch(/^(201|replayed|401 unauthorized|503 service_unavailable)$/);
}

beforeAll(async () => {
  stack = await startFaultStack();
  pool = createPool(stack.databaseUrl, { max: 2 });
  for (let n = 0; n < PUPILS; n++) pupils.push(new Pupil(n, stack.gatewayUrl, logIn));
  // A few at a time: each registration and login is an argon2 hash.
  for (let i = 0; i < PUPILS; i += 5) await Promise.all(pupils.slice(i, i + 5).map(signUp));
}, 180_000);

afterAll(async () => {
  await pool?.end();
  await stack?.stop();
});

describe('fault suite: 50 pupils keep playing through an outage of each dependency', () => {
  it('Postgres stopped for 15 s', async () => {
    await survives('postgres', { down: () => stack.postgres.stop(), up: () => stack.postgres.start() });
  }, 150_000);

  it('Redis killed and restarted empty after 15 s', async () => {
    await survives('redis', { down: () => stack.redis.stop(), up: () => stack.redis.start() });
  }, 150_000);

  it('the broker cut for 15 s', async () => {
    await survives('broker', { down: () => stack.broker.refuse(), up: () => stack.broker.restore() });
  }, 150_000);
});
