import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sessionKey, userSessionsKey } from '@mathgames/contracts';
import RedisStore from 'connect-redis';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';
import { readCookie } from './language.js';

declare module 'express-session' {
  interface SessionData {
    uid: number;
    /** Epoch ms of the login: the absolute timeout counts from here whatever the activity. */
    createdAt: number;
    /** Signed in with "this is a shared computer": short idle and absolute limits, browser-session cookie. */
    shared?: boolean;
  }
}

const DAY_MS = 86_400_000;
/** How stale a session's idle expiry may get before a request extends it (see `dueForTouch`). */
export const TOUCH_INTERVAL_MS = 10 * 60_000;

export interface PeekedSession {
  userId: number;
  sessionId: string;
  /** Epoch ms at which the idle timeout ends the session, as last extended. */
  idleExpiresAt: number | null;
}

export interface SessionLayer {
  cookieName: string;
  /** express-session: rolling idle timeout, so activity keeps a session alive up to the absolute limit. */
  middleware: RequestHandler;
  /**
   * Reads the user id of a request without touching the session (no idle-timeout extension, no Set-Cookie,
   * no write). Used for the badge-summary poll, which every open tab sends every 3 s.
   */
  peek(cookieHeader: string | undefined): Promise<PeekedSession | null>;
  /**
   * True when a request on this session should go through `middleware`, which extends the idle timeout and
   * re-sends the cookie: at most once per TOUCH_INTERVAL_MS, so the write paths pay no Redis write and no cookie
   * signing per request, and the idle timeout keeps a granularity of minutes against its days.
   */
  dueForTouch(session: PeekedSession): boolean;
  /** Ends a session that outlived the absolute timeout; returns the user id that is still valid, if any. */
  currentUserId(req: Request): Promise<number | null>;
  login(req: Request, userId: number, options?: { sharedDevice?: boolean }): Promise<void>;
  revokeUser(userId: number): Promise<void>;
  logout(req: Request, res: Response): Promise<void>;
}

