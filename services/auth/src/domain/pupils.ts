import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  PICTURE_PASSWORD_LENGTH,
  type PicturePassword,
  PUPIL_SIGN_IN_LIMITS,
  type PupilLinkLoginRequest,
  type PupilLoginRequest,
  picturePasswordFromBytes,
  twoPictureCardsValid,
} from '@mathgames/contracts';
import { AppError, addressBucket, type Db, verifyJoinTicket, withTransaction } from '@mathgames/platform';
import { announceUserDeleted } from '../data-access/outbox.js';
import {
  classOutsideDayOf,
  clearClassSignInTrouble,
  clearPupilFailures,
  deletePupil,
  insertPupil,
  lockPupilCredential,
  markPlaceInside,
  type PupilCredential,
  pupilsAtDayCap,
  recordClassOutsideFailure,
  recordPlaceFailure,
  recordPupilDayFailure,
  recordPupilFailure,
  renamePupil,
  replacePictureHash,
  replaceSignInLinkHash,
  retireClassTickets,
  signInLinkOf,
  signInPlaceOf,
  signInTroubleOf,
  unlockPupilCredential,
} from '../data-access/pupils.js';
import { findUserById, recordLogin } from '../data-access/users.js';
import { GLOBAL_BUDGET_SLOW_MS, wrongLinksSlowed } from './abuse-limits.js';
import { toCurrentUser } from './current-user.js';
import { type AuthDeps, throwIfLimited } from './deps.js';
import { userDeletedEvent } from './events.js';

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
      return { name, pictures, hash: ctx.pictures.hash(pictureSecret(pictures)) };
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
  if (!(await replacePictureHash(ctx.pool, userId, ctx.pictures.hash(pictureSecret(pictures)))))
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

type SignInOutcome =
  | { ok: false; lockedUntil: Date | null; dayEndsAt?: Date | null }
  | { ok: true; userId: number };

const DAY_SECONDS = PUPIL_SIGN_IN_LIMITS.dayWindowSeconds;
/** When a day that began at `startedAt` ends. */
const dayEnd = (startedAt: Date) => new Date(startedAt.getTime() + DAY_SECONDS * 1000);

/** Refused for the rest of a day: the pupil's or the class's outside places' daily cap is reached (0042). */
function cappedToday(
  code: 'pupil_pictures_paused_today' | 'class_outside_paused_today',
  until: Date,
): AppError {
  return new AppError(429, code, code, undefined, {
    vars: { minutes: minutesUntil(until), seconds: Math.ceil((until.getTime() - Date.now()) / 1000) },
  });
}

/** When the pupil's day cap of wrong tries lifts, or null while it is not reached. */
const pupilCappedUntil = (credential: PupilCredential) =>
  credential.dayStartedAt && credential.dayFailures >= PUPIL_SIGN_IN_LIMITS.pupilDailyFailures
    ? dayEnd(credential.dayStartedAt)
    : null;

/**
 * A wrong picture guess counts against the pupil it named, in a row (the pause it may have started comes back)
 * and in the pupil's day (which the child's own sign-in does not clear).
 */
async function wrongPictures(tx: Db, credential: PupilCredential): Promise<SignInOutcome> {
  const limits = PUPIL_SIGN_IN_LIMITS;
  const lockedUntil = await recordPupilFailure(tx, credential.userId, {
    failures: limits.pupilFailures,
    lockSeconds: limits.pupilLockSeconds,
    maxLockSeconds: limits.pupilMaxLockSeconds,
  });
  const day = await recordPupilDayFailure(tx, credential.userId, DAY_SECONDS);
  const dayEndsAt = day && day.dayFailures >= limits.pupilDailyFailures ? dayEnd(day.dayStartedAt) : null;
  return { ok: false, lockedUntil, dayEndsAt };
}

async function rightGuess(tx: Db, credential: PupilCredential): Promise<SignInOutcome> {
  await clearPupilFailures(tx, credential.userId);
  return { ok: true, userId: credential.userId };
}

