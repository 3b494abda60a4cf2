/**
 * The OpenAPI 3.1 document of the public API (served at /api/openapi.json, shown at /api/docs), generated from the
 * zod schemas the routes validate with. Every public route is one `Operation`; a test in the test stack compares
 * them with the services' routers, so a route cannot be added or removed without the document following.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorBodySchema } from '../schemas/index.js';
import { authOperations } from './auth-operations.js';
import { classesOperations } from './classes-operations.js';
import { metaOperations } from './meta-operations.js';

export { API_DOCS_ASSETS } from './meta-operations.js';

import { type Operation, openApiPath, statusesOf } from './operation.js';
import { resultsOperations } from './results-operations.js';

/** Every public operation, in the document's order. */
export const API_OPERATIONS: readonly Operation[] = [
  ...authOperations,
  ...resultsOperations,
  ...classesOperations,
  ...metaOperations,
];

const TAGS: Record<Operation['tag'], string> = {
  auth: 'Accounts and sessions: e-mail accounts, pupils’ sign-in by class code or QR card',
  profile: 'The signed-in user’s profile, photo and account deletion',
  'game-results': 'Finished games and the review of mistakes',
  statistics: 'Totals, weekly progress, fact fluency and outcome mastery (kept up to date by workers)',
  badges: 'The badge catalogue and the user’s progress',
  classes: 'A teacher’s classes, their join codes and reports',
  pupils: 'The pupils of a teacher’s class: accounts, pictures, QR cards, reports',
  assignments: 'Practice a teacher assigns to a class',
  meta: 'This document',
};

const ERROR_EXAMPLE = { code: 'validation_error', message: 'Bu alan zorunludur', field: 'email' };

const errorResponse = (status: number, description: string) => ({
  description,
  ...(status === 429
    ? {
        headers: {
          'Retry-After': {
            description: 'Seconds until a retry can succeed',
            schema: { type: 'integer' as const },
          },
        },
      }
    : {}),
  ...(status === 304
    ? {}
    : {
        content: {
          'application/json': {
            schema: errorBodySchema,
            example: { ...ERROR_EXAMPLE, code: codeOf(status) },
          },
        },
      }),
});

function codeOf(status: number): string {
  return (
    {
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      413: 'request_too_large',
      429: 'rate_limited',
    }[status] ?? (status === 503 ? 'service_unavailable' : status === 409 ? 'conflict' : 'validation_error')
  );
}

function register(registry: OpenAPIRegistry, op: Operation): void {
  const { ok } = op;
  const okContent = ok.contentType
    ? { [ok.contentType]: { schema: { type: 'string' as const, format: 'binary' } } }
    : ok.schema
      ? {
          'application/json': {
            schema: ok.schema,
            ...(ok.example === undefined ? {} : { example: ok.example }),
          },
        }
      : undefined;
  registry.registerPath({
    method: op.method,
    path: openApiPath(op.path),
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    security: op.access === 'public' ? [] : [{ session: [] }],
    request: {
      ...(op.params ? { params: z.object(op.params) } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.body
        ? {
            body: {
              required: true,
              content: {
                [op.body.contentType ?? 'application/json']: {
                  schema: op.body.schema,
                  example: op.body.example,
                },
              },
            },
          }
        : {}),
    },
    responses: {
      [ok.status]: { description: ok.description, ...(okContent ? { content: okContent } : {}) },
      ...Object.fromEntries(
        Object.entries(statusesOf(op)).map(([status, description]) => [
          status,
          Number(status) < 300
            ? { description, content: okContent }
            : errorResponse(Number(status), description),
        ]),
      ),
    },
  });
}

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | undefined;

export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'mg.sid',
    description:
      'The session cookie set by a sign-in (`logIn`, `signInPupil`, `signInPupilByLink`); sent by the browser.',
  });
  for (const op of API_OPERATIONS) register(registry, op);
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Math Games API',
      version: '1.0.0',
      description:
        'Free math games for primary-school pupils. Send `X-Lang: tr|en` for messages in that language. Every ' +
        'error has the body `ErrorBody`: a stable `code`, a translated `message` and, for bad input, the `field`.',
      license: { name: 'Free to use', url: '/faq' },
    },
    servers: [{ url: '/', description: 'The site that serves this document' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  });
  return cached;
}
