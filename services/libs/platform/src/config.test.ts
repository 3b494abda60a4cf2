import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, configLoader, DEFAULT_PORTS, DEV_INTERNAL_SECRET, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('points at the local services by default', () => {
    const config = loadConfig({}, {});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mathgames',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'mg:',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      TIME_ZONE: 'Europe/Istanbul',
      INTERNAL_SECRET: DEV_INTERNAL_SECRET,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('lets a deployable add and override variables, and treats empty strings as unset', () => {
    const config = loadConfig(
      { PORT: z.coerce.number().default(4001), AUTH_URL: z.url() },
      {
        AUTH_URL: 'http://127.0.0.1:4001',
        SMTP_URL: '',
      },
    );
    expect(config.PORT).toBe(4001);
    expect(config.AUTH_URL).toBe('http://127.0.0.1:4001');
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('refuses the development secrets and short secrets in production', () => {
    expect(() => loadConfig({}, { NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: the development default is refused[\s\S]*INTERNAL_SECRET: the development default is refused/,
    );
    expect(() =>
      loadConfig({}, { NODE_ENV: 'production', SESSION_SECRET: 'short', INTERNAL_SECRET: 'x'.repeat(40) }),
    ).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    const strong = loadConfig(
      {},
      { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), INTERNAL_SECRET: 'i'.repeat(32) },
    );
    expect(strong.NODE_ENV).toBe('production');
  });

  it('lists every bad variable in one readable error, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig(
        {},
        { DATABASE_URL: 'mysql://nope', PORT: 'eighty', TIME_ZONE: 'Mars/Olympus', SESSION_SECRET: '' },
      );
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'TIME_ZONE']);
    expect(message).toContain('"mysql://nope"');
  });
});

describe('configLoader', () => {
  it("gives each deployable its own default PORT, which PORT overrides, and the deployable's extra keys", () => {
    const loadClasses = configLoader('classes', { AUTH_URL: z.url().default('http://127.0.0.1:4001') });
    expect(loadClasses({})).toMatchObject({ PORT: DEFAULT_PORTS.classes, AUTH_URL: 'http://127.0.0.1:4001' });
    expect(loadClasses({ PORT: '5004' }).PORT).toBe(5004);
    expect(configLoader('badge-worker')({}).PORT).toBe(4013);
  });

  it("refuses production without the deployable's own secret needs", () => {
    expect(() => configLoader('badges')({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });
});
