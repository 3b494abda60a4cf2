import { translate } from '@mathgames/contracts';
import { requireUser, schoolScopedDb } from '@mathgames/platform';
import type { Request } from 'express';
import { schoolIdsOfUser } from '../../data-access/schools-repository.js';
import type { ClassesContext, ClassesDeps } from '../../domain/deps.js';

/** The signed-in teacher making the request, with the request's identity (language, request id, address). */
export const teacherOf = (req: Request) => ({ ...req.identity, userId: requireUser(req) });
/** A message in the caller's language. */
export const text = (req: Request, key: Parameters<typeof translate>[0]) => translate(key, req.identity.lang);

const contexts = new WeakMap<Request, Promise<ClassesContext>>();

/**
 * The chokepoint of school scope (docs/decisions/0060-school-scope-row-level-security.md): the request's use cases
 * get a database whose every statement runs with the signed-in caller's school set, looked up here from the user
 * id of the gateway's signed identity (once per request). Signed out: 401 before any lookup.
 */
export function contextOf(deps: ClassesDeps, req: Request): Promise<ClassesContext> {
  let found = contexts.get(req);
  if (!found) {
    const userId = requireUser(req);
    const scoped = async () =>
      schoolScopedDb(deps.pool, { schoolIds: await schoolIdsOfUser(deps.pool, userId) });
    found = scoped().then((db) => ({
      db,
      rescope: scoped,
      teachers: deps.teachers,
      accounts: deps.accounts,
      timeZone: deps.timeZone,
    }));
    contexts.set(req, found);
  }
  return found;
}
