/** Sign-up, sign-in, password reset and e-mail links: the auth service's requests and answers. */
import { z } from 'zod';
import type { MessageKey } from '../message-catalogue.js';
import {
  emailSchema,
  langSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordSchema,
  usernameSchema,
} from './fields.js';
import { input, isoDateTime, k } from './shared.js';

export const TOKEN_MAX = 512;

/** `teacher`: may create classes (once verified); `pupil`: made by a teacher, no e-mail, signs in with pictures. */
export const USER_ROLES = ['user', 'teacher', 'pupil'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const confirmPasswordSchema = z
  .string({ error: k('confirm_password_too_short') })
  .min(PASSWORD_MIN, k('confirm_password_too_short'))
  .max(PASSWORD_MAX, k('confirm_password_too_long'));

const tokenSchema = (message: MessageKey) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TOKEN_MAX, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

export const loginRequestSchema = input({
  email: emailSchema,
  password: passwordSchema,
  /** "This is a shared computer": the session ends after 30 idle minutes and when the browser closes. */
  sharedDevice: z.boolean({ error: k('invalid_boolean') }).optional(),
}).meta({
  id: 'LoginRequest',
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Deleting one's own account: the password again (pupils cannot; their teacher removes them). */
export const deleteAccountRequestSchema = input({ password: passwordSchema }).meta({
  id: 'DeleteAccountRequest',
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What the API receives: the form without confirmPassword. */
export const registerRequestSchema = input({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Language of the verification e-mail; the gateway's language wins when absent. */
  lang: langSchema.optional(),
  /** "I am a teacher": the account gets the teacher role (it can create classes once the e-mail is verified). */
  teacher: z.boolean({ error: k('validation_error') }).optional(),
}).meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form: a mismatch is reported on confirmPassword. */
export const registerFormSchema = input({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
}).refine((v) => v.password === v.confirmPassword, {
  message: k('passwords_mismatch'),
  path: ['confirmPassword'],
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordRequestSchema = input({ email: emailSchema, lang: langSchema.optional() }).meta({
  id: 'ForgotPasswordRequest',
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordFormSchema = input({
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
}).refine((v) => v.password === v.confirmPassword, {
  message: k('passwords_mismatch'),
  path: ['confirmPassword'],
});

/** The token is required: `{ email, newPassword }` alone would let anyone reset anyone's password. */
export const resetPasswordRequestSchema = input({
  token: tokenSchema(k('reset_token_invalid')),
  newPassword: passwordSchema,
  email: emailSchema.optional(),
}).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * One-time link tokens travel in the link's fragment (`#token=`, never sent to a server) and reach the API in a
 * POST body, so no address bar, history, access log or error log holds them (docs/decisions/0046-link-tokens-in-fragment.md).
 */
export const verifyEmailRequestSchema = input({ token: tokenSchema(k('verification_token_invalid')) }).meta({
  id: 'VerifyEmailRequest',
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** The link an old address gets after an e-mail change: it puts the old address back. */
export const revertEmailChangeRequestSchema = input({
  token: tokenSchema(k('email_change_token_invalid')),
}).meta({ id: 'RevertEmailChangeRequest' });
export type RevertEmailChangeRequest = z.infer<typeof revertEmailChangeRequestSchema>;

export const validateResetTokenRequestSchema = input({ token: tokenSchema(k('reset_token_invalid')) }).meta({
  id: 'ValidateResetTokenRequest',
});
export type ValidateResetTokenRequest = z.infer<typeof validateResetTokenRequestSchema>;

export const tokenValidationResponseSchema = z
  .object({
    valid: z.boolean(),
    username: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'TokenValidationResponse' });
export type TokenValidationResponse = z.infer<typeof tokenValidationResponseSchema>;

export const currentUserSchema = z
  .object({
    id: z.number().int().positive(),
    username: z.string(),
    displayName: z.string().nullable(),
    /** Null for future class accounts without e-mail (the profile then shows email_not_found_error). */
    email: z.string().nullable(),
    about: z.string().nullable(),
    receiveNotifications: z.boolean(),
    avatarColor: z.string().nullable(),
    photoUrl: z.string().nullable(),
    isVerified: z.boolean(),
    role: z.enum(USER_ROLES),
    createdAt: isoDateTime,
    lastLogin: isoDateTime.nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registerResponseSchema = z
  .object({
    message: z.string(),
    user: z.object({ username: z.string(), email: z.string() }),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
