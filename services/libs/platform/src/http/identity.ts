import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '@mathgames/contracts';
import { z } from 'zod';

export const IDENTITY_HEADER = 'x-mg-identity';

export interface Identity {
  userId: number | null;
  sessionId: string | null;
  lang: Lang;
  requestId: string;
  ip: string;
}

/** The request a signature is for: a header captured on one call is useless on another method or path. */
export interface SignedRequest {
  method: string;
  /** The path as sent upstream, without the query string. */
  path: string;
}

const claimsSchema = z.object({
  uid: z.number().int().positive().nullable(),
  sid: z.string().max(200).nullable(),
  lang: z.enum(['tr', 'en']),
  rid: z.string().min(1).max(200),
  ip: z.string().max(100),
  m: z.string().min(1).max(16),
  p: z.string().min(1).max(2048),
  iat: z.number().int(),
});

/**
 * How old a signed header may be: the gateway signs each request just before forwarding it, so only a
 * replay (or a request stuck longer than any upstream timeout allows to matter) is older.
 */
export const IDENTITY_MAX_AGE_SECONDS = 30;
/** Clock skew tolerated between gateway and service hosts. */
const IDENTITY_FUTURE_SKEW_SECONDS = 5;

const pathOf = (url: string) => url.split('?', 1)[0] ?? '';

function mac(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signIdentity(
  identity: Identity,
  secret: string,
  request: SignedRequest,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const claims = {
    uid: identity.userId,
    sid: identity.sessionId,
    lang: identity.lang,
    rid: identity.requestId,
    ip: identity.ip,
    m: request.method.toUpperCase(),
    p: pathOf(request.path),
    iat: nowSeconds,
  };
  const data = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${data}.${mac(data, secret)}`;
}

/** The identity, or null unless the header is ours, fresh, and signed for exactly this method and path. */
export function verifyIdentity(
  header: string | string[] | undefined,
  secret: string,
  request: SignedRequest,
  nowSeconds = Math.floor(Date.now() / 1000),
): Identity | null {
  if (typeof header !== 'string' || header.length > 4096) return null;
  const dot = header.indexOf('.');
  if (dot <= 0) return null;
  const data = header.slice(0, dot);
  const given = Buffer.from(header.slice(dot + 1));
  const expected = Buffer.from(mac(data, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: z.infer<typeof claimsSchema>;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    claims = parsed.data;
  } catch {
    return null;
  }
  if (
    claims.iat > nowSeconds + IDENTITY_FUTURE_SKEW_SECONDS ||
    nowSeconds - claims.iat > IDENTITY_MAX_AGE_SECONDS
  )
    return null;
  if (claims.m !== request.method.toUpperCase() || claims.p !== pathOf(request.path)) return null;
  return {
    userId: claims.uid,
    sessionId: claims.sid,
    lang: claims.lang,
    requestId: claims.rid,
    ip: claims.ip,
  };
}
