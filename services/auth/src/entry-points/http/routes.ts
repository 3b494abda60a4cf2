import {
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  MAX_PHOTO_BYTES,
  PHOTO_FIELD,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  revertEmailChangeRequestSchema,
  translate,
  validateResetTokenQuerySchema,
  verifyEmailQuerySchema,
} from '@mathgames/contracts';
import {
  AppError,
  requireUser,
  SESSION_LOGIN_HEADER,
  SESSION_REVOKE_USER_HEADER,
  SESSION_SHARED_HEADER,
} from '@mathgames/platform';
import type { ErrorRequestHandler, Express, Request, RequestHandler } from 'express';
import multer from 'multer';
import {
  type Caller,
  getCurrentUser,
  login,
  register,
  requestPasswordReset,
  resetPassword,
  revertEmailChange,
  validateResetToken,
  verifyEmail,
} from '../../domain/account.js';
import { deleteOwnAccount } from '../../domain/account-deletion.js';
import { type AuthDeps, RateLimitedError } from '../../domain/deps.js';
import { readPhoto, removePhoto, updateProfile, uploadPhoto } from '../../domain/profile.js';

const PHOTO_FILE = /^([A-Za-z0-9_-]{22})\.webp$/;

const caller = (req: Request): Caller => ({ ip: req.identity.ip, lang: req.identity.lang });
const text = (req: Request, key: Parameters<typeof translate>[0]) => translate(key, req.identity.lang);

function photoError(messageKey: 'photo_too_large' | 'photo_type_invalid' | 'photo_required') {
  return new AppError(400, 'validation_error', messageKey, PHOTO_FIELD);
}

/** One file in memory, at most 5 MB: the stream is cut as soon as it passes the limit. */
function acceptPhoto(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  }).single(PHOTO_FIELD);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(photoError('photo_too_large'));
      // Wrong field name, several files, a malformed body: all "pick one image" to the child.
      next(photoError('photo_type_invalid'));
    });
  };
}

/**
 * The web app drops confirmPassword before sending, but one that sends it gets the form's rules
 * (6 to 72, must match) checked here too, reported on confirmPassword.
 */
function confirmationMatches(body: unknown, password: string): void {
  if (typeof body !== 'object' || body === null || !('confirmPassword' in body)) return;
  resetPasswordFormSchema.parse({
    password,
    confirmPassword: (body as { confirmPassword: unknown }).confirmPassword,
  });
}

/** 429 with the wait both in Retry-After and the body; other errors go to the platform handler. */
const rateLimitedHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof RateLimitedError)) return next(err);
  const seconds = err.retryAfterSeconds;
  res
    .status(429)
    .set('Retry-After', String(seconds))
    .json({
      code: 'rate_limited',
      message: translate('rate_limited', req.identity.lang, { seconds }),
      retryAfter: seconds,
      retryAfterSeconds: seconds,
    });
};

