import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkPhoto,
  gameResultRequestSchema,
  loginRequestSchema,
  MAX_PHOTO_BYTES,
  profileUpdateRequestSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from './index.js';

function firstIssue(schema: z.ZodType, value: unknown): { path: string; message: string } | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return { path: i.path.join('.'), message: i.message };
}

describe('login', () => {
  it("names the field and the rule's message key", () => {
    expect(firstIssue(loginRequestSchema, { email: 'nope', password: 'secret1' })).toEqual({
      path: 'email',
      message: 'email_invalid',
    });
    expect(firstIssue(loginRequestSchema, { email: 'a@b.co', password: '12345' })).toEqual({
      path: 'password',
      message: 'password_too_short',
    });
    expect(firstIssue(loginRequestSchema, { email: 'a@b.co', password: 'x'.repeat(73) })?.message).toBe(
      'password_too_long',
    );
  });
  it('reports a missing e-mail as required, and normalises case and spaces', () => {
    expect(firstIssue(loginRequestSchema, { password: 'secret1' })?.message).toBe('email_required');
    expect(loginRequestSchema.parse({ email: '  Ali@Example.COM ', password: 'secret1' }).email).toBe(
      'ali@example.com',
    );
  });
});

describe('register form', () => {
  const ok = { username: 'ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts a good form', () => {
    expect(registerFormSchema.safeParse(ok).success).toBe(true);
  });
  it('shows a mismatch on confirmPassword', () => {
    expect(firstIssue(registerFormSchema, { ...ok, confirmPassword: 'secret2' })).toEqual({
      path: 'confirmPassword',
      message: 'passwords_mismatch',
    });
  });
  it('accepts Turkish letters and inner spaces in a username but not markup', () => {
    expect(registerFormSchema.parse({ ...ok, username: '  Çağla Öz ' }).username).toBe('Çağla Öz');
    expect(firstIssue(registerFormSchema, { ...ok, username: '<b>ada</b>' })?.message).toBe(
      'username_invalid',
    );
  });
  it('checks the username and the confirmation length', () => {
    expect(firstIssue(registerFormSchema, { ...ok, username: 'ab' })?.message).toBe('username_too_short');
    expect(firstIssue(registerFormSchema, { ...ok, confirmPassword: '123' })?.message).toBe(
      'confirm_password_too_short',
    );
  });
});

describe('reset password', () => {
  it('reports a mismatch on the confirmation field', () => {
    expect(
      firstIssue(resetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret9' })?.path,
    ).toBe('confirmPassword');
  });
  it('requires the token from the e-mail', () => {
    expect(firstIssue(resetPasswordRequestSchema, { newPassword: 'secret1', email: 'a@b.co' })).toEqual({
      path: 'token',
      message: 'reset_token_invalid',
    });
  });
  it('refuses an empty verification token', () => {
    expect(firstIssue(verifyEmailRequestSchema, { token: '' })?.message).toBe('verification_token_invalid');
  });
});

describe('profile and photo', () => {
  it('checks display name and about length', () => {
    expect(firstIssue(profileUpdateRequestSchema, { displayName: 'Al', email: 'a@b.co' })?.message).toBe(
      'display_name_too_short',
    );
    expect(
      firstIssue(profileUpdateRequestSchema, { displayName: 'Ali', email: 'a@b.co', about: 'x'.repeat(501) })
        ?.message,
    ).toBe('about_too_long');
  });
  it('accepts images up to 5 MB only', () => {
    expect(checkPhoto({ size: MAX_PHOTO_BYTES, type: 'image/png' })).toBeNull();
    expect(checkPhoto({ size: MAX_PHOTO_BYTES + 1, type: 'image/png' })).toBe('photo_too_large');
    expect(checkPhoto({ size: 10, type: 'image/svg+xml' })).toBe('photo_type_invalid');
    expect(checkPhoto({ size: 10, type: 'application/pdf' })).toBe('photo_type_invalid');
  });
});

describe('game result request', () => {
  const ok = {
    gameType: 'cikarma',
    difficulty: 'cok zor',
    questionsCount: 5,
    correctAnswers: 1,
    totalTime: 20,
    questions: [{ question: '7 - 5', answer: 2, userAnswer: 2, isCorrect: true }],
  };
  it('canonicalises aliases', () => {
    const r = gameResultRequestSchema.parse(ok);
    expect(r.gameType).toBe('çıkarma');
    expect(r.difficulty).toBe('çok zor');
  });
  it('refuses an unknown game type or a question count outside 5/10/15/20', () => {
    expect(firstIssue(gameResultRequestSchema, { ...ok, gameType: 'geometri' })).toEqual({
      path: 'gameType',
      message: 'invalid_game_type',
    });
    expect(firstIssue(gameResultRequestSchema, { ...ok, questionsCount: 7 })?.message).toBe(
      'invalid_question_count',
    );
  });
});

describe('bodies that are not objects', () => {
  it('give a plain validation_error, never an untranslated message', () => {
    expect(firstIssue(gameResultRequestSchema, null)).toEqual({ path: '', message: 'validation_error' });
    expect(firstIssue(loginRequestSchema, 'x')).toEqual({ path: '', message: 'validation_error' });
  });
});
