import { DEV_PICTURE_KEY } from '@mathgames/platform';
import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../config.js';
import { hashPassword, PicturePasswords } from './passwords.js';

// docs/decisions/0055-keyed-picture-hash.md: picture passwords are an HMAC keyed with PICTURE_KEY.
const KEY = 'k'.repeat(40);
const pictures = new PicturePasswords(KEY);
const SECRET = 'moon:fish:kite';

describe('picture passwords', () => {
  it('store a keyed, salted hash that holds neither the pictures nor anything checkable without the key', async () => {
    const stored = pictures.hash(SECRET);
    expect(stored).toMatch(/^\$pk1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('moon');
    // Same pictures, another pupil: another hash.
    expect(pictures.hash(SECRET)).not.toBe(stored);
    expect(await pictures.verify(stored, SECRET)).toEqual({ valid: true, rehash: null });
    expect((await pictures.verify(stored, 'moon:fish:cat')).valid).toBe(false);
    // A leaked database with another key (or none): every guess fails.
    expect((await new PicturePasswords(`${KEY}x`).verify(stored, SECRET)).valid).toBe(false);
  });

  it('reads an unknown pupil, a malformed or a truncated hash as a wrong guess, never a throw', async () => {
    const stored = pictures.hash(SECRET);
    for (const bad of [null, undefined, '', '$pk1$', '$pk1$x$y', stored.slice(0, -2), 'plain'])
      expect(await pictures.verify(bad, SECRET)).toEqual({ valid: false, rehash: null });
  });

  it('still accepts an argon2id hash from before and hands back the keyed form to store', async () => {
    const old = await hashPassword(SECRET);
    const right = await pictures.verify(old, SECRET);
    expect(right.valid).toBe(true);
    expect(right.rehash).toMatch(/^\$pk1\$/);
    expect((await pictures.verify(right.rehash, SECRET)).valid).toBe(true);
    expect(await pictures.verify(old, 'moon:fish:cat')).toEqual({ valid: false, rehash: null });
  });

  it('costs well under a millisecond of CPU per check (argon2id took ~50 ms)', async () => {
    const stored = pictures.hash(SECRET);
    const start = process.cpuUsage();
    for (let i = 0; i < 1000; i++) await pictures.verify(stored, i % 2 ? SECRET : 'moon:fish:cat');
    const used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000 / 1000).toBeLessThan(1);
  });
});

describe('PICTURE_KEY', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://auth:pw@postgres.example.org:5432/mathgames',
    REDIS_URL: 'redis://redis.example.org:6379',
    AMQP_URL: 'amqp://u:pw@rabbitmq.example.org:5672',
    INTERNAL_SECRET: 'i'.repeat(40),
    MAIL_TOKEN_KEY: 'm'.repeat(40),
    PICTURE_KEY: 'p'.repeat(40),
  };

  it('is required in production, and the development value and short keys are refused', () => {
    expect(loadAuthConfig(production).PICTURE_KEY).toBe('p'.repeat(40));
    expect(() => loadAuthConfig({ ...production, PICTURE_KEY: '' })).toThrow(/PICTURE_KEY/);
    expect(() => loadAuthConfig({ ...production, PICTURE_KEY: DEV_PICTURE_KEY })).toThrow(/PICTURE_KEY/);
    expect(() => loadAuthConfig({ ...production, PICTURE_KEY: 'short' })).toThrow(/PICTURE_KEY/);
  });

  it('defaults to the development value outside production', () => {
    expect(loadAuthConfig({}).PICTURE_KEY).toBe(DEV_PICTURE_KEY);
  });
});
