/**
 * One public API operation, as the document describes it. The statuses every operation can answer follow from its
 * shape (`statusesOf`), so a route that takes a body always lists 400 and 413, a signed-in one 401, and so on.
 */
import type { z } from 'zod';

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** Who may call it: anyone (`security: []`), or the holder of a session (cookie) of the given kind. */
export type Access = 'public' | 'signed-in' | 'teacher' | 'pupil';

export interface Operation {
  method: Method;
  /** The route as the service's router declares it (`/api/classes/:classId`). */
  path: string;
  /** Stable, camelCase, unique: clients generated from the document name their functions by it. */
  operationId: string;
  summary: string;
  tag:
    | 'auth'
    | 'profile'
    | 'game-results'
    | 'statistics'
    | 'badges'
    | 'classes'
    | 'pupils'
    | 'assignments'
    | 'meta';
  access: Access;
  body?: { schema: z.ZodType; example: unknown; contentType?: 'multipart/form-data' };
  query?: z.ZodObject;
  /** The path's parameters, by name; every `:name` of `path` needs one. */
  params?: Record<string, z.ZodType>;
  ok: {
    status: 200 | 201;
    description: string;
    schema?: z.ZodType;
    /** Another media type than JSON (an image, a page). */
    contentType?: string;
    /** Shown beside the schema when the operation has no request example to show. */
    example?: unknown;
  };
  /** Further answers it gives: a second success (with the success's body), or errors with their stable codes. */
  also?: Partial<Record<200 | 304 | 401 | 403 | 404 | 409 | 422, string>>;
}

/** The error answers an operation gives, each with what it means and the stable `code`s it carries. */
export function statusesOf(op: Operation): Record<number, string> {
  const hasPathParams = op.path.includes(':');
  const takesInput = op.body !== undefined || op.query !== undefined || hasPathParams;
  const statuses: Partial<Record<number, string>> = {
    ...(takesInput
      ? {
          400: 'Invalid input (`validation_error` and the other input codes): `field` names it, `message` is in the caller’s language',
        }
      : {}),
    ...(op.access === 'public' ? {} : { 401: 'Not signed in (`unauthorized`)' }),
    ...(op.method === 'get'
      ? {}
      : { 403: 'A request from another site (`forbidden`): the gateway refuses it' }),
    ...(hasPathParams
      ? { 404: 'No such resource of yours (`not_found`); another user’s looks the same' }
      : {}),
    ...(op.body ? { 413: 'The body is larger than the service accepts (`request_too_large`)' } : {}),
    429: 'Too many requests from this client (`rate_limited`); wait for `Retry-After` seconds',
    503: 'A dependency is unavailable or the service is shedding load (`service_unavailable`); try again',
    ...op.also,
  };
  return Object.fromEntries(Object.entries(statuses).filter(([, text]) => text !== undefined)) as Record<
    number,
    string
  >;
}

/** `/api/classes/:classId` → `/api/classes/{classId}` */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
