import { createHmac } from 'node:crypto';
import { createBudgetLimiter, metricsRegistry } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A refusal: how many seconds until the caller may try again. */
export type LimitExceeded = { retryAfterSeconds: number };

type LimiterSpec = { points: number; durationSeconds: number };

// Tuned for classrooms: many pupils share one school IP, so per-IP budgets are wide; per-account budgets are
// what stop guessing. Blocks last minutes, never hours, so an attacker cannot lock a child out for long.
export const LIMITS = {
  /** Consecutive wrong passwords for one account from one IP: the 11th try within 15 min is refused. */
  loginAccountIp: { points: 10, durationSeconds: 15 * 60 },
  /** Wrong passwords for one account from anywhere: looser, so other IPs' attempts rarely lock the owner out. */
  loginAccount: { points: 50, durationSeconds: 15 * 60 },
  /** Wrong passwords from one IP across accounts (a whole school behind one address stays well under it). */
  loginIp: { points: 200, durationSeconds: 15 * 60 },
  registerIp: { points: 30, durationSeconds: 15 * 60 },
  /** Each register for a taken address mails its owner, so the address itself is limited too. */
  registerAccount: { points: 5, durationSeconds: 60 * 60 },
  forgotIp: { points: 30, durationSeconds: 15 * 60 },
  forgotAccount: { points: 5, durationSeconds: 60 * 60 },
  resetIp: { points: 30, durationSeconds: 15 * 60 },
  resetAccount: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Successful logins also cost an argon2 hash and a Redis session, so they are bounded too: per account far
   * above a child signing in on each class computer, per address above a whole school arriving at once.
   */
  loginSuccessAccount: { points: 30, durationSeconds: 15 * 60 },
  loginSuccessIp: { points: 600, durationSeconds: 15 * 60 },
  /** Wrong current passwords on a signed-in account (e-mail change): a stolen session cannot guess on. */
  currentPasswordUser: { points: 10, durationSeconds: 15 * 60 },
  /** Photo uploads per account (each decode costs CPU): far above a child trying a few pictures. */
  photoUploadUser: { points: 20, durationSeconds: 60 * 60 },
  /**
   * Wrong QR secrets (192 random bits: guessing is hopeless, so these bound load and noise, never a pupil): per
   * address a class's worth of old cards (past it that address's wrong secrets get 429), and from everywhere
   * together (past it wrong secrets are slowed and counted, nobody is refused; a right secret never is).
   */
  pupilLinkIp: { points: 30, durationSeconds: 15 * 60 },
  pupilLinkAll: { points: 3000, durationSeconds: 15 * 60 },
} satisfies Record<string, LimiterSpec>;

export type LimitName = keyof typeof LIMITS;

/**
 * How long a wrong QR secret waits for its answer while the budget of all addresses is spent: slows a flood from
 * many addresses without refusing anyone (docs/decisions/0041-sign-in-budgets-per-address.md).
 */
export const GLOBAL_BUDGET_SLOW_MS = 1_000;

/** Wrong QR secrets answered slowly because all addresses together passed `pupilLinkAll` (the alert SignInGuessingWide). */
export const wrongLinksSlowed = new Counter({
  name: 'auth_pupil_link_wrong_slowed_total',
  help: 'Wrong pupil QR secrets answered slowly because wrong secrets from all addresses together passed their budget',
  registers: [metricsRegistry],
});

/** How long a device that logged in successfully stays exempt from the per-account login budget. */
export const KNOWN_DEVICE_SECONDS = 30 * 24 * 60 * 60;

export class AbuseLimits {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;

  /**
   * `key` (a secret from config) keys the hash every budget is stored under: Redis never holds an e-mail or an
   * address in clear, and a guessed e-mail cannot be checked against a key without it.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly key: string,
    limits: Record<LimitName, LimiterSpec> = LIMITS,
  ) {
    this.limiters = Object.fromEntries(
      // While Redis is unreachable the budgets count in this process instead of failing logins with a 500.
      Object.entries(limits).map(([name, spec]) => [
        name,
        createBudgetLimiter(redis, `${prefix}auth:rl:${name}`, spec),
      ]),
    ) as unknown as Record<LimitName, RateLimiterRedis>;
  }

  /** Refuses when any of the named budgets is already spent; spends nothing (failures are charged after). */
  async check(keys: Partial<Record<LimitName, string>>): Promise<LimitExceeded | null> {
    let worst = 0;
    await Promise.all(
      Object.entries(keys).map(async ([name, key]) => {
        const limiter = this.limiters[name as LimitName];
        const state = await limiter.get(this.hashed(name, key!));
        if (state && state.consumedPoints >= limiter.points) worst = Math.max(worst, state.msBeforeNext);
      }),
    );
    return worst > 0 ? { retryAfterSeconds: Math.max(1, Math.ceil(worst / 1000)) } : null;
  }

  /** How many points of the budget this key has spent in its window (0 when Redis cannot say). */
  async spent(name: LimitName, key: string): Promise<number> {
    const state = await this.limiters[name].get(this.hashed(name, key)).catch(() => null);
    return state?.consumedPoints ?? 0;
  }

  /** Spends one point of each named budget; returns a refusal when this attempt went over one of them. */
  async consume(keys: Partial<Record<LimitName, string>>): Promise<LimitExceeded | null> {
    let worst = 0;
    await Promise.all(
      Object.entries(keys).map(async ([name, key]) => {
        try {
          await this.limiters[name as LimitName].consume(this.hashed(name, key!));
        } catch (result) {
          if (!(result instanceof RateLimiterRes)) throw result;
          worst = Math.max(worst, result.msBeforeNext);
        }
      }),
    );
    return worst > 0 ? { retryAfterSeconds: Math.max(1, Math.ceil(worst / 1000)) } : null;
  }

  /** Checks, then spends at once: for actions that cost the same whether they succeed (register, forgot). */
  async take(keys: Partial<Record<LimitName, string>>): Promise<LimitExceeded | null> {
    return (await this.check(keys)) ?? (await this.consume(keys));
  }

  /** Unknown when Redis cannot say: the device then simply gets the stricter budgets. */
  async isKnownDevice(account: string, ip: string): Promise<boolean> {
    try {
      return (await this.redis.exists(this.deviceKey(account, ip))) === 1;
    } catch {
      return false;
    }
  }

  async rememberDevice(account: string, ip: string): Promise<void> {
    await this.redis.set(this.deviceKey(account, ip), '1', 'EX', KNOWN_DEVICE_SECONDS).catch(() => undefined);
  }

  private deviceKey(account: string, ip: string): string {
    return `${this.prefix}auth:known-device:${normalise(account)}|${ip}`;
  }

  /** The Redis key part of a budget: a keyed hash of the normalised e-mail or address, per budget name. */
  hashed(name: string, key: string): string {
    return createHmac('sha256', this.key)
      .update(`abuse\0${name}\0${normalise(key)}`)
      .digest('base64url');
  }

  async reset(keys: Partial<Record<LimitName, string>>): Promise<void> {
    await Promise.all(
      Object.entries(keys).map(([name, key]) =>
        this.limiters[name as LimitName].delete(this.hashed(name, key!)),
      ),
    );
  }
}

/** E-mails compare case-insensitively everywhere, so "Ada@x.com" and "ada@x.com" share one budget. */
function normalise(key: string): string {
  return key.trim().toLowerCase();
}
