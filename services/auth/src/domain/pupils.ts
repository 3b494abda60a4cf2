import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type PicturePassword,
  PUPIL_SIGN_IN_LIMITS,
  type PupilLinkLoginRequest,
  type PupilLoginRequest,
  picturePasswordFromBytes,
} from '@mathgames/contracts';
import { AppError, addressBucket, type Db, verifyJoinTicket, withTransaction } from '@mathgames/platform';
import { announceUserDeleted } from '../data-access/outbox.js';
import {
  clearClassSignInTrouble,
  clearPupilFailures,
  deletePupil,
  insertPupil,
  lockPupilCredential,
  markPlaceInside,
  type PupilCredential,
  recordPlaceFailure,
  recordPupilFailure,
  renamePupil,
  replacePictureHash,
  replaceSignInLinkHash,
  retireClassTickets,
  signInLinkOf,
  signInPlaceOf,
  signInTroubleOf,
} from '../data-access/pupils.js';
import { findUserById, recordLogin } from '../data-access/users.js';
import { toCurrentUser } from './current-user.js';
import { type AuthDeps, throwIfLimited } from './deps.js';
import { userDeletedEvent } from './events.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface PupilAccount {
  userId: number;
  pictures: PicturePassword;
}

function drawPictures(): PicturePassword {
  for (;;) {
    const pictures = picturePasswordFromBytes(randomBytes(16));
    if (pictures) return pictures;
  }
}

/** The secret a picture password hashes: the picture names in order. */
export const pictureSecret = (pictures: readonly string[]) => pictures.join(':');

/**
 * Makes the accounts of pupils a teacher added (the classes service asks, having checked the class is theirs).
 * Usernames are internal and unguessable: pupils sign in by class code, name and pictures, never by username.
 */
export async function createPupilAccounts(
  ctx: AuthDeps,
  input: { classId: number; teacherId: number; names: string[]; lang: 'tr' | 'en' },
): Promise<PupilAccount[]> {
  const drawn = await Promise.all(
    input.names.map(async (name) => {
      const pictures = drawPictures();
      return { name, pictures, hash: await hashPassword(pictureSecret(pictures)) };
    }),
  );
  return withTransaction(ctx.pool, async (tx) => {
    const accounts: PupilAccount[] = [];
    for (const pupil of drawn) {
      const userId = await insertPupil(tx, {
        username: `pupil-${randomBytes(9).toString('base64url')}`,
        displayName: pupil.name,
        lang: input.lang,
        classId: input.classId,
        teacherId: input.teacherId,
        pictureHash: pupil.hash,
      });
      accounts.push({ userId, pictures: pupil.pictures });
    }
    return accounts;
  });
}

const notFound = () => new AppError(404, 'not_found', 'pupil_not_found');

export async function resetPupilPictures(ctx: AuthDeps, userId: number): Promise<PupilAccount> {
  const pictures = drawPictures();
  if (!(await replacePictureHash(ctx.pool, userId, await hashPassword(pictureSecret(pictures)))))
    throw notFound();
  return { userId, pictures };
}

export async function renamePupilAccount(ctx: AuthDeps, userId: number, name: string): Promise<void> {
  if (!(await renamePupil(ctx.pool, userId, name))) throw notFound();
}

/**
 * Deletes the account and announces it in the same transaction (`user.deleted.v1`: every service erases the
 * pupil's rows), then ends the pupil's sessions.
 */
export async function deletePupilAccount(ctx: AuthDeps, userId: number): Promise<void> {
  const deleted = await withTransaction(ctx.pool, async (tx) => {
    if (!(await deletePupil(tx, userId))) return false;
    await announceUserDeleted(tx, userDeletedEvent(userId));
    return true;
  });
  if (!deleted) throw notFound();
  await ctx.endSessions(userId);
}

const minutesUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

function paused(code: 'pupil_locked' | 'class_sign_in_paused', until: Date): AppError {
  return new AppError(429, code, code, undefined, {
    vars: { minutes: minutesUntil(until), seconds: Math.ceil((until.getTime() - Date.now()) / 1000) },
  });
}

type SignInOutcome = { ok: false; lockedUntil: Date | null } | { ok: true; userId: number };

/** A wrong picture guess counts against the pupil it named; the pause it may have started comes back. */
async function wrongPictures(tx: Db, credential: PupilCredential): Promise<SignInOutcome> {
  const limits = PUPIL_SIGN_IN_LIMITS;
  const lockedUntil = await recordPupilFailure(tx, credential.userId, {
    failures: limits.pupilFailures,
    lockSeconds: limits.pupilLockSeconds,
    maxLockSeconds: limits.pupilMaxLockSeconds,
  });
  return { ok: false, lockedUntil };
}

