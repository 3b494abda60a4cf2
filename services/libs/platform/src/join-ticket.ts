import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a class code, once entered, lets its pupils try their pictures (a lesson and a bit). */
export const JOIN_TICKET_MAX_AGE_SECONDS = 3 * 60 * 60;

function mac(data: string, secret: string): string {
  // Its own label, so a join ticket can never pass as an identity header signed with the same secret.
  return createHmac('sha256', secret).update(`join-ticket:${data}`).digest('base64url');
}

/**
 * Proof that the holder typed a class's open join code: the classes service issues it with the roster, auth accepts
 * a pupil's pictures only with it, and neither asks the other at sign-in time.
 */
export function signJoinTicket(classId: number, secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const data = `${classId}.${nowSeconds}`;
  return `${data}.${mac(data, secret)}`;
}

/** The class id the ticket was issued for, or null when forged or expired. */
export function verifyJoinTicket(
  ticket: unknown,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): number | null {
  if (typeof ticket !== 'string' || ticket.length > 200) return null;
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, classId, issued, given] = match;
  const expected = Buffer.from(mac(`${classId}.${issued}`, secret));
  if (!timingSafeEqual(Buffer.from(given!), expected)) return null;
  const age = nowSeconds - Number(issued);
  if (age < -60 || age > JOIN_TICKET_MAX_AGE_SECONDS) return null;
  return Number(classId);
}
