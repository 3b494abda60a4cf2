import { createHmac, timingSafeEqual } from 'node:crypto';
import type session from 'express-session';
import type { Redis } from 'ioredis';
import { readCookie } from '../language.js';
import type { SessionPolicy } from './policy.js';

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

/** Reads a Redis key, decoded: straight from Redis, or from the gateway's tracked cache (tracked-cache.ts). */
export type CachedRead = <T>(key: string, decode: (raw: string | null) => T) => Promise<T>;

/** A stored session as read (once per change, when cached), with its idle end as epoch ms (NaN: none). */
interface ReadSession {
  data: Partial<session.SessionData>;
  expires: number;
}

const parseSession = (raw: string | null): ReadSession | null => {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<session.SessionData>;
    const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.NaN;
    return { data, expires };
  } catch {
    return null;
  }
};

/** express-session's signature of a session id, its cookie being "s:<id>.<signature>": base64 HMAC-SHA256, unpadded. */
export const sessionSignature = (sid: string, secret: string): string =>
  createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');

/** Verified cookie values (cookie → session id or null), at most this many, oldest forgotten first. */
const MAX_VERIFIED_COOKIES = 100_000;

export function createSessionPeek(
  policy: SessionPolicy,
  secret: string,
  redis: Redis,
  read: CachedRead = (key, decode) => redis.get(key).then(decode),
): SessionPeek {
  // A tab sends the same cookie every 3 s: its signature is checked once (an HMAC per poll otherwise).
  const verified = new Map<string, string | null>();
  const unsignOnce = (cookieValue: string): string | null => {
    const known = verified.get(cookieValue);
    if (known !== undefined) return known;
    const sid = unsign(cookieValue);
    if (verified.size >= MAX_VERIFIED_COOKIES) verified.delete(verified.keys().next().value!);
    verified.set(cookieValue, sid);
    return sid;
  };
  const unsign = (cookieValue: string): string | null => {
    if (!cookieValue.startsWith('s:')) return null;
    const dot = cookieValue.lastIndexOf('.');
    if (dot < 3) return null;
    const id = cookieValue.slice(2, dot);
    const given = Buffer.from(cookieValue.slice(dot + 1));
    const expected = Buffer.from(sessionSignature(id, secret));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  return {
    async peek(cookieHeader) {
      const cookie = readCookie(cookieHeader, policy.cookieName);
      const sid = cookie ? unsignOnce(cookie) : null;
      if (!sid) return null;
      const stored = await read(policy.sessionPrefix + sid, parseSession);
      const uid = stored?.data.uid;
      if (!stored || typeof uid !== 'number') return null;
      const { data, expires } = stored;
      if (policy.expired(data)) {
        await redis
          .multi()
          .del(policy.sessionPrefix + sid)
          .srem(policy.userSetKey(uid), sid)
          .exec();
        return null;
      }
      // Past its idle end Redis has expired the key (and the cache heard of it); a copy read just before counts
      // as gone too.
      if (expires < Date.now()) return null;
      return { userId: uid, sessionId: sid, idleExpiresAt: Number.isFinite(expires) ? expires : null };
    },

    dueForTouch(session) {
      return (
        session.idleExpiresAt === null ||
        session.idleExpiresAt < Date.now() + policy.idleMs - TOUCH_INTERVAL_MS
      );
    },
  };
}
