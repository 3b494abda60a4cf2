import { purgePublishedOutbox } from '@mathgames/auth/testing';
import { type MessageKey, translate } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, type Reply, signUp, startAuthStack, tokenFrom } from './auth-stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

async function registerAndGetVerifyToken(username: string, email: string): Promise<string> {
  const reply = await stack.browser().post('/api/auth/register', { username, email, password: 'secret1' });
  expect(reply.status).toBe(201);
  const mail = await stack.smtp.waitFor(
    (m) => m.to.includes(email) && m.text.includes('/verify-email#token='),
  );
  return tokenFrom(mail, '/verify-email');
}

async function requestResetToken(email: string): Promise<string> {
  const before = stack.smtp.messages.length;
  expect((await stack.browser().post('/api/auth/forgot-password', { email })).status).toBe(200);
  const mail = await stack.smtp.waitFor(
    (m) =>
      stack.smtp.messages.indexOf(m) >= before &&
      m.to.includes(email) &&
      m.text.includes('/reset-password#token='),
  );
  return tokenFrom(mail, '/reset-password');
}

/** The status of a login with these credentials from a fresh browser. */
async function loginStatus(email: string, password: string): Promise<number> {
  return (await stack.browser().post('/api/auth/login', { email, password })).status;
}

/** A 400 that names the token field, with `key`'s message in `lang`. */
function expectTokenRefused(reply: Reply, key: MessageKey, lang: 'tr' | 'en') {
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ field: 'token', message: translate(key, lang) });
}

/** Moves a token's expiry into the past, as if its lifetime had run out. */
async function expire(email: string, purpose: 'verify_email' | 'reset_password'): Promise<void> {
  await stack.pool.query(
    `UPDATE auth.tokens SET expires_at = now() - interval '1 second' WHERE lower(email) = lower($1) AND purpose = $2`,
    [email, purpose],
  );
}

describe('verification tokens', () => {
  it('work once: the second use of the same link is refused', async () => {
    const token = await registerAndGetVerifyToken('once', 'once@example.com');
    const tab = stack.browser('en');
    expect((await tab.post('/api/auth/verify-email', { token })).status).toBe(200);
    const again = await tab.post('/api/auth/verify-email', { token });
    expectTokenRefused(again, 'verification_token_invalid', 'en');
  });

  it('are stored only as SHA-256 hashes, valid for 24 hours', async () => {
    const token = await registerAndGetVerifyToken('hashed', 'hashed@example.com');
    const { rows } = await stack.pool.query(
      `SELECT encode(token_hash, 'hex') AS hash, extract(epoch FROM expires_at - created_at) AS lifetime
         FROM auth.tokens WHERE email = 'hashed@example.com'`,
    );
    const { createHash } = await import('node:crypto');
    expect(rows).toEqual([
      { hash: createHash('sha256').update(token).digest('hex'), lifetime: expect.any(String) },
    ]);
    expect(Math.round(Number(rows[0].lifetime) / 3600)).toBe(24);
    const { rows: dump } = await stack.pool.query(`SELECT row_to_json(t)::text AS row FROM auth.tokens t`);
    expect(dump.map((r) => r.row).join()).not.toContain(token);
  });

  it('fail once expired', async () => {
    const token = await registerAndGetVerifyToken('late', 'late@example.com');
    await expire('late@example.com', 'verify_email');
    const reply = await stack.browser().post('/api/auth/verify-email', { token });
    expectTokenRefused(reply, 'verification_token_invalid', 'tr');
  });

  it('sent to an old address no longer verify once an e-mail change took effect', async () => {
    const oldToken = await registerAndGetVerifyToken('mover', 'mover@example.com');
    const tab = stack.browser();
    expect(
      (await tab.post('/api/auth/login', { email: 'mover@example.com', password: 'secret1' })).status,
    ).toBe(200);
    const changed = await tab.post('/api/profile/update', {
      displayName: 'Mover',
      email: 'moved@example.com',
      currentPassword: 'secret1',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: translate('email_change_pending_neutral', 'tr'),
      user: { email: 'mover@example.com' },
    });

    // The new address confirms; only then does the change happen and the old address hear about it.
    const newMail = await stack.smtp.waitFor((m) => m.to.includes('moved@example.com'));
    expect(
      (await tab.post('/api/auth/verify-email', { token: tokenFrom(newMail, '/verify-email') })).status,
    ).toBe(200);
    const notice = await stack.smtp.waitFor(
      (m) => m.to.includes('mover@example.com') && m.subject.includes('değişti'),
    );
    expect(notice.text).toContain('m•••@example.com');
    expect((await tab.post('/api/auth/verify-email', { token: oldToken })).status).toBe(400);
    expect((await tab.get('/api/auth/me')).body).toMatchObject({
      email: 'moved@example.com',
      isVerified: true,
    });
  });
});