async function rightGuess(tx: Db, credential: PupilCredential): Promise<SignInOutcome> {
  await clearPupilFailures(tx, credential.userId);
  return { ok: true, userId: credential.userId };
}

/** Answers a pupil sign-in; the guess that reached the limit already hears about the pause. */
async function signedIn(ctx: AuthDeps, outcome: SignInOutcome, wrong: () => AppError) {
  if (!outcome.ok) {
    if (outcome.lockedUntil && outcome.lockedUntil > new Date())
      throw paused('pupil_locked', outcome.lockedUntil);
    throw wrong();
  }
  const user = await findUserById(ctx.pool, outcome.userId);
  if (!user) throw wrong();
  await recordLogin(ctx.pool, user.id, user.lang, null);
  return { userId: user.id, user: toCurrentUser(user) };
}

/**
 * Where a guess comes from, as the classes' budgets and the teacher's panel know it: a keyed hash of the address
 * bucket (IPv4 address, IPv6 /64), so no address is stored, and places of different classes cannot be linked.
 */
export function signInPlace(classId: number, ip: string, key: string): string {
  return createHmac('sha256', key)
    .update(`sign-in-place\0${classId}\0${addressBucket(ip)}`)
    .digest('base64url')
    .slice(0, 22);
}

const ticketInvalid = () => new AppError(401, 'join_ticket_invalid', 'join_ticket_invalid', 'ticket');

/**
 * A pupil signs in with the ticket of their class's code, their name (id) and their pictures. Wrong pictures count
 * against the pupil only when the pupil is in the ticket's class (an exponential pause), and against the class's
 * budget for the place they come from: the school (a place a pupil of the class signed in from) has a class's
 * worth, any other place a few, so an outsider with the code pauses only themselves. Never the school's address.
 */
export async function signInPupil(
  ctx: AuthDeps,
  input: PupilLoginRequest,
  internalSecret: string,
  ip: string,
) {
  const ticket = verifyJoinTicket(input.ticket, internalSecret);
  if (ticket === null) throw ticketInvalid();
  const { classId } = ticket;
  const limits = PUPIL_SIGN_IN_LIMITS;
  const place = signInPlace(classId, ip, internalSecret);
  const where = await signInPlaceOf(ctx.pool, classId, place);
  // A ticket from before the teacher changed the code, closed joining or reset sign-in trouble is spent.
  if (where.ticketsValidAfter && ticket.issuedAtMs <= where.ticketsValidAfter.getTime())
    throw ticketInvalid();
  if (where.lockedUntil) throw paused('class_sign_in_paused', where.lockedUntil);
  // Read without holding a lock (a row lock held through the slow hash would queue a class signing in at once).
  const found = await lockPupilCredential(ctx.pool, input.pupilId);
  const credential = found?.classId === classId ? found : null;
  if (credential?.lockedUntil && credential.lockedUntil > new Date())
    throw paused('pupil_locked', credential.lockedUntil);
  // Equal cost for a pupil of another class or none: one verification either way.
  const valid = await verifyPassword(credential?.pictureHash ?? null, pictureSecret(input.pictures));
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    // Now counted one after another: a guess racing others that paused the pupil meanwhile hears the pause only.
    const now = credential ? await lockPupilCredential(tx, credential.userId) : null;
    if (now?.lockedUntil && now.lockedUntil > new Date()) throw paused('pupil_locked', now.lockedUntil);
    if (!credential || !now || !valid || now.pictureHash !== credential.pictureHash) {
      await recordPlaceFailure(
        tx,
        classId,
        place,
        where.inside
          ? {
              failures: limits.insideFailures,
              windowSeconds: limits.insideWindowSeconds,
              lockSeconds: limits.insideLockSeconds,
            }
          : {
              failures: limits.outsideFailures,
              windowSeconds: limits.outsideWindowSeconds,
              lockSeconds: limits.outsideLockSeconds,
            },
      );
      // A pupil of another class is not this ticket's to pause.
      return now ? wrongPictures(tx, now) : { ok: false as const, lockedUntil: null };
    }
    await markPlaceInside(tx, classId, place);
    return rightGuess(tx, now);
  });
  return signedIn(
    ctx,
    outcome,
    () => new AppError(401, 'pupil_pictures_wrong', 'pupil_pictures_wrong', 'pictures'),
  );
}

/** The classes service tells auth the class's code changed or joining closed: its tickets stop working. */
export async function retireTickets(ctx: AuthDeps, classId: number): Promise<void> {
  await retireClassTickets(ctx.pool, classId);
}

