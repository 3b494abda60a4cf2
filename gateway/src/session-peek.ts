import { createHmac, timingSafeEqual } from 'node:crypto';
import type session from 'express-session';
import type { Redis } from 'ioredis';
import { readCookie } from './language.js';
import type { SessionPolicy } from './session-policy.js';

/** How stale a session's idle expiry may get before a request extends it (see `dueForTouch`). */
export const TOUCH_INTERVAL_MS = 10 * 60_000;

export interface PeekedSession {
  userId: number;
  sessionId: string;
  /** Epoch ms at which the idle timeout ends the session, as last extended. */
  idleExpiresAt: number | null;
}

export interface SessionPeek {
  /**
   * Reads the user id of a request without touching the session (no idle-timeout extension, no Set-Cookie,
   * no write). Used for the badge-summary poll, which every open tab sends every 3 s, and the data paths.
   */
  peek(cookieHeader: string | undefined): Promise<PeekedSession | null>;
  /**
   * True when a request on this session should go through express-session, which extends the idle timeout and
   * re-sends the cookie: at most once per TOUCH_INTERVAL_MS, so the write paths pay no Redis write and no cookie
   * signing per request, and the idle timeout keeps a granularity of minutes against its days.
   */
  dueForTouch(session: PeekedSession): boolean;
}

export function createSessionPeek(policy: SessionPolicy, secret: string, redis: Redis): SessionPeek {
  const unsign = (cookieValue: string): string | null => {
    // express-session signs as "s:<id>.<base64 HMAC-SHA256 without padding>".
    if (!cookieValue.startsWith('s:')) return null;
    const dot = cookieValue.lastIndexOf('.');
    if (dot < 3) return null;
    const id = cookieValue.slice(2, dot);
    const given = Buffer.from(cookieValue.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  return {
    async peek(cookieHeader) {
      const cookie = readCookie(cookieHeader, policy.cookieName);
      const sid = cookie ? unsign(cookie) : null;
      if (!sid) return null;
      const raw = await redis.get(policy.sessionPrefix + sid);
      if (!raw) return null;
      let data: Partial<session.SessionData>;
      try {
        data = JSON.parse(raw) as Partial<session.SessionData>;
      } catch {
        return null;
      }
      if (typeof data.uid !== 'number') return null;
      if (policy.expired(data)) {
        await redis
          .multi()
          .del(policy.sessionPrefix + sid)
          .srem(policy.userSetKey(data.uid), sid)
          .exec();
        return null;
      }
      const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.NaN;
      return { userId: data.uid, sessionId: sid, idleExpiresAt: Number.isFinite(expires) ? expires : null };
    },

    dueForTouch(session) {
      return (
        session.idleExpiresAt === null ||
        session.idleExpiresAt < Date.now() + policy.idleMs - TOUCH_INTERVAL_MS
      );
    },
  };
}
