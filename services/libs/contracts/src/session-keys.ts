/**
 * Where the gateway keeps browser sessions in Redis: one key per session and a set of a user's session ids. Auth
 * ends every session of an account it deletes with these, since that deletion is not a browser call the gateway
 * sees (a teacher removes a pupil through the classes service).
 */
export const sessionKey = (redisPrefix: string, sessionId: string) => `${redisPrefix}sess:${sessionId}`;
export const userSessionsKey = (redisPrefix: string, userId: number) =>
  `${redisPrefix}user-sessions:${userId}`;