/** Answers a pupil sign-in; the guess that reached the limit already hears about the pause. */
async function signedIn(ctx: AuthDeps, outcome: SignInOutcome, wrong: () => AppError) {
  if (!outcome.ok) {
    // A pause this guess started is told first (it names its minutes); the day's cap holds from the next try.
    if (outcome.lockedUntil && outcome.lockedUntil > new Date())
      throw paused('pupil_locked', outcome.lockedUntil);
    if (outcome.dayEndsAt && outcome.dayEndsAt > new Date())
      throw cappedToday('pupil_pictures_paused_today', outcome.dayEndsAt);
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
  // The class's day of wrong tries from outside the school: reached, outside places wait, the school does not.
  if (!where.inside) {
    const day = await classOutsideDayOf(ctx.pool, classId, DAY_SECONDS);
    if (day.dayStartedAt && day.failures >= limits.classOutsideDailyFailures)
      throw cappedToday('class_outside_paused_today', dayEnd(day.dayStartedAt));
  }
  // Two pictures (72 values) sign nobody in after the date the teacher was warned of (TWO_PICTURE_CARDS_END).
  if (input.pictures.length < PICTURE_PASSWORD_LENGTH && !twoPictureCardsValid())
    throw new AppError(401, 'pupil_card_expired', 'pupil_card_expired', 'pictures');
  // Read without holding a lock (a row lock held through the slow hash would queue a class signing in at once).
  const found = await lockPupilCredential(ctx.pool, input.pupilId, DAY_SECONDS);
  const credential = found?.classId === classId ? found : null;
  const cappedUntil = credential ? pupilCappedUntil(credential) : null;
  if (cappedUntil) throw cappedToday('pupil_pictures_paused_today', cappedUntil);
  if (credential?.lockedUntil && credential.lockedUntil > new Date())
    throw paused('pupil_locked', credential.lockedUntil);
  // Equal cost for a pupil of another class or none: one verification either way.
  const { valid, rehash } = await ctx.pictures.verify(
    credential?.pictureHash ?? null,
    pictureSecret(input.pictures),
  );
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    // Now counted one after another: a guess racing others that paused the pupil meanwhile hears the pause only.
    const now = credential ? await lockPupilCredential(tx, credential.userId, DAY_SECONDS) : null;
    const nowCapped = now ? pupilCappedUntil(now) : null;
    if (nowCapped) throw cappedToday('pupil_pictures_paused_today', nowCapped);
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
      if (!where.inside) await recordClassOutsideFailure(tx, classId, DAY_SECONDS);
      // A pupil of another class is not this ticket's to pause.
      return now ? wrongPictures(tx, now) : { ok: false as const, lockedUntil: null };
    }
    await markPlaceInside(tx, classId, place);
    // An argon2id hash from before the keyed form is replaced now that the pictures are known right.
    if (rehash) await replacePictureHash(tx, now.userId, rehash);
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

/**
 * Where and how often the class's pictures were guessed wrong lately ("inside" is a place its pupils sign in
 * from), the class's day of wrong tries from outside the school against its cap, and how many pupils reached
 * their own daily cap.
 */
export async function classSignInTrouble(ctx: AuthDeps, classId: number) {
  const limits = PUPIL_SIGN_IN_LIMITS;
  const [places, outside, capped] = await Promise.all([
    signInTroubleOf(ctx.pool, classId),
    classOutsideDayOf(ctx.pool, classId, DAY_SECONDS),
    pupilsAtDayCap(ctx.pool, classId, limits.pupilDailyFailures, DAY_SECONDS),
  ]);
  return {
    places: places.map((p) => ({
      inside: p.inside,
      failures: p.failures,
      lastFailureAt: p.lastFailureAt.toISOString(),
      pausedUntil: p.pausedUntil?.toISOString() ?? null,
    })),
    outsideToday: {
      failures: outside.failures,
      cap: limits.classOutsideDailyFailures,
      until:
        outside.dayStartedAt && outside.failures >= limits.classOutsideDailyFailures
          ? dayEnd(outside.dayStartedAt).toISOString()
          : null,
    },
    pupilsCappedToday: capped,
  };
}

/** The teacher's one-click reset: counts and pauses go, and the class's tickets (the code changes in classes). */
export async function resetClassSignInTrouble(ctx: AuthDeps, classId: number): Promise<void> {
  await withTransaction(ctx.pool, async (tx) => {
    await clearClassSignInTrouble(tx, classId);
    await retireClassTickets(tx, classId);
  });
}

/** The teacher's unlock: the pause and the pupil's day of wrong tries go. */
export async function unlockPupil(ctx: AuthDeps, userId: number): Promise<void> {
  if (!(await unlockPupilCredential(ctx.pool, userId))) throw notFound();
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
 * Signs a pupil in by their personal link. A right secret is never refused: the card in the child's hand is the
 * proof, also while wrong pictures pause the pupil or while other addresses flood wrong secrets. A wrong secret
 * touches no pupil (192 random bits cannot be guessed, and a pause would let anyone lock a child out by their
 * id): it is refused once its address has spent its own budget of wrong secrets, and spends a budget of all
 * addresses together that, once spent, slows wrong secrets and is counted for the operator, never refuses anyone
 * (docs/decisions/0041-sign-in-budgets-per-address.md). The answer is the same whether or not the id is a pupil's.
 */
export async function signInPupilByLink(ctx: AuthDeps, input: PupilLinkLoginRequest, ip: string) {
  const address = addressBucket(ip);
  const pupilId = Number(input.secret.slice(0, input.secret.indexOf('.')));
  const stored = await signInLinkOf(ctx.pool, pupilId);
  const given = linkHash(input.secret);
  if (!stored || !timingSafeEqual(stored.hash, given)) {
    throwIfLimited(await ctx.limits.check({ pupilLinkIp: address }));
    const [, everyone] = await Promise.all([
      ctx.limits.consume({ pupilLinkIp: address }),
      ctx.limits.consume({ pupilLinkAll: 'all' }),
    ]);
    if (everyone) {
      wrongLinksSlowed.inc();
      await delay(GLOBAL_BUDGET_SLOW_MS);
    }
    throw new AppError(401, 'pupil_link_invalid', 'pupil_link_invalid', 'secret');
  }
  // A right card from a past school year: its own message, no budget spent (a class holding last year's cards
  // must not pause the school), and the teacher prints new ones (docs/decisions/0048-qr-cards-end-with-the-school-year.md).
  if (stored.expired) throw new AppError(401, 'pupil_link_expired', 'pupil_link_expired', 'secret');
  const outcome = await withTransaction(ctx.pool, async (tx) => {
    const credential = await lockPupilCredential(tx, pupilId, DAY_SECONDS);
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
      return { userId, pictures, secret, hash: ctx.pictures.hash(pictureSecret(pictures)) };
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
