/** The OpenAPI 3 document of the public API, generated from the zod schemas (served at /api/openapi.json). */
import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { masteryResponseSchema } from './learning/mastery.js';
import {
  badgeSummaryQuerySchema,
  badgeSummarySchema,
  currentUserSchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  gameResultRequestSchema,
  gameResultResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  loginRequestSchema,
  MAX_PHOTO_BYTES,
  messageResponseSchema,
  photoResponseSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  revertEmailChangeRequestSchema,
  reviewAnswersRequestSchema,
  reviewScheduleResponseSchema,
  statisticsResponseSchema,
  tokenValidationResponseSchema,
  userBadgesQuerySchema,
  userBadgesResponseSchema,
  validateResetTokenRequestSchema,
  verifyEmailRequestSchema,
} from './schemas/index.js';

type Method = 'get' | 'post' | 'delete';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const errors = {
  400: json(errorBodySchema, 'Invalid input: `field` names it, `message` is in the caller’s language'),
  401: json(errorBodySchema, 'Not logged in'),
  429: json(errorBodySchema, 'Too many requests; see Retry-After'),
  503: json(errorBodySchema, 'A dependency is unavailable; try again'),
};

interface PathOptions {
  body?: z.ZodType;
  query?: z.ZodObject;
  ok: { status: number; schema?: z.ZodType; description: string };
  auth?: boolean;
}

type RegisterPath = (method: Method, p: string, summary: string, tag: string, opts: PathOptions) => void;

/** Registers JSON endpoints: the body or query, the success answer and the error answers every endpoint shares. */
function jsonPaths(registry: OpenAPIRegistry): RegisterPath {
  return (method, p, summary, tag, opts) => {
    registry.registerPath({
      method,
      path: p,
      summary,
      tags: [tag],
      ...(opts.auth ? { security: [{ session: [] }] } : {}),
      request: {
        ...(opts.query ? { query: opts.query } : {}),
        ...(opts.body
          ? { body: { required: true, content: { 'application/json': { schema: opts.body } } } }
          : {}),
      },
      responses: {
        [opts.ok.status]: opts.ok.schema
          ? json(opts.ok.schema, opts.ok.description)
          : { description: opts.ok.description },
        ...errors,
      },
    });
  };
}

function registerAuthPaths(path: RegisterPath): void {
  path('get', '/api/auth/me', 'The logged-in user', 'auth', {
    ok: { status: 200, schema: currentUserSchema, description: 'Current user' },
    auth: true,
  });
  path('post', '/api/auth/login', 'Log in', 'auth', {
    body: loginRequestSchema,
    ok: { status: 200, schema: currentUserSchema, description: 'Logged in; the session cookie is set' },
  });
  path('post', '/api/auth/register', 'Register (a verification e-mail follows)', 'auth', {
    body: registerRequestSchema,
    ok: {
      status: 201,
      schema: registerResponseSchema,
      description: 'Registered, or the e-mail owner was told',
    },
  });
  path('post', '/api/auth/logout', 'Log out', 'auth', {
    ok: { status: 200, schema: messageResponseSchema, description: 'Session ended' },
  });
  path('post', '/api/auth/forgot-password', 'Send a password reset link', 'auth', {
    body: forgotPasswordRequestSchema,
    ok: {
      status: 200,
      schema: messageResponseSchema,
      description: 'Same answer whether or not the e-mail exists',
    },
  });
  path(
    'post',
    '/api/auth/verify-email',
    "Verify an e-mail address (token from the link's fragment)",
    'auth',
    {
      body: verifyEmailRequestSchema,
      ok: { status: 200, schema: messageResponseSchema, description: 'Verified' },
    },
  );
  path('post', '/api/auth/validate-reset-token', 'Check a password reset link', 'auth', {
    body: validateResetTokenRequestSchema,
    ok: {
      status: 200,
      schema: tokenValidationResponseSchema,
      description: 'Whether the link can still be used',
    },
  });
  path('post', '/api/auth/reset-password', 'Set a new password with the token from the e-mail', 'auth', {
    body: resetPasswordRequestSchema,
    ok: { status: 200, schema: messageResponseSchema, description: 'Password changed; other sessions ended' },
  });
  path(
    'post',
    '/api/auth/revert-email-change',
    'Undo an e-mail change with the link sent to the old address',
    'auth',
    {
      body: revertEmailChangeRequestSchema,
      ok: {
        status: 200,
        schema: messageResponseSchema,
        description: 'Old address restored; every session ended',
      },
    },
  );
  path('post', '/api/auth/logout-everywhere', 'Log out of all devices', 'auth', {
    ok: { status: 200, schema: messageResponseSchema, description: 'Every session of the user ended' },
    auth: true,
  });
}

