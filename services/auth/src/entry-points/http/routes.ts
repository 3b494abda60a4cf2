import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  revertEmailChangeRequestSchema,
  translate,
  validateResetTokenRequestSchema,
  verifyEmailRequestSchema,
} from '@mathgames/contracts';
import {
  requireUser,
  SESSION_LOGIN_HEADER,
  SESSION_REVOKE_USER_HEADER,
  SESSION_SHARED_HEADER,
} from '@mathgames/platform';
import type { ErrorRequestHandler, Express } from 'express';
import {
  getCurrentUser,
  login,
  register,
  requestPasswordReset,
  resetPassword,
  revertEmailChange,
  validateResetToken,
  verifyEmail,
} from '../../domain/account.js';
import { type AuthDeps, RateLimitedError } from '../../domain/deps.js';
import { caller, text } from './caller.js';
import { profileRoutes } from './profile-routes.js';

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

    // One-time tokens arrive in the body, never the query (docs/decisions/0046-link-tokens-in-fragment.md).
    app.post('/api/auth/verify-email', async (req, res) => {
      const { token } = verifyEmailRequestSchema.parse(req.body);
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

    app.post('/api/auth/validate-reset-token', async (req, res) => {
      const { token } = validateResetTokenRequestSchema.parse(req.body);
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

    profileRoutes(ctx)(app);

    app.use(rateLimitedHandler);
  };
}