export function authRoutes(ctx: AuthDeps) {
  return (app: Express) => {
    // Personal data: never cached by the browser or a proxy (the photo route sets its own caching).
    app.use((_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    });

    app.get('/api/auth/me', async (req, res) => {
      res.json(await getCurrentUser(ctx, requireUser(req)));
    });

    app.post('/api/auth/register', async (req, res) => {
      const input = registerRequestSchema.parse(req.body);
      confirmationMatches(req.body, input.password);
      await register(ctx, input, caller(req));
      // Identical whether or not the e-mail already had an account.
      res.status(201).json({
        message: text(req, 'register_success'),
        user: { username: input.username, email: input.email },
      });
    });

    app.post('/api/auth/login', async (req, res) => {
      const input = loginRequestSchema.parse(req.body);
      const { userId, user } = await login(ctx, input, caller(req));
      res.set(SESSION_LOGIN_HEADER, String(userId));
      if (input.sharedDevice) res.set(SESSION_SHARED_HEADER, '1');
      res.json(user);
    });

    app.get('/api/auth/verify-email', async (req, res) => {
      const { token } = verifyEmailQuerySchema.parse(req.query);
      const outcome = await verifyEmail(ctx, token);
      res.json({ message: text(req, outcome === 'email_changed' ? 'email_changed' : 'email_verified') });
    });

    app.post('/api/auth/revert-email-change', async (req, res) => {
      const { token } = revertEmailChangeRequestSchema.parse(req.body);
      const userId = await revertEmailChange(ctx, token);
      res
        .set(SESSION_REVOKE_USER_HEADER, String(userId))
        .json({ message: text(req, 'email_change_reverted') });
    });

    app.post('/api/auth/forgot-password', async (req, res) => {
      const { email } = forgotPasswordRequestSchema.parse(req.body);
      await requestPasswordReset(ctx, email, caller(req));
      res.json({ message: text(req, 'reset_link_sent_if_exists') });
    });

    app.get('/api/auth/validate-reset-token', async (req, res) => {
      const { token } = validateResetTokenQuerySchema.parse(req.query);
      res.json(await validateResetToken(ctx, token));
    });

    app.post('/api/auth/reset-password', async (req, res) => {
      const input = resetPasswordRequestSchema.parse(req.body);
      confirmationMatches(req.body, input.newPassword);
      const userId = await resetPassword(ctx, input, caller(req));
      res
        .set(SESSION_REVOKE_USER_HEADER, String(userId))
        .json({ message: text(req, 'password_reset_success') });
    });

    // "Log out of all devices": the gateway drops every session of the user on this directive, this one too.
    app.post('/api/auth/logout-everywhere', (req, res) => {
      const userId = requireUser(req);
      res
        .set(SESSION_REVOKE_USER_HEADER, String(userId))
        .json({ message: text(req, 'logged_out_everywhere') });
    });

    app.post('/api/profile/update', async (req, res) => {
      const userId = requireUser(req);
      const input = profileUpdateRequestSchema.parse(req.body);
      const { user, emailChangeRequested } = await updateProfile(ctx, userId, input, caller(req));
      res.json({
        message: text(req, emailChangeRequested ? 'email_change_pending_neutral' : 'profile_updated'),
        user,
      });
    });

    app.post('/api/profile/delete', async (req, res) => {
      const userId = requireUser(req);
      const { password } = deleteAccountRequestSchema.parse(req.body);
      await deleteOwnAccount(ctx, userId, password, caller(req).ip);
      // The gateway ends this session too (and every other one of the user).
      res.set(SESSION_REVOKE_USER_HEADER, String(userId)).json({ message: text(req, 'account_deleted') });
    });

    // Signed-in check first: an anonymous upload is refused before a byte of it is buffered.
    const signedIn: RequestHandler = (req, _res, next) => {
      requireUser(req);
      next();
    };
    app.post('/api/profile/photo', signedIn, acceptPhoto(), async (req, res) => {
      const userId = requireUser(req);
      if (!req.file || req.file.size === 0) throw photoError('photo_required');
      const photoUrl = await uploadPhoto(ctx, userId, req.file.buffer);
      res.json({ photoUrl, message: text(req, 'photo_uploaded') });
    });

    app.delete('/api/profile/photo', async (req, res) => {
      await removePhoto(ctx, requireUser(req));
      res.json({ photoUrl: null, message: text(req, 'photo_deleted') });
    });

    app.get('/api/profile/photos/:file', async (req, res) => {
      const userId = requireUser(req);
      const version = PHOTO_FILE.exec(req.params.file ?? '')?.[1];
      if (!version) throw new AppError(404, 'not_found');
      const content = await readPhoto(ctx, userId, version);
      res
        .set({
          'Content-Type': 'image/webp',
          // The URL changes with the photo, so the browser may keep it forever; private: never in shared caches.
          'Cache-Control': 'private, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'",
        })
        .send(content);
    });

    app.use(rateLimitedHandler);
  };
}
