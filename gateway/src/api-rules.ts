import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Lang } from '@mathgames/contracts';
import { resolveLanguage } from './language.js';

/*
 * The rules every /api request passes, in this order, whichever of the gateway's three paths answers it: Express
 * (app.ts: request-context.ts, the cross-site check, session/gate.ts, proxy.ts), the statistics read
 * (read-fast-path.ts) and the badge poll (poll/fast-path.ts):
 *   1. shed      load shedding, before any path (index.ts, limits/)
 *   2. context   the answer's language and the request id (`apiContextOf`)
 *   3. cross-site  only what Express answers (the fast paths are GETs that change nothing)
 *   4. budget    the address's API budget (`budgetThenSession`; a request spends it once, whatever its path)
 *   5. session   who asks, peeked (`budgetThenSession`); due for its idle extension: express-session
 *   6. identity  the caller signed for the one service call (request-context.ts)
 */

/** Rule `context`: the language the answer is in and the request id (the client's when it looks like one). */
export interface ApiContext {
  lang: Lang;
  requestId: string;
}

/** A request id the client sent is kept when it looks like one (for tracing); otherwise the gateway makes one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function apiContextOf(headers: IncomingHttpHeaders): ApiContext {
  return { lang: resolveLanguage(headers), requestId: requestIdOf(headers) };
}

/** A path's rules `budget` and `session`. */
export interface BudgetAndSession<Session> {
  /** The budget's answer: seconds to wait (a 429), or null. */
  budget(): Promise<number | null> | number | null;
  /** Who asks: their session as peeked, or null for a guest. */
  session(): Promise<Session | null>;
  /**
   * Both asked at once (each may be a Redis round trip); a refusal by the budget still wins over the session.
   * Otherwise the session is asked only once the budget let the request through.
   */
  together?: boolean;
}

export type Admission<Session> = { wait: number } | { wait: null; session: Session | null };

/** Rules `budget` then `session`, as every path runs them. Rejects when the session store cannot answer. */
export async function budgetThenSession<Session>(
  rules: BudgetAndSession<Session>,
): Promise<Admission<Session>> {
  if (rules.together) {
    const [wait, session] = await Promise.all([rules.budget(), rules.session()]);
    return wait !== null ? { wait } : { wait: null, session };
  }
  const wait = await rules.budget();
  if (wait !== null) return { wait };
  return { wait: null, session: await rules.session() };
}

/**
 * Requests whose budget a fast path already spent before handing them to Express (a session due for its idle
 * extension): the session gate does not spend it again, so each request spends its budget once whatever its path.
 */
const budgetSpent = new WeakSet<IncomingMessage>();

export function markBudgetSpent(req: IncomingMessage): void {
  budgetSpent.add(req);
}

export function budgetAlreadySpent(req: IncomingMessage): boolean {
  return budgetSpent.has(req);
}