describe('reset tokens', () => {
  it('work once', async () => {
    const tab = await signUp(stack, { username: 'resetter', email: 'resetter@example.com' });
    const token = await requestResetToken('resetter@example.com');
    expect((await tab.post('/api/auth/reset-password', { token, newPassword: 'brand-new' })).status).toBe(
      200,
    );

    const again = await stack
      .browser('en')
      .post('/api/auth/reset-password', { token, newPassword: 'stolen-one' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'invalid_token',
      field: 'token',
      message: translate('reset_token_invalid', 'en'),
    });
    expect((await stack.browser().post('/api/auth/validate-reset-token', { token })).body).toEqual({
      valid: false,
      username: null,
      email: null,
    });
    expect(await loginStatus('resetter@example.com', 'brand-new')).toBe(200);
  });

  it('fail once expired (after 1 hour)', async () => {
    await signUp(stack, { username: 'slowpoke', email: 'slowpoke@example.com' });
    const token = await requestResetToken('slowpoke@example.com');
    const { rows } = await stack.pool.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM auth.tokens WHERE purpose = 'reset_password' AND email = 'slowpoke@example.com'`,
    );
    expect(rows).toEqual([{ seconds: 3600 }]);
    await expire('slowpoke@example.com', 'reset_password');
    expect((await stack.browser().post('/api/auth/validate-reset-token', { token })).body).toMatchObject({
      valid: false,
    });
    const reply = await stack.browser().post('/api/auth/reset-password', { token, newPassword: 'too-late' });
    expect(reply.status).toBe(400);
    expect(await loginStatus('slowpoke@example.com', 'too-late')).toBe(401);
  });

  it('are required: the bare payload { email, newPassword } alone resets nothing', async () => {
    await signUp(stack, { username: 'victim', email: 'victim@example.com' });
    const attack = await stack.browser().post('/api/auth/reset-password', {
      email: 'victim@example.com',
      newPassword: 'attacker',
    });
    expectTokenRefused(attack, 'reset_token_invalid', 'tr');
    expect(await loginStatus('victim@example.com', 'attacker')).toBe(401);
  });

  it('with a different e-mail than the link was sent to are refused and stay usable', async () => {
    await signUp(stack, { username: 'careful', email: 'careful@example.com' });
    const token = await requestResetToken('careful@example.com');
    const wrong = await stack.browser().post('/api/auth/reset-password', {
      token,
      newPassword: 'whatever',
      email: 'someone@example.com',
    });
    expect(wrong.status).toBe(400);
    const right = await stack.browser().post('/api/auth/reset-password', {
      token,
      newPassword: 'whatever',
      email: 'careful@example.com',
    });
    expect(right.status).toBe(200);
  });
});

describe('raw tokens in the outbox', () => {
  it('are purged a day after the mail job was published', async () => {
    await registerAndGetVerifyToken('purged', 'purged@example.com');
    await stack.pool.query(
      `UPDATE auth.outbox SET published_at = now() - interval '25 hours' WHERE payload->>'email' = 'purged@example.com'`,
    );
    expect(await purgePublishedOutbox(stack.pool)).toBe(1);
    const { rows } = await stack.pool.query(
      `SELECT count(*)::int AS n FROM auth.outbox WHERE payload->>'email' = 'purged@example.com'`,
    );
    expect(rows[0].n).toBe(0);
    // Recent rows stay (a day of history to debug with).
    const { rows: recent } = await stack.pool.query(
      `SELECT count(*)::int AS n FROM auth.outbox WHERE published_at IS NOT NULL`,
    );
    expect(recent[0].n).toBeGreaterThan(0);
  });
});
