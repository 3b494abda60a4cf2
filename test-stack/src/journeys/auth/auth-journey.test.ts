import { currentUserSchema, translate } from '@mathgames/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, startAuthStack, tokenFrom } from './auth-stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

async function pngPhoto(): Promise<Blob> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22aa44' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

describe('the whole account journey through the gateway', () => {
  it('goes from registration to a password reset that ends every old session', async () => {
    const email = 'ada@example.com';
    const tab = stack.browser('en');

    // Register: 201, no session, and a verification mail in English.
    const registered = await tab.post('/api/auth/register', {
      username: 'Ada',
      email,
      password: 'first-pass',
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      message: translate('register_success', 'en'),
      user: { username: 'Ada', email },
    });
    expect((await tab.get('/api/auth/me')).status).toBe(401);

    const verifyMail = await stack.smtp.waitFor((m) => m.to.includes(email));
    expect(verifyMail.subject).toBe('Verify your e-mail address');
    expect(verifyMail.html).toContain('<html lang="en">');
    const verified = await tab.post('/api/auth/verify-email', {
      token: tokenFrom(verifyMail, '/verify-email'),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: translate('email_verified', 'en') });

    // Login: the current user, and a session cookie.
    const loggedIn = await tab.post('/api/auth/login', { email: 'ADA@example.com ', password: 'first-pass' });
    expect(loggedIn.status).toBe(200);
    const user = currentUserSchema.parse(loggedIn.body);
    expect(user).toMatchObject({ username: 'Ada', email, isVerified: true, photoUrl: null });
    expect(user.lastLogin).not.toBeNull();
    expect(tab.sessionCookie).toBeDefined();

    const me = await tab.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(loggedIn.body);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(me.body)).not.toMatch(/hash|token|argon/i);

    // Profile update.
    const updated = await tab.post('/api/profile/update', {
      displayName: 'Ada L.',
      email,
      about: 'I like fractions',
      receiveNotifications: false,
      avatarColor: '#7c3aed',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(translate('profile_updated', 'en'));
    expect(updated.body.user).toMatchObject({
      displayName: 'Ada L.',
      about: 'I like fractions',
      receiveNotifications: false,
      avatarColor: '#7c3aed',
      isVerified: true,
    });

    // Photo upload, served to its owner with long cache headers, then deleted.
    const form = new FormData();
    form.append('photo', await pngPhoto(), 'me.png');
    const uploaded = await tab.request<{ photoUrl: string }>('POST', '/api/profile/photo', { form });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.photoUrl).toMatch(/^\/api\/profile\/photos\/[A-Za-z0-9_-]{22}\.webp$/);
    expect((await tab.get('/api/auth/me')).body.photoUrl).toBe(uploaded.body.photoUrl);
    const photo = await tab.get(uploaded.body.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await sharp(photo.raw).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const deleted = await tab.request('DELETE', '/api/profile/photo');
    expect(deleted.status).toBe(200);
    expect((await tab.get('/api/auth/me')).body.photoUrl).toBeNull();
    expect((await tab.get(uploaded.body.photoUrl)).status).toBe(404);

    // A second device is logged in too; both must end with the reset.
    const phone = stack.browser('en');
    expect((await phone.post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(200);

    // Forgot → mail → validate → reset with the token from the mail.
    const forgot = await tab.post('/api/auth/forgot-password', { email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: translate('reset_link_sent_if_exists', 'en') });
    const resetMail = await stack.smtp.waitFor(
      (m) => m.to.includes(email) && m.text.includes('/reset-password#token='),
    );
    expect(resetMail.subject).toBe('Reset your password');
    const token = tokenFrom(resetMail, '/reset-password');
    const validation = await tab.post('/api/auth/validate-reset-token', { token });
    expect(validation.body).toEqual({ valid: true, username: 'Ada', email });

    const reset = await tab.post('/api/auth/reset-password', { token, newPassword: 'second-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: translate('password_reset_success', 'en') });

    // Old sessions are gone, on both devices.
    expect((await tab.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);

    // The old password no longer works, the new one does.
    expect((await tab.post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(401);
    const again = await tab.post('/api/auth/login', { email, password: 'second-pass' });
    expect(again.status).toBe(200);
    expect((await tab.get('/api/auth/me')).body).toMatchObject({ username: 'Ada', displayName: 'Ada L.' });
  });
});

describe('sessions', () => {
  it('rotates the session id on login and ends it on logout', async () => {
    const { username, email, password } = {
      username: 'rotor',
      email: 'rotor@example.com',
      password: 'spin-spin',
    };
    const tab = stack.browser();
    expect((await tab.post('/api/auth/register', { username, email, password })).status).toBe(201);

    expect((await tab.post('/api/auth/login', { email, password })).status).toBe(200);
    const first = tab.sessionCookie!;
    expect((await tab.post('/api/auth/login', { email, password })).status).toBe(200);
    const second = tab.sessionCookie!;
    expect(second).not.toBe(first);

    // The id from before the (second) login is worthless now.
    const stale = stack.browser();
    stale.cookies.set('mg.sid', first);
    expect((await stale.get('/api/auth/me')).status).toBe(401);
    expect((await tab.get('/api/auth/me')).status).toBe(200);

    const loggedOut = await tab.post('/api/auth/logout');
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body).toEqual({ message: translate('logged_out', 'tr') });
    const replay = stack.browser();
    replay.cookies.set('mg.sid', second);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
    expect((await tab.get('/api/auth/me')).status).toBe(401);
  });

  it('answers a wrong password and an unknown address with one generic message', async () => {
    const tab = stack.browser();
    await tab.post('/api/auth/register', {
      username: 'generic',
      email: 'generic@example.com',
      password: 'right-one',
    });
    const wrongPassword = await tab.post('/api/auth/login', {
      email: 'generic@example.com',
      password: 'wrong-one',
    });
    const unknownEmail = await tab.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-one',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      code: 'invalid_credentials',
      message: translate('invalid_credentials', 'tr'),
    });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });
});

describe('registration with an address that already has an account', () => {
  it('answers exactly like a success and mails the owner a notice instead', async () => {
    const owner = { username: 'first', email: 'taken@example.com', password: 'secret1' };
    expect((await stack.browser().post('/api/auth/register', owner)).status).toBe(201);
    await stack.smtp.waitFor((m) => m.to.includes(owner.email) && m.text.includes('/verify-email#token='));

    const fresh = await stack
      .browser('en')
      .post('/api/auth/register', { username: 'fresh', email: 'fresh@example.com', password: 'secret1' });
    const copycat = await stack.browser('en').post('/api/auth/register', {
      username: 'copycat',
      email: 'TAKEN@example.com',
      password: 'other-pass',
    });
    expect(copycat.status).toBe(fresh.status);
    expect(copycat.body).toEqual({
      message: fresh.body.message,
      user: { username: 'copycat', email: 'taken@example.com' },
    });

    const notice = await stack.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('zaten'));
    expect(notice.text).toContain('Merhaba first');
    const { rows } = await stack.pool.query(
      `SELECT username FROM auth.users WHERE lower(email) = 'taken@example.com'`,
    );
    expect(rows).toEqual([{ username: 'first' }]);
    // The copycat's password opens nothing.
    expect(
      (await stack.browser().post('/api/auth/login', { email: owner.email, password: 'other-pass' })).status,
    ).toBe(401);
  });
});
