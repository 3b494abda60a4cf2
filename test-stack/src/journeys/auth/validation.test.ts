import { type MessageKey, translate } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, type Browser, signUp, startAuthStack } from './auth-stack.js';

let stack: AuthStack;
let member: Browser;

beforeAll(async () => {
  stack = await startAuthStack();
  member = await signUp(stack, { username: 'validator', email: 'validator@example.com' });
});
afterAll(async () => {
  await stack?.close();
});

const long = (n: number) => 'x'.repeat(n);
const login = { email: 'kid@example.com', password: 'secret1' };
const register = { username: 'kid', email: 'kid@example.com', password: 'secret1' };
const profile = { displayName: 'Kid Name', email: 'validator@example.com', about: 'hi' };
const token = 'a'.repeat(43);

type Case = [rule: string, path: string, body: unknown, field: string, key: MessageKey];

// docs/product-rules.md#validation, one row per rule; the same table runs in both languages.
const cases: Case[] = [
  [
    'login: e-mail must be valid',
    '/api/auth/login',
    { ...login, email: 'not-an-email' },
    'email',
    'email_invalid',
  ],
  [
    'login: password at least 6',
    '/api/auth/login',
    { ...login, password: '12345' },
    'password',
    'password_too_short',
  ],
  [
    'login: password at most 72',
    '/api/auth/login',
    { ...login, password: long(73) },
    'password',
    'password_too_long',
  ],
  [
    'register: username at least 3',
    '/api/auth/register',
    { ...register, username: 'ab' },
    'username',
    'username_too_short',
  ],
  [
    'register: username required',
    '/api/auth/register',
    { ...register, username: undefined },
    'username',
    'username_required',
  ],
  [
    'register: e-mail must be valid',
    '/api/auth/register',
    { ...register, email: 'kid@' },
    'email',
    'email_invalid',
  ],
  [
    'register: e-mail required',
    '/api/auth/register',
    { ...register, email: undefined },
    'email',
    'email_required',
  ],
  [
    'register: password at least 6',
    '/api/auth/register',
    { ...register, password: '123' },
    'password',
    'password_too_short',
  ],
  [
    'register: password at most 72',
    '/api/auth/register',
    { ...register, password: long(73) },
    'password',
    'password_too_long',
  ],
  [
    'register: confirmation at least 6',
    '/api/auth/register',
    { ...register, confirmPassword: '123' },
    'confirmPassword',
    'confirm_password_too_short',
  ],
  [
    'register: confirmation at most 72',
    '/api/auth/register',
    { ...register, confirmPassword: long(73) },
    'confirmPassword',
    'confirm_password_too_long',
  ],
  [
    'register: passwords must match, on the confirmation',
    '/api/auth/register',
    { ...register, confirmPassword: 'secret2' },
    'confirmPassword',
    'passwords_mismatch',
  ],
  ['forgot: e-mail must be valid', '/api/auth/forgot-password', { email: 'nope' }, 'email', 'email_invalid'],
  [
    'reset: token required',
    '/api/auth/reset-password',
    { newPassword: 'secret1' },
    'token',
    'reset_token_invalid',
  ],
  [
    'reset: password at least 6',
    '/api/auth/reset-password',
    { token, newPassword: '1' },
    'newPassword',
    'password_too_short',
  ],
  [
    'reset: password at most 72',
    '/api/auth/reset-password',
    { token, newPassword: long(73) },
    'newPassword',
    'password_too_long',
  ],
  [
    'reset: confirmation at least 6',
    '/api/auth/reset-password',
    { token, newPassword: 'secret1', confirmPassword: '1' },
    'confirmPassword',
    'confirm_password_too_short',
  ],
  [
    'reset: passwords must match, on the confirmation',
    '/api/auth/reset-password',
    { token, newPassword: 'secret1', confirmPassword: 'secret2' },
    'confirmPassword',
    'passwords_mismatch',
  ],
  [
    'profile: display name at least 3',
    '/api/profile/update',
    { ...profile, displayName: 'Al' },
    'displayName',
    'display_name_too_short',
  ],
  [
    'profile: e-mail must be valid',
    '/api/profile/update',
    { ...profile, email: 'x@y' },
    'email',
    'email_invalid',
  ],
  [
    'profile: about at most 500',
    '/api/profile/update',
    { ...profile, about: long(501) },
    'about',
    'about_too_long',
  ],
  [
    'profile: receiveNotifications is a boolean',
    '/api/profile/update',
    { ...profile, receiveNotifications: 'yes' },
    'receiveNotifications',
    'invalid_boolean',
  ],
  [
    'profile: avatarColor is a colour string',
    '/api/profile/update',
    { ...profile, avatarColor: 42 },
    'avatarColor',
    'avatar_color_invalid',
  ],
];

describe.each(['tr', 'en'] as const)('every validation rule of product-rules.md#validation (%s)', (lang) => {
  it.each(cases)('%s → 400 naming the field', async (_rule, path, body, field, key) => {
    const reply = await member.post(path, body, { lang });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'validation_error', field, message: translate(key, lang) });
  });

  it("verification: a missing token → 400 with the rule's message", async () => {
    const reply = await member.post('/api/auth/verify-email', {}, { lang });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 'validation_error',
      field: 'token',
      message: translate('verification_token_invalid', lang),
    });
  });

  it("verification: an unknown token → 400 with the rule's message", async () => {
    const reply = await member.post('/api/auth/verify-email', { token }, { lang });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      field: 'token',
      message: translate('verification_token_invalid', lang),
    });
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const broken = await fetch(new URL('/api/auth/login', stack.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': lang },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'invalid_json' });
  });
});

describe('conflicts', () => {
  it('a taken username is a 409 with a clear message, whatever its case', async () => {
    const reply = await stack.browser('en').post('/api/auth/register', {
      username: 'VALIDATOR',
      email: 'someone-else@example.com',
      password: 'secret1',
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      code: 'username_taken',
      field: 'username',
      message: translate('username_taken', 'en'),
    });
  });

  it('changing the profile e-mail to a taken one answers like a free one and changes nothing', async () => {
    await stack
      .browser()
      .post('/api/auth/register', { username: 'other', email: 'other@example.com', password: 'secret1' });
    const taken = await member.post('/api/profile/update', {
      ...profile,
      email: 'Other@Example.com',
      currentPassword: 'correct horse',
    });
    const free = await member.post('/api/profile/update', {
      ...profile,
      email: 'free-address@example.com',
      currentPassword: 'correct horse',
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    expect(taken.body.message).toBe(translate('email_change_pending_neutral', 'tr'));
  });

  it('profile and photo calls without a session are 401', async () => {
    const anonymous = stack.browser();
    expect((await anonymous.post('/api/profile/update', profile)).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/profile/photo')).status).toBe(401);
    expect((await anonymous.get('/api/auth/me')).body).toEqual({
      code: 'unauthorized',
      message: translate('unauthorized', 'tr'),
    });
  });
});
