import type { IncomingHttpHeaders } from 'node:http';
import { sessionKey, userSessionsKey } from '@mathgames/contracts';
import type { Redis } from 'ioredis';

/**
 * Session directives: headers the auth service sets on its responses for the gateway, which owns the browser
 * sessions, acts on them before the response goes out, and never lets them reach the browser.
 */
/** Regenerate the session (a new id) and store this user id in it: a login. */
export const SESSION_LOGIN_HEADER = 'x-mg-session-login';
/** End every session of this user id (password reset, "log out of all devices", account deletion). */
export const SESSION_REVOKE_USER_HEADER = 'x-mg-session-revoke-user';
/** With the login directive, `1`: a shared computer's session (short idle limit, no persistent cookie). */
export const SESSION_SHARED_HEADER = 'x-mg-session-shared';

export interface SessionDirectives {
  login: number | null;
  revokeUser: number | null;
  /** With login: "this is a shared computer" was ticked. */
  sharedDevice: boolean;
}

const positiveInt = (value: string | string[] | undefined): number | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
};

/** The directives an upstream response carries (user ids that are not positive integers are ignored). */
export function readSessionDirectives(headers: IncomingHttpHeaders): SessionDirectives {
  return {
    login: positiveInt(headers[SESSION_LOGIN_HEADER]),
    revokeUser: positiveInt(headers[SESSION_REVOKE_USER_HEADER]),
    sharedDevice: headers[SESSION_SHARED_HEADER] === '1',
  };
}

/**
 * Ends every browser session of a user: the user's set of session ids (contracts' session keys, which the
 * gateway keeps at login) and each session, in one DEL. The gateway runs it on the revoke directive, auth when an
 * account is erased or a pupil's sign-in is reset; the one way sessions end besides logout and expiry.
 */
export async function endUserSessions(redis: Redis, redisPrefix: string, userId: number): Promise<void> {
  const key = userSessionsKey(redisPrefix, userId);
  const ids = await redis.smembers(key);
  await redis.del(key, ...ids.map((id) => sessionKey(redisPrefix, id)));
}
