import { createHash } from 'node:crypto';
import { endUserSessions, type SessionDirectives } from '@mathgames/platform';
import RedisStore from 'connect-redis';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';
import { type CachedRead, createSessionPeek, type SessionPeek } from './peek.js';
import { sessionPolicy } from './policy.js';

declare global {
  namespace Express {
    interface Request {
      gatewaySessionId?: string;
    }
  }
}

/** The browser sessions: a cookie naming a session kept in Redis, which only the gateway reads. */
export interface SessionLayer extends SessionPeek {
  /** express-session: rolling idle timeout, so activity keeps a session alive up to the absolute limit. */
  middleware: RequestHandler;
  /** Ends a session that outlived the absolute timeout; returns the user id that is still valid, if any. */
  currentUserId(req: Request): Promise<number | null>;
  /** Acts on the auth service's session directives, before its response (and the cookie) is written. */
  applyDirectives(req: Request, directives: SessionDirectives): Promise<void>;
  logout(req: Request, res: Response): Promise<void>;
}

const promised = (run: (done: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((err) => (err ? reject(err) : resolve())));

export function createSessionLayer(config: GatewayConfig, redis: Redis, read?: CachedRead): SessionLayer {
  const policy = sessionPolicy(config);
  const { userSetKey } = policy;
  const store = new RedisStore({
    client: redis,
    prefix: policy.sessionPrefix,
    ttl: policy.remainingSeconds,
  });
  const middleware = session({
    name: policy.cookieName,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    // Anonymous visitors (most players) get no session and no cookie until they log in.
    saveUninitialized: false,
    rolling: true,
    cookie: { ...policy.cookieOptions, maxAge: policy.idleMs },
  });

  const login = async (req: Request, userId: number, sharedDevice: boolean) => {
    const previousUid = req.session.uid;
    const previousId = req.sessionID;
    // A new id on login defeats session fixation: an id known before login is worthless after it.
    await promised((done) => req.session.regenerate(done));
    req.session.uid = userId;
    req.session.createdAt = Date.now();
    if (sharedDevice) {
      req.session.shared = true;
      // No Max-Age/Expires: the browser drops the cookie when it closes (express-session's documented
      // `expires = false`; it also survives the rolling reset, which restores this "original" value).
      (req.session.cookie as { expires: unknown }).expires = false;
    }
    await promised((done) => req.session.save(done));
    const tx = redis
      .multi()
      .sadd(userSetKey(userId), req.sessionID)
      .pexpire(userSetKey(userId), policy.absoluteMs);
    if (previousUid) tx.srem(userSetKey(previousUid), previousId);
    await tx.exec();
    req.gatewaySessionId = req.sessionID;
  };

  /** Destroys the request's own session and drops it from its user's set. */
  const destroy = async (req: Request, data: session.Session & Partial<session.SessionData>) => {
    const uid = data.uid;
    const sid = req.sessionID;
    await promised((done) => data.destroy(done));
    if (uid) await redis.srem(userSetKey(uid), sid);
  };

  return {
    middleware,
    ...createSessionPeek(policy, config.SESSION_SECRET, redis, read),

    async currentUserId(req) {
      const data = req.session;
      if (!data || typeof data.uid !== 'number') return null;
      if (policy.expired(data)) {
        await destroy(req, data);
        return null;
      }
      req.gatewaySessionId = req.sessionID;
      return data.uid;
    },

    async applyDirectives(req, directives) {
      if (directives.revokeUser !== null) {
        await endUserSessions(redis, config.REDIS_PREFIX, directives.revokeUser);
        // The request's own session object would otherwise be written back when the response ends.
        if (req.session?.uid === directives.revokeUser) await promised((done) => req.session.destroy(done));
      }
      if (directives.login !== null && req.session)
        await login(req, directives.login, directives.sharedDevice);
    },

    async logout(req, res) {
      if (req.session) await destroy(req, req.session);
      res.clearCookie(policy.cookieName, policy.cookieOptions);
    },
  };
}

/** The session id as services see it: a stable, non-reversible handle, never the bearer credential itself. */
export function publicSessionId(sid: string | undefined): string | null {
  return sid ? createHash('sha256').update(sid).digest('base64url').slice(0, 22) : null;
}