/** Where and how often the class's pictures were guessed wrong lately; "inside" is a place its pupils sign in from. */
export async function classSignInTrouble(ctx: AuthDeps, classId: number) {
  const places = await signInTroubleOf(ctx.pool, classId);
  return places.map((p) => ({
    inside: p.inside,
    failures: p.failures,
    lastFailureAt: p.lastFailureAt.toISOString(),
    pausedUntil: p.pausedUntil?.toISOString() ?? null,
  }));
}

/** The teacher's one-click reset: counts and pauses go, and the class's tickets (the code changes in classes). */
export async function resetClassSignInTrouble(ctx: AuthDeps, classId: number): Promise<void> {
  await withTransaction(ctx.pool, async (tx) => {
    await clearClassSignInTrouble(tx, classId);
    await retireClassTickets(tx, classId);
  });
}

export async function unlockPupil(ctx: AuthDeps, userId: number): Promise<void> {
  if (!(await clearPupilFailures(ctx.pool, userId))) throw notFound();
}

const linkHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * A new personal sign-in link for the pupil (the QR code on their card): 24 random bytes behind their id, stored
 * as sha256 (192 bits need no slow hash). The secret is in this answer only; the previous link stops working.
 */
export async function createSignInLink(ctx: AuthDeps, userId: number): Promise<string> {
  const secret = `${userId}.${randomBytes(24).toString('base64url')}`;
  if (!(await replaceSignInLinkHash(ctx.pool, userId, linkHash(secret)))) throw notFound();
  return secret;
}

export async function revokeSignInLink(ctx: AuthDeps, userId: number): Promise<void> {
  if (!(await replaceSignInLinkHash(ctx.pool, userId, null))) throw notFound();
}

/**
 * Signs a pupil in by their personal link. A wrong secret touches no pupil (192 random bits cannot be guessed, and
 * a pause would let anyone lock a child out by their id): it spends the caller's address budget and a budget of all
 * addresses together, and the answer is the same whether or not the id is a pupil's. A right link signs in even
 * while wrong pictures pause the pupil: the card in the child's hand is the proof.
 */
export async function signInPupilByLink(ctx: AuthDeps, input: PupilLinkLoginRequest, ip: string) {
  const budgets = { pupilLinkIp: addressBucket(ip), pupilLinkAll: 'all' };
  throwIfLimited(await ctx.limits.check({ pupilLinkIp: budgets.pupilLinkIp }));
  // The budget of all addresses, once spent, refuses only addresses that have sent a wrong secret themselves:
  // a flood from many addresses slows the flooders, never a classroom whose cards are right.
  const everyone = await ctx.limits.check({ pupilLinkAll: budgets.pupilLinkAll });
  if (everyone && (await ctx.limits.spent('pupilLinkIp', budgets.pupilLinkIp)) > 0) throwIfLimited(everyone);
  const pupilId = Number(input.secret.slice(0, input.secret.indexOf('.')));
  const stored = await signInLinkOf(ctx.pool, pupilId);
  const given = linkHash(input.secret);
  if (!stored || !timingSafeEqual(stored.hash, given)) {
    await ctx.limits.consume(budgets);
    throw new AppError(401, 'pupil_link_invalid', 'pupil_link_invalid', 'secret');
  }
  // A right card from a past school year: its own message, no budget spent (a class holding last year's cards
  // must not pause the school), and the teacher prints new ones (docs/decisions/0048-qr-cards-end-with-the-school-year.md).
  if (stored.expired) throw new AppError(401, 'pupil_link_expired', 'pupil_link_expired', 'secret');
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    const credential = await lockPupilCredential(tx, pupilId);
    if (!credential) return { ok: false as const, lockedUntil: null };
    return rightGuess(tx, credential);
  });
  return signedIn(
    ctx,
    outcome,
    () => new AppError(401, 'pupil_link_invalid', 'pupil_link_invalid', 'secret'),
  );
}

/**
 * New login cards: fresh pictures and a fresh QR secret for each pupil, in one transaction (a card is either all
 * new or not printed). The answer is the only readable copy; auth keeps the hashes.
 */
export async function issueLoginCards(ctx: AuthDeps, userIds: number[]) {
  const drawn = await Promise.all(
    userIds.map(async (userId) => {
      const pictures = drawPictures();
      const secret = `${userId}.${randomBytes(24).toString('base64url')}`;
      return { userId, pictures, secret, hash: await hashPassword(pictureSecret(pictures)) };
    }),
  );
  return withTransaction(ctx.pool, async (tx) => {
    for (const card of drawn) {
      if (!(await replacePictureHash(tx, card.userId, card.hash))) throw notFound();
      await replaceSignInLinkHash(tx, card.userId, linkHash(card.secret));
    }
    return drawn.map(({ userId, pictures, secret }) => ({ userId, pictures, secret }));
  });
}
