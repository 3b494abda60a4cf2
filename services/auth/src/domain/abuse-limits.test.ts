import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbuseLimits, LIMITS, type LimitName } from './abuse-limits.js';

let environment: TestEnvironment;
let redis: Redis;
let prefix: string;
const tight = Object.fromEntries(
  Object.keys(LIMITS).map((name) => [name, { points: 3, durationSeconds: 60 }]),
) as Record<LimitName, { points: number; durationSeconds: number }>;

beforeAll(async () => {
  environment = await createTestEnvironment({ migrate: false, amqp: false });
  redis = new Redis(environment.env.REDIS_URL!);
  prefix = environment.env.REDIS_PREFIX!;
});
afterAll(async () => {
  redis?.disconnect();
  await environment?.cleanup();
});

describe('abuse limits', () => {
  it('refuse once a budget is spent, naming the seconds to wait', async () => {
    const limits = new AbuseLimits(redis, prefix, 'test-key', tight);
    for (let i = 0; i < 3; i++) expect(await limits.take({ registerIp: '10.0.0.1' })).toBeNull();
    const refused = await limits.take({ registerIp: '10.0.0.1' });
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another IP has its own budget.
    expect(await limits.take({ registerIp: '10.0.0.2' })).toBeNull();
  });

  it('treat addresses case-insensitively, so changing case buys no extra tries', async () => {
    const limits = new AbuseLimits(redis, prefix, 'test-key', tight);
    await limits.consume({ forgotAccount: 'Kid@Example.com' });
    await limits.consume({ forgotAccount: 'kid@example.com' });
    await limits.consume({ forgotAccount: 'KID@EXAMPLE.COM' });
    expect(await limits.check({ forgotAccount: 'kid@example.com' })).not.toBeNull();
  });

  it('store no e-mail or address in Redis: every budget is keyed by a keyed hash', async () => {
    const limits = new AbuseLimits(redis, prefix, 'test-key', tight);
    await limits.consume({ loginAccountIp: 'Kid@Example.com|10.7.0.1', loginAccount: 'Kid@Example.com' });
    await limits.consume({ loginIp: '10.7.0.1', pupilLinkIp: '2001:db8:1:2::/64' });
    const keys = await redis.keys(`${prefix}auth:rl:*`);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const key of keys) {
      expect(key).not.toMatch(/kid@example\.com|10\.7\.0\.1|2001:db8/i);
      expect(await redis.get(key)).not.toMatch(/kid@example\.com|10\.7\.0\.1|2001:db8/i);
    }
    // The same person under another key is another budget: without the key a stored hash names nobody.
    const otherKey = new AbuseLimits(redis, prefix, 'another-key', tight);
    expect(otherKey.hashed('loginAccount', 'kid@example.com')).not.toBe(
      limits.hashed('loginAccount', 'kid@example.com'),
    );
  });

  it('keep working in memory while Redis is unreachable, instead of failing the request', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    dead.on('error', () => {});
    const limits = new AbuseLimits(dead, prefix, 'test-key', tight);
    for (let i = 0; i < 3; i++) expect(await limits.consume({ loginIp: '10.9.0.1' })).toBeNull();
    expect(await limits.consume({ loginIp: '10.9.0.1' })).not.toBeNull();
    expect(await limits.isKnownDevice('kid@example.com', '10.9.0.1')).toBe(false);
    await expect(limits.rememberDevice('kid@example.com', '10.9.0.1')).resolves.toBeUndefined();
    dead.disconnect();
  });
});
