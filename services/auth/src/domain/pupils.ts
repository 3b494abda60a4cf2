import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type PicturePassword,
  PUPIL_SIGN_IN_LIMITS,
  type PupilLinkLoginRequest,
  type PupilLoginRequest,
  picturePasswordFromBytes,
} from '@mathgames/contracts';
import { AppError, type Db, verifyJoinTicket, withTransaction } from '@mathgames/platform';
import { announceUserDeleted } from '../data-access/outbox.js';
import {
  classPausedUntil,
  clearPupilFailures,
  deletePupil,
  insertPupil,
  lockPupilCredential,
  type PupilCredential,
  recordClassFailure,
  recordPupilFailure,
  renamePupil,
  replacePictureHash,
  replaceSignInLinkHash,
  signInLinkHashOf,
} from '../data-access/pupils.js';
import { findUserById, recordLogin } from '../data-access/users.js';
import { toCurrentUser } from './current-user.js';
import type { AuthDeps } from './deps.js';
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

/** A wrong guess counts against the pupil it named (if any); the pause it may have started comes back. */
async function wrongGuess(tx: Db, credential: PupilCredential | null): Promise<SignInOutcome> {
  const lockedUntil = credential
    ? await recordPupilFailure(tx, credential.userId, {
        failures: PUPIL_SIGN_IN_LIMITS.pupilFailures,
        lockSeconds: PUPIL_SIGN_IN_LIMITS.pupilLockSeconds,
      })
    : null;
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
 * A pupil signs in with the ticket of their class's code, their name (id) and their two pictures. Wrong pictures
 * count against the pupil (a short pause after a handful) and against the class (a pause when a whole roster is
 * being tried), never against the school's address.
 */
export async function signInPupil(ctx: AuthDeps, input: PupilLoginRequest, internalSecret: string) {
  const classId = verifyJoinTicket(input.ticket, internalSecret);
  if (classId === null) throw new AppError(401, 'join_ticket_invalid', 'join_ticket_invalid', 'ticket');
  const limits = PUPIL_SIGN_IN_LIMITS;
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    const classPause = await classPausedUntil(tx, classId);
    if (classPause) throw paused('class_sign_in_paused', classPause);
    const credential = await lockPupilCredential(tx, input.pupilId);
    // Equal cost for a pupil of another class or none: one verification either way.
    const valid = await verifyPassword(
      credential?.classId === classId ? credential.pictureHash : null,
      pictureSecret(input.pictures),
    );
    if (credential?.classId === classId && credential.lockedUntil && credential.lockedUntil > new Date())
      throw paused('pupil_locked', credential.lockedUntil);
    if (!credential || credential.classId !== classId || !valid) {
      await recordClassFailure(tx, classId, {
        failures: limits.classFailures,
        windowSeconds: limits.classWindowSeconds,
        lockSeconds: limits.classLockSeconds,
      });
      return wrongGuess(tx, credential);
    }
    return rightGuess(tx, credential);
  });
  return signedIn(
    ctx,
    outcome,
    () => new AppError(401, 'pupil_pictures_wrong', 'pupil_pictures_wrong', 'pictures'),
  );
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
 * Signs a pupil in by their personal link. Wrong secrets count against the pupil the secret names (the same pause
 * as wrong pictures), never against the school's shared address; a link that was turned off is simply wrong.
 */
export async function signInPupilByLink(ctx: AuthDeps, input: PupilLinkLoginRequest) {
  const pupilId = Number(input.secret.slice(0, input.secret.indexOf('.')));
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    const credential = await lockPupilCredential(tx, pupilId);
    if (credential?.lockedUntil && credential.lockedUntil > new Date())
      throw paused('pupil_locked', credential.lockedUntil);
    const stored = credential ? await signInLinkHashOf(tx, pupilId) : null;
    const given = linkHash(input.secret);
    if (!credential || !stored || !timingSafeEqual(stored, given)) {
      return wrongGuess(tx, credential);
    }
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
