import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BADGE_COUNTS_PATH, SUMMARY_CATEGORIES } from '@mathgames/contracts';
import { createHttpService, createLogger, DEV_INTERNAL_SECRET, type HttpService } from '@mathgames/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createColdCounts } from './cold-counts.js';

/**
 * The cold counts' batching against a stand-in badges service that checks the gateway's signature as the real
 * one does (createHttpService): each user's counts are their id, and `mute` users get no answer.
 */
const calls: number[][] = [];
let status = 200;
const mute = new Set<number>();
let badges: HttpService;
let cold: ReturnType<typeof createColdCounts>;
const agent = new Agent({ keepAlive: true });

beforeAll(async () => {
  badges = createHttpService({
    name: 'badges',
    config: { INTERNAL_SECRET: DEV_INTERNAL_SECRET },
    logger: createLogger('cold-counts-test', 'silent'),
    routes(app) {
      app.post(BADGE_COUNTS_PATH, (req, res) => {
        const { userIds } = req.body as { userIds: number[] };
        calls.push(userIds);
        const items = userIds
          .filter((id) => !mute.has(id))
          .map((userId) => ({ userId, counts: SUMMARY_CATEGORIES.map(() => userId) }));
        res.status(status).json(status === 200 ? { items } : { code: 'boom' });
      });
    },
  });
  const port = ((await badges.listen(0)).address() as AddressInfo).port;
  cold = createColdCounts({
    target: new URL(`http://127.0.0.1:${port}`),
    agent,
    secret: DEV_INTERNAL_SECRET,
  });
});

afterAll(async () => {
  agent.destroy();
  await badges?.close();
});

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('cold badge counts', () => {
  it('asks once for the users of one window, each once, in calls of at most 200, and answers each poll its own', async () => {
    calls.length = 0;
    const users = [...ids(1, 250), 7, 7];
    const counts = await Promise.all(users.map((id) => cold.load(id, `req-${id}`)));
    expect(counts.map((c) => c[0])).toEqual(users);
    expect(calls.map((c) => c.length)).toEqual([200, 50]);
    expect(new Set(calls.flat()).size).toBe(250);

    // The next window's cold polls are the next call.
    calls.length = 0;
    await Promise.all(ids(300, 3).map((id) => cold.load(id, 'later')));
    expect(calls).toEqual([[300, 301, 302]]);
  });

  it('rejects every poll of a call the service cannot answer, and a user it left out', async () => {
    status = 503;
    const failed = await Promise.allSettled(ids(400, 3).map((id) => cold.load(id, 'down')));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    status = 200;
    mute.add(501);
    const partly = await Promise.allSettled([cold.load(500, 'x'), cold.load(501, 'x')]);
    expect(partly.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
  });
});
