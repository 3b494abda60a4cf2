import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a class code, once entered, lets its pupils try their pictures: enough to find a name and tap three
 * pictures (a child who takes longer enters the code again), short enough that a ticket is no standing key.
 */
export const JOIN_TICKET_MAX_AGE_SECONDS = 10 * 60;

function mac(data: string, secret: string): string {
  // Its own label, so a join ticket can never pass as an identity header signed with the same secret.
  return createHmac('sha256', secret).update(`join-ticket:${data}`).digest('base64url');
}

/**
 * Proof that the holder typed a class's open join code: the classes service issues it with the roster, auth accepts
 * a pupil's pictures only with it. The issue time is in milliseconds, so a ticket issued before the teacher changed
 * the code or closed joining (auth is told, and keeps the moment) is recognisably older.
 */
export function signJoinTicket(classId: number, secret: string, nowMs = Date.now()) {
  const data = `${classId}.${nowMs}`;
  return `${data}.${mac(data, secret)}`;
}

export interface JoinTicket {
  classId: number;
  issuedAtMs: number;
}

/** The class and issue time of the ticket, or null when forged, expired or from the old (seconds) format. */
export function verifyJoinTicket(ticket: unknown, secret: string, nowMs = Date.now()): JoinTicket | null {
  if (typeof ticket !== 'string' || ticket.length > 200) return null;
  const match = /^([1-9]\d{0,9})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, classId, issued, given] = match;
  const expected = Buffer.from(mac(`${classId}.${issued}`, secret));
  if (!timingSafeEqual(Buffer.from(given!), expected)) return null;
  const age = nowMs - Number(issued);
  if (age < -60_000 || age > JOIN_TICKET_MAX_AGE_SECONDS * 1000) return null;
  return { classId: Number(classId), issuedAtMs: Number(issued) };
}
