import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  BADGE_CATALOGUE,
  BADGE_COUNTS_PATH,
  type BadgeSummary,
  badgeSummaryCacheKey,
  EVENT_QUEUES,
  type GameResultRecordedEvent,
  type GameResultRecordedEventV1,
  type UserBadgeItem,
  userBadgesResponseSchema,
} from '@mathgames/contracts';
import {
  type AmqpClient,
  createAmqpClient,
  createLogger,
  IDENTITY_HEADER,
  signIdentity,
} from '@mathgames/platform';
import {
  createTestEnvironment,
  gameRecorded,
  gameRecordedV1,
  TEST_INTERNAL_SECRET,
  type TestEnvironment,
  unsettledMessages,
  waitFor,
} from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMigrationSql } from './data-access/catalogue-sql.js';
import { BADGES_QUEUE, createBadgesService, startBadgeWorker } from './index.js';

let env: TestEnvironment;
let service: ReturnType<typeof createBadgesService>;
let worker: ReturnType<typeof startBadgeWorker>;
let publisher: AmqpClient;
let baseUrl: string;
let nextUser = 5000;

async function get<T>(
  userId: number,
  path: string,
  headers: Record<string, string> = {},
  lang: 'tr' | 'en' = 'tr',
) {
  const identity = signIdentity(
    { userId, sessionId: `s${userId}`, lang, requestId: randomUUID(), ip: '127.0.0.1' },
    TEST_INTERNAL_SECRET,
    { method: 'GET', path },
  );
  const res = await fetch(`${baseUrl}${path}`, { headers: { [IDENTITY_HEADER]: identity, ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

function recorded(userId: number, correctAnswers: number, overrides: Partial<GameResultRecordedEvent> = {}) {
  return gameRecorded(userId, {
    gameType: 'çarpma',
    difficulty: 'zor',
    questionsCount: 20,
    correctAnswers,
    ...overrides,
  });
}

/** Published under its type's routing key (a retired version's too, as an older release did). */
const publish = (event: GameResultRecordedEvent | GameResultRecordedEventV1) =>
  publisher.publish(event.type, event, {}, { messageId: event.id });

async function badgesOf(userId: number, query = '') {
  const res = await get<UserBadgeItem[]>(userId, `/api/user-badges?limit=1000${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  env = await createTestEnvironment();
  service = createBadgesService(env.config);
  worker = startBadgeWorker(env.config);
  // The badge queue declared before the first publish: an event sent before the worker declared it would be
  // unroutable, dropped by the exchange (the first worker test then waited 10 s for it on a busy box).
  publisher = createAmqpClient({
    url: env.config.AMQP_URL,
    logger: createLogger('test', 'warn'),
    queues: [EVENT_QUEUES.badges],
  });
  await publisher.ready();
  const server = await service.listen(0);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await publisher?.close();
  await service?.close();
  await worker?.close();
  await env?.cleanup();
});

describe('the badge catalogue', () => {
  it('the committed seed migration is exactly what the contracts catalogue generates', () => {
    const path = fileURLToPath(
      new URL('../../../infra/db/migrations/1763800000301_badges-catalogue.sql', import.meta.url),
    );
    expect(readFileSync(path, 'utf8')).toBe(catalogueMigrationSql());
  });

  it('is seeded with the 175 contracts badges', async () => {
    const { rows } = await env.pool.query<{ id: string; required_count: number }>(
      'SELECT id, required_count FROM badges.badges ORDER BY position',
    );
    expect(rows.map((r) => [r.id, r.required_count])).toEqual(
      BADGE_CATALOGUE.map((b) => [b.id, b.requiredCount]),
    );
    expect(rows).toHaveLength(175);
  });
});

describe('listing a user’s badges', () => {
  it('shows every badge to a new user with progress 0, in the response contract', async () => {
    const items = await badgesOf(nextUser++);
    expect(userBadgesResponseSchema.parse(items)).toHaveLength(175);
    expect(items.every((item) => item.progress === 0 && !item.completed)).toBe(true);
  });

  it('filters by category and by completion', async () => {
    const user = nextUser++;
    expect(await badgesOf(user, '&category=bolme')).toHaveLength(35);
    expect((await badgesOf(user, '&category=bolme')).every((i) => i.badge.categoryKey === 'bolme')).toBe(
      true,
    );
    expect(await badgesOf(user, '&completed=true')).toEqual([]);
  });

  it('names badges in the request’s language', async () => {
    const user = nextUser++;
    const tr = await badgesOf(user, '&category=toplama');
    const en = await get<UserBadgeItem[]>(user, '/api/user-badges?limit=1&category=toplama', {}, 'en');
    expect(tr[0]!.badge.name).toBe(BADGE_CATALOGUE[0]!.name.tr);
    expect(en.body[0]!.badge.name).toBe(BADGE_CATALOGUE[0]!.name.en);
    expect(en.body).toHaveLength(1);
  });

  it('refuses a limit above 1000 and an unknown category, naming the field in Turkish', async () => {
    const user = nextUser++;
    const limit = await get(user, '/api/user-badges?limit=1001');
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject({
      code: 'validation_error',
      field: 'limit',
      message: 'Sayfa boyutu geçersiz',
    });
    const category = await get(user, '/api/user-badges/summary?category=chess');
    expect(category.status).toBe(400);
    expect(category.body).toMatchObject({ field: 'category', message: 'Geçersiz kategori' });
  });

  it('is a 401 without a signed-in user', async () => {
    const res = await fetch(`${baseUrl}/api/user-badges/summary`);
    expect(res.status).toBe(401);
  });
});

describe('badge-worker', () => {
  it('adds correct answers to the 7 badges of the type and difficulty and completes the first at 50', async () => {
    const user = nextUser++;
    await publish(recorded(user, 20));
    await publish(recorded(user, 20));
    await publish(recorded(user, 15));

    const items = await waitFor(async () => {
      const list = await badgesOf(user, '&category=carpma');
      return list.find((i) => i.id === 'carpma.zor.novice')?.completed ? list : null;
    });
    const zor = items.filter((i) => i.badge.difficulty === 'zor');
    expect(zor.map((i) => i.progress)).toEqual([50, 55, 55, 55, 55, 55, 55]);
    expect(zor.map((i) => i.completed)).toEqual([true, false, false, false, false, false, false]);
    expect(zor[0]!.completedAt).not.toBeNull();
    expect(items.filter((i) => i.badge.difficulty !== 'zor').every((i) => i.progress === 0)).toBe(true);

    const completed = await badgesOf(user, '&completed=true');
    expect(completed.map((i) => i.id)).toEqual(['carpma.zor.novice']);

    const summary = await waitFor(async () => {
      const s = await get<BadgeSummary>(user, '/api/user-badges/summary');
      return s.body.completed === 1 ? s : null;
    });
    expect(summary.body).toEqual({ total: 175, completed: 1 });
    expect((await get<BadgeSummary>(user, '/api/user-badges/summary?category=carpma')).body).toEqual({
      total: 35,
      completed: 1,
    });
    expect((await get<BadgeSummary>(user, '/api/user-badges/summary?category=toplama')).body).toEqual({
      total: 35,
      completed: 0,
    });
  });

  it('counts the same event delivered twice once', async () => {
    const user = nextUser++;
    const event = recorded(user, 12, { gameType: 'kesirler', difficulty: 'kolay' });
    await publish(event);
    await publish(event);
    // Both deliveries settled (acked) means the duplicate was seen and skipped, not merely not yet handled.
    await waitFor(async () => (await badgesOf(user, '&category=kesirler')).some((i) => i.progress > 0));
    await waitFor(async () => (await unsettledMessages(env.vhost!, BADGES_QUEUE)) === 0, {
      timeoutMs: 20_000,
    });
    const { rows } = await env.pool.query<{ progress: number }>(
      'SELECT progress FROM badges.user_badges WHERE user_id = $1',
      [user],
    );
    expect(rows.map((r) => r.progress)).toEqual([12, 12, 12, 12, 12, 12, 12]);
    const processed = await env.pool.query('SELECT 1 FROM badges.processed_events WHERE event_id = $1', [
      event.id,
    ]);
    expect(processed.rowCount).toBe(1);
  });
  it('applies a retired version 1 event still in the queue exactly as its version 2 equivalent', async () => {
    const [fromV1, fromV2] = [nextUser++, nextUser++];
    const game = { gameType: 'çıkarma', difficulty: 'orta', questionsCount: 20, correctAnswers: 18 } as const;
    const v1 = gameRecordedV1(fromV1, game);
    await publish(v1);
    await publish(gameRecorded(fromV2, game));
    const progressOf = async (user: number) =>
      (
        await env.pool.query<{ badge_id: string; progress: number }>(
          'SELECT badge_id, progress FROM badges.user_badges WHERE user_id = $1 ORDER BY badge_id',
          [user],
        )
      ).rows.map((r) => [r.badge_id, r.progress]);
    const applied = await waitFor(async () => {
      const [a, b] = [await progressOf(fromV1), await progressOf(fromV2)];
      return a.length > 0 && b.length > 0 ? { a, b } : null;
    });
    expect(applied.a).toEqual(applied.b);
    expect(applied.a.map(([, progress]) => progress)).toEqual([18, 18, 18, 18, 18, 18, 18]);
    const processed = await env.pool.query('SELECT 1 FROM badges.processed_events WHERE event_id = $1', [
      v1.id,
    ]);
    expect(processed.rowCount).toBe(1);
  });
});

describe('the badge summary poll', () => {
  it('answers with a strong ETag and 304 when the client already has it', async () => {
    const user = nextUser++;
    const first = await get<BadgeSummary>(user, '/api/user-badges/summary');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ total: 175, completed: 0 });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(user, '/api/user-badges/summary', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('changes its ETag once a badge is completed', async () => {
    const user = nextUser++;
    const before = (await get(user, '/api/user-badges/summary')).headers.get('etag')!;
    await publish(recorded(user, 20, { difficulty: 'orta' }));
    await publish(recorded(user, 20, { difficulty: 'orta' }));
    await publish(recorded(user, 10, { difficulty: 'orta' }));
    const after = await waitFor(async () => {
      const res = await get(user, '/api/user-badges/summary', { 'if-none-match': before });
      return res.status === 200 ? res : null;
    });
    expect(after.body).toEqual({ total: 175, completed: 1 });
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it("answers the gateway's cold counts for many users in one call and fills Redis; nobody else may ask", async () => {
    const [a, b] = [nextUser++, nextUser++];
    await env.pool.query(
      `INSERT INTO badges.user_badges (user_id, badge_id, progress, completed, completed_at)
       VALUES ($1, 'bolme.kolay.novice', 50, true, now())`,
      [a],
    );
    const post = (userId: number | null, body: unknown, signedFor = BADGE_COUNTS_PATH) =>
      fetch(`${baseUrl}${BADGE_COUNTS_PATH}`, {
        method: 'POST',
        headers: {
          [IDENTITY_HEADER]: signIdentity(
            { userId, sessionId: null, lang: 'en', requestId: randomUUID(), ip: '' },
            TEST_INTERNAL_SECRET,
            { method: 'POST', path: signedFor },
          ),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const res = await post(null, { userIds: [a, b, a] });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ userId: number; counts: number[] }> };
    // SUMMARY_CATEGORIES order: all, then toplama, cikarma, carpma, bolme, kesirler; each user once.
    expect(items.sort((x, y) => x.userId - y.userId)).toEqual([
      { userId: a, counts: [1, 0, 0, 0, 1, 0] },
      { userId: b, counts: [0, 0, 0, 0, 0, 0] },
    ]);
    const redis = new Redis(env.config.REDIS_URL);
    try {
      await waitFor(
        async () => (await redis.get(badgeSummaryCacheKey(env.config.REDIS_PREFIX, a))) === '1,0,0,0,1,0',
      );
    } finally {
      redis.disconnect();
    }
    // A call on a user's behalf, one signed for another path, an unsigned one, and a bad body are refused.
    expect((await post(a, { userIds: [b] })).status).toBe(403);
    expect((await post(null, { userIds: [b] }, '/api/user-badges/summary')).status).toBe(401);
    expect((await fetch(`${baseUrl}${BADGE_COUNTS_PATH}`, { method: 'POST' })).status).toBe(401);
    const bad = await post(null, { userIds: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field?: string }).field).toBe('userIds');
  });

  it('recomputes from Postgres when the cache is empty (Redis flushed or evicted)', async () => {
    const user = nextUser++;
    await env.pool.query(
      `INSERT INTO badges.user_badges (user_id, badge_id, progress, completed, completed_at)
       VALUES ($1, 'bolme.kolay.novice', 50, true, now()), ($1, 'bolme.kolay.rookie', 50, false, NULL)`,
      [user],
    );
    expect((await get(user, '/api/user-badges/summary?category=bolme')).body).toEqual({
      total: 35,
      completed: 1,
    });
  });
});
