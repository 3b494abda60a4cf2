import { translate } from '@mathgames/contracts';
import { requireUser } from '@mathgames/platform';
import type { Request } from 'express';

/** The signed-in teacher making the request, with the request's identity (language, request id, address). */
export const teacherOf = (req: Request) => ({ ...req.identity, userId: requireUser(req) });
/** A message in the caller's language. */
export const text = (req: Request, key: Parameters<typeof translate>[0]) => translate(key, req.identity.lang);
