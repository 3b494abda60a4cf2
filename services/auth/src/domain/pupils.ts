import { randomBytes, randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  type PicturePassword,
  PUPIL_SIGN_IN_LIMITS,
  type PupilLoginRequest,
  picturePasswordFromBytes,
  USER_DELETED,
} from '@mathgames/contracts';
import { AppError, outbox, verifyJoinTicket, withTransaction } from '@mathgames/platform';
import {
  classPausedUntil,
  clearPupilFailures,
  deletePupil,
  insertPupil,
  lockPupilCredential,
  recordClassFailure,
  recordPupilFailure,
  renamePupil,
  replacePictureHash,
} from '../data-access/pupils.js';
import { findUserById, recordLogin } from '../data-access/users.js';
import type { AuthContext } from './context.js';
import { toCurrentUser } from './current-user.js';
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
  ctx: AuthContext,
  input: { classId: number; names: string[]; lang: 'tr' | 'en' },
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
        pictureHash: pupil.hash,
      });
      accounts.push({ userId, pictures: pupil.pictures });
    }
    return accounts;
  });
}

const notFound = () => new AppError(404, 'not_found', 'pupil_not_found');

export async function resetPupilPictures(ctx: AuthContext, userId: number): Promise<PupilAccount> {
  const pictures = drawPictures();
  if (!(await replacePictureHash(ctx.pool, userId, await hashPassword(pictureSecret(pictures)))))
    throw notFound();
  return { userId, pictures };
}

export async function renamePupilAccount(ctx: AuthContext, userId: number, name: string): Promise<void> {
  if (!(await renamePupil(ctx.pool, userId, name))) throw notFound();
}

/**
 * Deletes the account and announces it in the same transaction (`user.deleted.v1`: every service erases the
 * pupil's rows), then ends the pupil's sessions.
 */
export async function deletePupilAccount(ctx: AuthContext, userId: number): Promise<void> {
  const deleted = await withTransaction(ctx.pool, async (tx) => {
    if (!(await deletePupil(tx, userId))) return false;
    await outbox('auth').publish(tx, USER_DELETED, {
      id: randomUUID(),
      type: EVENT_TYPES.userDeleted,
      createdAt: new Date().toISOString(),
      userId,
    });
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

/**
 * A pupil signs in with the ticket of their class's code, their name (id) and their two pictures. Wrong pictures
 * count against the pupil (a short pause after a handful) and against the class (a pause when a whole roster is
 * being tried), never against the school's address.
 */
export async function signInPupil(ctx: AuthContext, input: PupilLoginRequest, internalSecret: string) {
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
      const lockedUntil = credential
        ? await recordPupilFailure(tx, credential.userId, {
            failures: limits.pupilFailures,
            lockSeconds: limits.pupilLockSeconds,
          })
        : null;
      return { ok: false as const, lockedUntil };
    }
    await clearPupilFailures(tx, credential.userId);
    return { ok: true as const, userId: credential.userId };
  });
  if (!outcome.ok) {
    if (outcome.lockedUntil && outcome.lockedUntil > new Date())
      throw paused('pupil_locked', outcome.lockedUntil);
    throw new AppError(401, 'pupil_pictures_wrong', 'pupil_pictures_wrong', 'pictures');
  }
  await recordLogin(
    ctx.pool,
    outcome.userId,
    (await findUserById(ctx.pool, outcome.userId))?.lang ?? 'tr',
    null,
  );
  const user = await findUserById(ctx.pool, outcome.userId);
  if (!user) throw new AppError(401, 'pupil_pictures_wrong', 'pupil_pictures_wrong', 'pictures');
  return { userId: user.id, user: toCurrentUser(user) };
}

export async function unlockPupil(ctx: AuthContext, userId: number): Promise<void> {
  if (!(await clearPupilFailures(ctx.pool, userId))) throw notFound();
}
