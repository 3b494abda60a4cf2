import type { NextFunction, Request, Response } from 'express';
import { sendJsonError } from '../http-errors.js';
import { resolveLanguage } from '../language.js';
import { normalisePath } from '../path-normalise.js';

/**
 * The routes a gateway budget is keyed on, in their one canonical spelling (docs/decisions/0040-one-canonical-api-path.md).
 * Another spelling of one of them (another letter case, an escaped letter) is refused, not routed.
 */
const BUDGETED_ROUTES: readonly RegExp[] = [
  /^\/api\/class-codes\/[^/]+$/,
  /^\/api\/auth\/login$/,
  /^\/api\/auth\/register$/,
  /^\/api\/auth\/forgot-password$/,
  /^\/api\/auth\/reset-password$/,
];

/** Escapes that spell a path separator or a dot (`%2f`, `%5c`, `%2e`) or an escaped escape (`%25`). */
const ENCODED_SEPARATOR = /%(2f|5c|2e|25)/i;

/**
 * Whether an /api path (without its query) is the one spelling every access decision is taken on: no empty
 * segment (`//`), no trailing slash, no `.` or `..` segment, no backslash, no escaped slash, backslash, dot or
 * percent; and a budgeted route only in its canonical letter case and without escaped letters. The services route
 * case-sensitively and strictly (the platform's HTTP service), so what passes here reaches one route or none.
 */
export function isCanonicalApiPath(path: string): boolean {
  if (path.includes('\\') || path.includes('//') || ENCODED_SEPARATOR.test(path)) return false;
  if (path.length > 1 && path.endsWith('/')) return false;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  if (!path.startsWith('/api/') && path !== '/api') return false;
  const plain = normalisePath(path);
  for (const route of BUDGETED_ROUTES) {
    const canonical = route.test(path);
    if (canonical) return true;
    // Another spelling of a budgeted route: the static part's case or an escaped letter differs.
    if (new RegExp(route.source, 'i').test(plain)) return false;
  }
  return true;
}

/** Whether a path is some spelling of an /api path (`/API/…`, `//api/…`, `/%61pi/…`): the gateway answers it. */
function looksLikeApi(path: string): boolean {
  return /^\/api(?:$|[/\\%?])/i.test(path) || /^\/api(?:$|\/)/.test(normalisePath(path));
}

/**
 * Refuses, before any budget, session or route, every request whose path spells an /api path in any way but
 * the canonical one: 404 `not_found`, as for a path no service has.
 */
export function refuseOtherSpellings(req: Request, res: Response, next: NextFunction) {
  const path = req.originalUrl.split('?', 1)[0] ?? '';
  if (!looksLikeApi(path) || isCanonicalApiPath(path)) return next();
  sendJsonError(res, 404, 'not_found', resolveLanguage(req.headers));
}
