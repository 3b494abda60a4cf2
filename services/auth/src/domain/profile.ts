import type { CurrentUser, ProfileUpdateRequest } from '@mathgames/contracts';
import { AppError, withTransaction } from '@mathgames/platform';
import { deletePhoto, findPhoto, savePhoto } from '../data-access/photos.js';
import { revokeTokens } from '../data-access/tokens.js';
import {
  findUserById,
  isEmailTaken,
  type UserRecord,
  updateProfile as writeProfile,
} from '../data-access/users.js';
import { type Caller, issueToken } from './account.js';
import { photoUrl, toCurrentUser } from './current-user.js';
import { type AuthDeps, throwIfLimited } from './deps.js';
import { verifyPassword } from './passwords.js';
import { PhotoRejectedError, processPhoto } from './photos.js';

export type ProfileUpdateResult = { user: CurrentUser; emailChangeRequested: boolean };

/**
 * Updates the caller's own profile (there is no user id in the request, so nobody can edit another's).
 * A new e-mail is only a request: it needs the current password (a stolen session alone cannot take the
 * account over), and changes nothing until the new address opens its link (confirmEmailChange). The answer is
 * the same whether or not the address is free, so the form tells nobody which addresses are registered.
 */
export async function updateProfile(
  ctx: AuthDeps,
  userId: number,
  input: ProfileUpdateRequest,
  caller: Caller,
): Promise<ProfileUpdateResult> {
  const current = await findUserById(ctx.pool, userId);
  if (!current) throw new AppError(401, 'unauthorized');
  const newEmail = input.email;
  const emailChangeRequested = newEmail !== undefined && (current.email ?? '').toLowerCase() !== newEmail;
  // A pupil has no e-mail and no password (they sign in with pictures): no address can be set for them.
  if (emailChangeRequested && current.role === 'pupil')
    throw new AppError(403, 'forbidden', 'forbidden', 'email');
  if (emailChangeRequested) await checkCurrentPassword(ctx, current, input.currentPassword);
  await withTransaction(ctx.pool, async (client) => {
    await writeProfile(
      client,
      userId,
      {
        displayName: input.displayName,
        // An empty "about" clears it; absent leaves it as it was.
        about: input.about === undefined ? undefined : input.about || null,
        receiveNotifications: input.receiveNotifications,
        avatarColor: input.avatarColor,
        lang: caller.lang,
      },
      false,
    );
    if (!emailChangeRequested || newEmail === undefined) return;
    // Only the latest request counts: older confirmation links stop working.
    await revokeTokens(client, userId, 'change_email');
    if (await isEmailTaken(client, newEmail, userId)) return;
    const token = await issueToken(client, 'change_email', userId, newEmail);
    await ctx.mail.confirmEmailChange(
      client,
      { userId, email: newEmail, username: current.username, lang: caller.lang },
      token,
    );
  });
  const user = await findUserById(ctx.pool, userId);
  if (!user) throw new AppError(401, 'unauthorized');
  return { user: toCurrentUser(user), emailChangeRequested };
}

/** The password guard of sensitive changes; wrong guesses spend a per-account budget like logins do. */
async function checkCurrentPassword(
  ctx: AuthDeps,
  user: UserRecord,
  password: string | undefined,
): Promise<void> {
  if (!password) throw new AppError(400, 'validation_error', 'current_password_required', 'currentPassword');
  const budget = { currentPasswordUser: String(user.id) };
  throwIfLimited(await ctx.limits.check(budget));
  if (await verifyPassword(user.passwordHash, password)) return;
  await ctx.limits.consume(budget);
  throw new AppError(400, 'validation_error', 'current_password_wrong', 'currentPassword');
}

export async function uploadPhoto(ctx: AuthDeps, userId: number, file: Buffer): Promise<string> {
  // Decoding costs real CPU, so each account has an hourly budget of attempts, failed ones included.
  throwIfLimited(await ctx.limits.take({ photoUploadUser: String(userId) }));
  let photo: Awaited<ReturnType<typeof processPhoto>>;
  try {
    photo = await processPhoto(file);
  } catch (error) {
    if (error instanceof PhotoRejectedError) {
      // A decompression bomb is "too big" to a child; anything undecodable is "not an image".
      const key = error.reason === 'too_many_pixels' ? 'photo_too_large' : 'photo_type_invalid';
      throw new AppError(400, 'validation_error', key, 'photo');
    }
    throw error;
  }
  if (!(await findUserById(ctx.pool, userId))) throw new AppError(401, 'unauthorized');
  await savePhoto(ctx.pool, userId, photo);
  return photoUrl(photo.version)!;
}

export async function removePhoto(ctx: AuthDeps, userId: number): Promise<void> {
  await deletePhoto(ctx.pool, userId);
}

export async function readPhoto(ctx: AuthDeps, userId: number, version: string): Promise<Buffer> {
  const content = await findPhoto(ctx.pool, userId, version);
  if (!content) throw new AppError(404, 'not_found');
  return content;
}
