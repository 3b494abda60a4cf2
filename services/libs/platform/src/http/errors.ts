import type { Lang } from '@mathgames/contracts';
import type { ErrorRequestHandler, Request } from 'express';
import { ZodError } from 'zod';
import { classifyFailure } from '../failures.js';
import type { Logger } from '../logger.js';
import { translateMessage } from './error-messages.js';

/** The one error type: an HTTP status, a stable machine code, and the catalogue key of the text users see. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey?: string,
    readonly field?: string,
    options?: { cause?: unknown; vars?: Record<string, unknown> },
  ) {
    super(messageKey ?? code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.vars = options?.vars;
  }
  readonly vars: Record<string, unknown> | undefined;
}

export interface ErrorBody {
  code: string;
  message: string;
  field?: string;
}

/** Seconds a client is asked to wait (Retry-After) when a dependency is down: about one failover. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * True when `err` (or its cause) says a dependency (Postgres, Redis) cannot be reached right now: the request was
 * fine and may succeed when retried, so it is a 503, never a 500. The same rule as the consumers' retries
 * (`classifyFailure` in failures.ts): one list of what counts as "away".
 */
export function isUnavailableError(err: unknown): boolean {
  return classifyFailure(err) === 'transient';
}

function requestLang(req: Request): Lang {
  return req.identity?.lang ?? 'tr';
}

/** Maps any thrown value to `{ code, message, field? }`. Bad input is always a 4xx; only bugs become 500. */
export function toErrorResponse(err: unknown, lang: Lang): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    const body: ErrorBody = {
      code: err.code,
      message: translateMessage(err.messageKey ?? err.code, lang, err.vars),
    };
    if (err.field) body.field = err.field;
    return { status: err.status, body };
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    // An issue at the root (no body, not an object, not JSON as declared) names the body itself.
    const field = issue?.path.map(String).join('.') || 'body';
    const key = issue?.message ?? 'validation_error';
    const body: ErrorBody = { code: 'validation_error', message: translateMessage(key, lang), field };
    return { status: 400, body };
  }
  const httpError = err as { type?: string; status?: number; statusCode?: number; expose?: boolean };
  const status = httpError?.status ?? httpError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      httpError.type === 'entity.too.large'
        ? 'request_too_large'
        : httpError.type === 'entity.parse.failed'
          ? 'invalid_json'
          : status === 415
            ? 'unsupported_media_type'
            : status === 404
              ? 'not_found'
              : 'bad_request';
    return { status, body: { code, message: translateMessage(code, lang) } };
  }
  if (isUnavailableError(err))
    return {
      status: 503,
      body: { code: 'service_unavailable', message: translateMessage('service_unavailable', lang) },
    };
  return { status: 500, body: { code: 'internal_error', message: translateMessage('internal_error', lang) } };
}

/**
 * The request's path for a log line, without its query: a query can carry a token or personal data, and the
 * path is what an operator needs (docs/decisions/0046-link-tokens-in-fragment.md).
 */
export function logPath(req: Pick<Request, 'originalUrl'>): string {
  return req.originalUrl.split('?', 1)[0]!;
}

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const { status, body } = toErrorResponse(err, requestLang(req));
    if (status === 503) {
      // An outage is logged once per request at warn with the cause's text, not as a bug with a stack.
      logger.warn(
        { err: (err as Error)?.message, method: req.method, path: logPath(req) },
        'dependency unavailable',
      );
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) logger.error({ err, method: req.method, path: logPath(req) }, 'request failed');
    else logger.debug({ code: body.code, field: body.field, status }, 'request rejected');
    res.status(status).json(body);
  };
}