export function createSessionLayer(config: GatewayConfig, redis: Redis): SessionLayer {
  const production = config.NODE_ENV === 'production';
  // __Host- pins the cookie to this exact origin over HTTPS (no Domain, Path=/), so a sibling subdomain cannot
  // plant or overwrite it. Browsers reject the prefix without Secure, hence development uses a plain name.
  const cookieName = production ? '__Host-mg.sid' : 'mg.sid';
  const idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * DAY_MS;
  const sharedIdleMs = config.SESSION_SHARED_IDLE_MINUTES * 60_000;
  const sharedAbsoluteMs = config.SESSION_SHARED_ABSOLUTE_HOURS * 3_600_000;
  const absoluteOf = (data: Partial<session.SessionData>) => (data.shared ? sharedAbsoluteMs : absoluteMs);
  const sessionPrefix = sessionKey(config.REDIS_PREFIX, '');
  const userSetKey = (userId: number) => userSessionsKey(config.REDIS_PREFIX, userId);
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: production, path: '/' };

  const remainingSeconds = (data: session.SessionData): number => {
    // A shared computer's cookie has no expiry (it ends with the browser), so its idle limit lives in Redis:
    // every request that touches the session re-arms the TTL, 30 quiet minutes let the key expire.
    const expires = data.shared
      ? Date.now() + sharedIdleMs
      : data.cookie?.expires
        ? new Date(data.cookie.expires).getTime()
        : Date.now() + idleMs;
    const absoluteEnd = (data.createdAt ?? Date.now()) + absoluteOf(data);
    return Math.max(1, Math.ceil((Math.min(expires, absoluteEnd) - Date.now()) / 1000));
  };

  const store = new RedisStore({ client: redis, prefix: sessionPrefix, ttl: remainingSeconds });

  const middleware = session({
    name: cookieName,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    // Anonymous visitors (most players) get no session and no cookie until they log in.
    saveUninitialized: false,
    rolling: true,
    cookie: { ...cookieOptions, maxAge: idleMs },
  });

  const expired = (data: Partial<session.SessionData>) =>
    typeof data.createdAt !== 'number' || Date.now() - data.createdAt > absoluteOf(data);

  const secretKey = config.SESSION_SECRET;
  const unsign = (cookieValue: string): string | null => {
    // express-session signs as "s:<id>.<base64 HMAC-SHA256 without padding>".
    if (!cookieValue.startsWith('s:')) return null;
    const dot = cookieValue.lastIndexOf('.');
    if (dot < 3) return null;
    const id = cookieValue.slice(2, dot);
    const given = Buffer.from(cookieValue.slice(dot + 1));
    const expected = Buffer.from(
      createHmac('sha256', secretKey).update(id).digest('base64').replace(/=+$/, ''),
    );
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  const destroyStored = async (sid: string, userId: number | undefined) => {
    const tx = redis.multi().del(sessionPrefix + sid);
    if (userId) tx.srem(userSetKey(userId), sid);
    await tx.exec();
  };

  return {
    cookieName,
    middleware,

    async peek(cookieHeader) {
      const cookie = readCookie(cookieHeader, cookieName);
      const sid = cookie ? unsign(cookie) : null;
      if (!sid) return null;
      const raw = await redis.get(sessionPrefix + sid);
      if (!raw) return null;
      let data: Partial<session.SessionData>;
      try {
        data = JSON.parse(raw) as Partial<session.SessionData>;
      } catch {
        return null;
      }
      if (typeof data.uid !== 'number') return null;
      if (expired(data)) {
        await destroyStored(sid, data.uid);
        return null;
      }
      const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.NaN;
      return { userId: data.uid, sessionId: sid, idleExpiresAt: Number.isFinite(expires) ? expires : null };
    },

    dueForTouch(session) {
      return (
        session.idleExpiresAt === null || session.idleExpiresAt < Date.now() + idleMs - TOUCH_INTERVAL_MS
      );
    },

    async currentUserId(req) {
      const data = req.session;
      if (!data || typeof data.uid !== 'number') return null;
      if (expired(data)) {
        const uid = data.uid;
        await new Promise<void>((resolve, reject) => data.destroy((err) => (err ? reject(err) : resolve())));
        await redis.srem(userSetKey(uid), req.sessionID);
        return null;
      }
      req.gatewaySessionId = req.sessionID;
      return data.uid;
    },

    async login(req, userId, options = {}) {
      const previousUid = req.session.uid;
      const previousId = req.sessionID;
      // A new id on login defeats session fixation: an id known before login is worthless after it.
      await new Promise<void>((resolve, reject) =>
        req.session.regenerate((err) => (err ? reject(err) : resolve())),
      );
      req.session.uid = userId;
      req.session.createdAt = Date.now();
      if (options.sharedDevice) {
        req.session.shared = true;
        // No Max-Age/Expires: the browser drops the cookie when it closes (express-session's documented
        // `expires = false`; it also survives the rolling reset, which restores this "original" value).
        (req.session.cookie as { expires: unknown }).expires = false;
      }
      await new Promise<void>((resolve, reject) =>
        req.session.save((err) => (err ? reject(err) : resolve())),
      );
      const tx = redis
        .multi()
        .sadd(userSetKey(userId), req.sessionID)
        .pexpire(userSetKey(userId), absoluteMs);
      if (previousUid) tx.srem(userSetKey(previousUid), previousId);
      await tx.exec();
      req.gatewaySessionId = req.sessionID;
    },

    async revokeUser(userId) {
      const key = userSetKey(userId);
      const ids = await redis.smembers(key);
      await redis.del(key, ...ids.map((sid) => sessionPrefix + sid));
    },

    async logout(req, res) {
      const data = req.session;
      if (data) {
        const uid = data.uid;
        const sid = req.sessionID;
        await new Promise<void>((resolve, reject) => data.destroy((err) => (err ? reject(err) : resolve())));
        if (uid) await redis.srem(userSetKey(uid), sid);
      }
      res.clearCookie(cookieName, cookieOptions);
    },
  };
}

/** The session id as services see it: a stable, non-reversible handle, never the bearer credential itself. */
export function publicSessionId(sid: string | undefined): string | null {
  return sid ? createHash('sha256').update(sid).digest('base64url').slice(0, 22) : null;
}

declare global {
  namespace Express {
    interface Request {
      gatewaySessionId?: string;
    }
  }
}
