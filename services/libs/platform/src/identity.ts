import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const IDENTITY_HEADER = 'x-mg-identity';

export type Lang = 'tr' | 'en';

export interface Identity {
  userId: number | null;
  sessionId: string | null;
  lang: Lang;
  requestId: string;
  ip: string;
}

const claimsSchema = z.object({
  uid: z.number().int().positive().nullable(),
  sid: z.string().max(200).nullable(),
  lang: z.enum(['tr', 'en']),
  rid: z.string().min(1).max(200),
  ip: z.string().max(100),
  iat: z.number().int(),
});

/** How old a signed header may be: the gateway signs each request, so only replays are this old. */
export const IDENTITY_MAX_AGE_SECONDS = 300;

function mac(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signIdentity(
  identity: Identity,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const claims = {
    uid: identity.userId,
    sid: identity.sessionId,
    lang: identity.lang,
    rid: identity.requestId,
    ip: identity.ip,
    iat: nowSeconds,
  };
  const data = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${data}.${mac(data, secret)}`;
}

export function verifyIdentity(
  header: string | string[] | undefined,
  secret: string,
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
  if (claims.iat > nowSeconds + 60 || nowSeconds - claims.iat > IDENTITY_MAX_AGE_SECONDS) return null;
  return {
    userId: claims.uid,
    sessionId: claims.sid,
    lang: claims.lang,
    requestId: claims.rid,
    ip: claims.ip,
  };
}
