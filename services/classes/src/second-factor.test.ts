import { createPool, type Pool } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSecondFactor,
  RECOVERY_CODE_COUNT,
  startTotpEnrolment,
  TOTP_SETTINGS,
} from './domain/second-factor.js';

// Admins' second factor (docs/decisions/0062-admin-second-factor-totp.md), against the real tables as the classes
// service role, with codes made the way an authenticator app makes them (otpauth, from the enrolment's URI).

let env: TestEnvironment;
let role: Pool;
const keys = { sealingKey: 'test-sealing-key-0123456789abcdef' };

beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
  const url = new URL(env.env.DATABASE_URL!);
  url.username = 'mathgames_classes';
  url.password = '';
  role = createPool(url.toString(), { max: 2 });
});
afterAll(async () => {
  await role?.end();
  await env?.cleanup();
});

/** What the admin's app shows at `at` (ms), for the secret it scanned. */
const appCode = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), ...TOTP_SETTINGS }).generate({ timestamp: at });

/** A moment in the middle of a 30 s step, so ±1 step is unambiguous. */
const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;

describe('admin second factor (TOTP, recovery codes)', () => {
  it('enrols with an otpauth URI naming only the id; the secret is sealed and the recovery codes hashed', async () => {
    const started = await startTotpEnrolment(role, keys, 7001);
    if (!started.ok) throw new Error(started.reason);
    const uri = new URL(started.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/mathgames:admin-7001');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'mathgames',
      secret: started.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(started.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(started.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of started.recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const stored = await env.pool.query(
      `SELECT t.*, (SELECT array_agg(encode(code_hash, 'hex')) FROM classes.admin_recovery_codes r
                     WHERE r.user_id = t.user_id) AS hashes
         FROM classes.admin_totp t WHERE user_id = 7001`,
    );
    const text = JSON.stringify(stored.rows);
    expect(text).not.toContain(started.secret);
    for (const code of started.recoveryCodes) expect(text).not.toContain(code.replace('-', ''));
    expect(stored.rows[0]!.confirmed_at).toBeNull();
    expect(stored.rows[0]!.hashes).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it("confirms with the app's first code, accepts each step's code once, one step of drift either way", async () => {
    const started = await startTotpEnrolment(role, keys, 7002);
    if (!started.ok) throw new Error(started.reason);
    // Not confirmed yet: a recovery code opens nothing.
    expect(await checkSecondFactor(role, keys, 7002, started.recoveryCodes[0]!, T0)).toEqual({
      ok: false,
      reason: 'wrong_code',
    });
    const now = appCode(started.secret, T0);
    expect(await checkSecondFactor(role, keys, 7002, now, T0)).toEqual({ ok: true, by: 'totp' });
    const confirmed = await env.pool.query(
      'SELECT confirmed_at FROM classes.admin_totp WHERE user_id = 7002',
    );
    expect(confirmed.rows[0]!.confirmed_at).toBeInstanceOf(Date);
    // The same code again (a replay), and the step before, are refused.
    expect((await checkSecondFactor(role, keys, 7002, now, T0 + 1_000)).ok).toBe(false);
    expect((await checkSecondFactor(role, keys, 7002, appCode(started.secret, T0 - 30_000), T0)).ok).toBe(
      false,
    );
    // The next step's code (the phone a little ahead) is taken; two steps away is not.
    expect((await checkSecondFactor(role, keys, 7002, appCode(started.secret, T0 + 30_000), T0)).ok).toBe(
      true,
    );
    expect((await checkSecondFactor(role, keys, 7002, appCode(started.secret, T0 + 90_000), T0)).ok).toBe(
      false,
    );
    expect((await checkSecondFactor(role, keys, 7002, '000000', T0 + 60_000)).ok).toBe(
      appCode(started.secret, T0 + 60_000) === '000000',
    );
    // A confirmed factor is not replaced by enrolling again.
    expect(await startTotpEnrolment(role, keys, 7002)).toEqual({ ok: false, reason: 'already_enrolled' });
  });

  it('spends each recovery code once (spaces, dashes and case do not matter), only for its own admin', async () => {
    const started = await startTotpEnrolment(role, keys, 7003);
    if (!started.ok) throw new Error(started.reason);
    await checkSecondFactor(role, keys, 7003, appCode(started.secret, T0), T0);
    const [first, second] = started.recoveryCodes;
    expect(await checkSecondFactor(role, keys, 7003, first!, T0)).toEqual({ ok: true, by: 'recovery_code' });
    expect((await checkSecondFactor(role, keys, 7003, first!, T0)).ok).toBe(false);
    const typedLoosely = ` ${second!.replace('-', ' ').toLowerCase()} `;
    expect(await checkSecondFactor(role, keys, 7003, typedLoosely, T0)).toEqual({
      ok: true,
      by: 'recovery_code',
    });
    const other = await startTotpEnrolment(role, keys, 7004);
    if (!other.ok) throw new Error(other.reason);
    await checkSecondFactor(role, keys, 7004, appCode(other.secret, T0), T0);
    expect((await checkSecondFactor(role, keys, 7004, started.recoveryCodes[2]!, T0)).ok).toBe(false);
    const unused = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM classes.admin_recovery_codes WHERE user_id = 7003 AND used_at IS NULL',
    );
    expect(unused.rows[0]!.n).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it('enrolling again before confirming replaces the secret; another key or no enrolment opens nothing', async () => {
    const first = await startTotpEnrolment(role, keys, 7005);
    const second = await startTotpEnrolment(role, keys, 7005);
    if (!first.ok || !second.ok) throw new Error('enrolment refused');
    expect(second.secret).not.toBe(first.secret);
    expect((await checkSecondFactor(role, keys, 7005, appCode(first.secret, T0), T0)).ok).toBe(
      appCode(first.secret, T0) === appCode(second.secret, T0),
    );
    const codes = await env.pool.query('SELECT 1 FROM classes.admin_recovery_codes WHERE user_id = 7005');
    expect(codes.rowCount).toBe(RECOVERY_CODE_COUNT);
    expect(
      await checkSecondFactor(role, { sealingKey: 'another-key' }, 7005, appCode(second.secret, T0), T0),
    ).toEqual({ ok: false, reason: 'wrong_code' });
    expect(await checkSecondFactor(role, keys, 7005, appCode(second.secret, T0), T0)).toEqual({
      ok: true,
      by: 'totp',
    });
    expect(await checkSecondFactor(role, keys, 7999, '123456', T0)).toEqual({
      ok: false,
      reason: 'not_enrolled',
    });
  });
});
