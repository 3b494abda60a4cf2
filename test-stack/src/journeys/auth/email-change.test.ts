import { translate } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack, tokenFrom } from './auth-stack.js';

// A stolen session alone cannot move an account to another address.
let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

const profile = (email: string, currentPassword?: string) => ({
  displayName: 'Deniz',
  email,
  ...(currentPassword === undefined ? {} : { currentPassword }),
});

describe('changing the e-mail address', () => {
  it('needs the current password, named on its field', async () => {
    const tab = await signUp(stack, {
      username: 'deniz',
      email: 'deniz@example.com',
      password: 'deniz-pass',
    });
    const missing = await tab.post('/api/profile/update', profile('thief@example.com'), { lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'validation_error',
      field: 'currentPassword',
      message: translate('current_password_required', 'en'),
    });
    const wrong = await tab.post('/api/profile/update', profile('thief@example.com', 'guess-guess'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      field: 'currentPassword',
      message: translate('current_password_wrong', 'tr'),
    });
    expect((await tab.get('/api/auth/me')).body).toMatchObject({ email: 'deniz@example.com' });
    expect(stack.smtp.messages.some((m) => m.to.includes('thief@example.com'))).toBe(false);
  });

  it('takes effect only when the new address opens its link; the old one gets a notice and a way back', async () => {
    const tab = await signUp(stack, { username: 'ece', email: 'ece@example.com', password: 'ece-password' });
    const asked = await tab.post('/api/profile/update', profile('ece-new@example.com', 'ece-password'));
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: translate('email_change_pending_neutral', 'tr'),
      user: { email: 'ece@example.com', isVerified: true },
    });
    // Until the link is opened, the account keeps its address (and forgot-password still goes there).
    expect((await tab.get('/api/auth/me')).body).toMatchObject({ email: 'ece@example.com' });

    const confirm = await stack.smtp.waitFor((m) => m.to.includes('ece-new@example.com'));
    const token = tokenFrom(confirm, '/verify-email');
    const confirmed = await stack.browser().post('/api/auth/verify-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ message: translate('email_changed', 'tr') });
    expect((await tab.get('/api/auth/me')).body).toMatchObject({
      email: 'ece-new@example.com',
      isVerified: true,
    });
    // Single use.
    expect((await stack.browser().post('/api/auth/verify-email', { token })).status).toBe(400);

    const notice = await stack.smtp.waitFor(
      (m) => m.to.includes('ece@example.com') && /değişti/.test(m.subject),
    );
    const revertToken = tokenFrom(notice, '/revert-email');
    const reverted = await stack.browser().post('/api/auth/revert-email-change', { token: revertToken });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ message: translate('email_change_reverted', 'tr') });
    // Whoever changed it is logged out everywhere; the address is back.
    expect((await tab.get('/api/auth/me')).status).toBe(401);
    const back = await stack
      .browser()
      .post('/api/auth/login', { email: 'ece@example.com', password: 'ece-password' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ email: 'ece@example.com' });
    expect((await stack.browser().post('/api/auth/revert-email-change', { token: revertToken })).status).toBe(
      400,
    );
  });

  it('answers the same whether or not the new address is taken, and mails a taken one nothing', async () => {
    await signUp(stack, { username: 'taken', email: 'taken@example.com' });
    const tab = await signUp(stack, {
      username: 'fatih',
      email: 'fatih@example.com',
      password: 'fatih-pass',
    });
    const sentBefore = stack.smtp.messages.filter((m) => m.to.includes('taken@example.com')).length;
    const taken = await tab.post('/api/profile/update', profile('Taken@Example.com', 'fatih-pass'));
    const free = await tab.post('/api/profile/update', profile('fatih-free@example.com', 'fatih-pass'));
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    await stack.smtp.waitFor((m) => m.to.includes('fatih-free@example.com'));
    expect(stack.smtp.messages.filter((m) => m.to.includes('taken@example.com')).length).toBe(sentBefore);
    expect((await tab.get('/api/auth/me')).body).toMatchObject({ email: 'fatih@example.com' });
  });
});
