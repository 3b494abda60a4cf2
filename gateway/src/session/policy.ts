import { sessionKey, userSessionsKey } from '@mathgames/contracts';
import type session from 'express-session';
import type { GatewayConfig } from '../config.js';

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

/** The session rules from the config: cookie, Redis keys, idle and absolute limits. */
export interface SessionPolicy {
  cookieName: string;
  cookieOptions: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' };
  idleMs: number;
  absoluteMs: number;
  /** Redis key prefix of a session: the key is this plus the session id. */
  sessionPrefix: string;
  /** Redis set of one user's session ids (to end them all at once). */
  userSetKey(userId: number): string;
  /** Past the absolute limit since login (or not a login session at all). */
  expired(data: Partial<session.SessionData>): boolean;
  /** The Redis TTL of a stored session: to its idle or its absolute end, whichever comes first. */
  remainingSeconds(data: session.SessionData): number;
}

export function sessionPolicy(config: GatewayConfig): SessionPolicy {
  const production = config.NODE_ENV === 'production';
  const idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * DAY_MS;
  const sharedIdleMs = config.SESSION_SHARED_IDLE_MINUTES * 60_000;
  const sharedAbsoluteMs = config.SESSION_SHARED_ABSOLUTE_HOURS * 3_600_000;
  const absoluteOf = (data: Partial<session.SessionData>) => (data.shared ? sharedAbsoluteMs : absoluteMs);

  return {
    // __Host- pins the cookie to this exact origin over HTTPS (no Domain, Path=/), so a sibling subdomain cannot
    // plant or overwrite it. Browsers reject the prefix without Secure, hence development uses a plain name.
    cookieName: production ? '__Host-mg.sid' : 'mg.sid',
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: production, path: '/' },
    idleMs,
    absoluteMs,
    sessionPrefix: sessionKey(config.REDIS_PREFIX, ''),
    userSetKey: (userId) => userSessionsKey(config.REDIS_PREFIX, userId),
    expired: (data) => typeof data.createdAt !== 'number' || Date.now() - data.createdAt > absoluteOf(data),
    remainingSeconds(data) {
      // A shared computer's cookie has no expiry (it ends with the browser), so its idle limit lives in Redis:
      // every request that touches the session re-arms the TTL, 30 quiet minutes let the key expire.
      const expires = data.shared
        ? Date.now() + sharedIdleMs
        : data.cookie?.expires
          ? new Date(data.cookie.expires).getTime()
          : Date.now() + idleMs;
      const absoluteEnd = (data.createdAt ?? Date.now()) + absoluteOf(data);
      return Math.max(1, Math.ceil((Math.min(expires, absoluteEnd) - Date.now()) / 1000));
    },
  };
}