/** The photo upload is multipart/form-data, so it is registered without the JSON helper. */
function registerProfilePaths(registry: OpenAPIRegistry, path: RegisterPath): void {
  path('post', '/api/profile/update', 'Update the profile', 'profile', {
    body: profileUpdateRequestSchema,
    ok: { status: 200, schema: profileUpdateResponseSchema, description: 'Updated' },
    auth: true,
  });
  registry.registerPath({
    method: 'post',
    path: '/api/profile/photo',
    summary: `Upload a profile photo (JPEG, PNG, WebP or GIF, at most ${MAX_PHOTO_BYTES} bytes)`,
    tags: ['profile'],
    security: [{ session: [] }],
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({ photo: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
    },
    responses: {
      200: json(photoResponseSchema, 'Uploaded'),
      413: json(errorBodySchema, 'Too large'),
      ...errors,
    },
  });
  path('delete', '/api/profile/photo', 'Remove the profile photo', 'profile', {
    ok: { status: 200, schema: photoResponseSchema, description: 'Removed (photoUrl is null)' },
    auth: true,
  });
}

function registerGameResultPaths(path: RegisterPath): void {
  path('post', '/api/game-results', 'Save a finished game (re-checked on the server)', 'game-results', {
    body: gameResultRequestSchema,
    ok: { status: 201, schema: gameResultResponseSchema, description: 'Saved' },
    auth: true,
  });
  path('get', '/api/game-results', 'Game history, newest first', 'game-results', {
    query: historyQuerySchema,
    ok: { status: 200, schema: historyResponseSchema, description: 'A page of history' },
    auth: true,
  });
  path('get', '/api/game-results/review', 'Practice my mistakes: the Leitner schedule', 'game-results', {
    ok: { status: 200, schema: reviewScheduleResponseSchema, description: 'Due and later shapes' },
    auth: true,
  });
  path(
    'post',
    '/api/game-results/review',
    'Answers of a review: right → up a box, wrong → box 1',
    'game-results',
    {
      body: reviewAnswersRequestSchema,
      ok: { status: 200, schema: reviewScheduleResponseSchema, description: 'The schedule after the review' },
      auth: true,
    },
  );
}

function registerStatisticsPaths(path: RegisterPath): void {
  path('get', '/api/statistics', 'Totals, per-type performance and this week', 'statistics', {
    ok: { status: 200, schema: statisticsResponseSchema, description: 'Statistics' },
    auth: true,
  });
  path(
    'get',
    '/api/statistics/outcomes',
    'Mastery per outcome: my started outcomes and their checks',
    'statistics',
    {
      ok: {
        status: 200,
        schema: masteryResponseSchema,
        description: 'Started outcomes, in the outcome map order',
      },
      auth: true,
    },
  );
  path('post', '/api/statistics/resetWeeklyProgress', 'Start a new week (idempotent)', 'statistics', {
    ok: { status: 200, schema: messageResponseSchema, description: 'Reset' },
    auth: true,
  });
}

function registerBadgePaths(path: RegisterPath): void {
  path('get', '/api/user-badges', 'Badges with the user’s progress', 'badges', {
    query: userBadgesQuerySchema,
    ok: { status: 200, schema: userBadgesResponseSchema, description: 'Badges' },
    auth: true,
  });
  path('get', '/api/user-badges/summary', 'Completed and total badge counts', 'badges', {
    query: badgeSummaryQuerySchema,
    ok: { status: 200, schema: badgeSummarySchema, description: 'Summary' },
    auth: true,
  });
}

let cached: ReturnType<OpenApiGeneratorV3['generateDocument']> | undefined;

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV3['generateDocument']> {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'mg.sid',
    description: 'Session cookie set by POST /api/auth/login',
  });
  const path = jsonPaths(registry);
  registerAuthPaths(path);
  registerProfilePaths(registry, path);
  registerGameResultPaths(path);
  registerStatisticsPaths(path);
  registerBadgePaths(path);

  cached = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Math Games API',
      version: '1.0.0',
      description:
        'Free math games for primary-school pupils. Send X-Lang: tr|en for messages in that language.',
    },
    servers: [{ url: '/' }],
  });
  return cached;
}
