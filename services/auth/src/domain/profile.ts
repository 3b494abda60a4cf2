import type { CurrentUser, ProfileUpdateRequest } from '@mathgames/contracts';
import { AppError, withTransaction } from '@mathgames/platform';
import { deletePhoto, findPhoto, savePhoto } from '../data-access/photos.js';
import { revokeTokens } from '../data-access/tokens.js';
import { findUserById, isEmailTaken, updateProfile as writeProfile } from '../data-access/users.js';
import { type Caller, issueToken } from './account.js';
import type { AuthContext } from './context.js';
import { photoUrl, toCurrentUser } from './current-user.js';
import { queueEmailChangedMail } from './mail-jobs.js';
import { PhotoRejectedError, processPhoto } from './photos.js';

export type ProfileUpdateResult = { user: CurrentUser; emailChanged: boolean };

/**
 * Updates the caller's own profile (there is no user id in the request, so nobody can edit another's).
 * A new e-mail must be free, makes the account unverified, voids old verification links, sends a link to
 * the new address and a notice to the old one.
 */
export async function updateProfile(
  ctx: AuthContext,
  userId: number,
  input: ProfileUpdateRequest,
  caller: Caller,
): Promise<ProfileUpdateResult> {
  const emailTaken = () => new AppError(409, 'email_taken', 'email_taken', 'email');
  const emailChanged = await withTransaction(ctx.pool, async (client) => {
    const current = await findUserById(client, userId);
    if (!current) throw new AppError(401, 'unauthorized');
    const changed = (current.email ?? '').toLowerCase() !== input.email;
    if (changed && (await isEmailTaken(client, input.email, userId))) throw emailTaken();
    const saved = await writeProfile(
      client,
      userId,
      {
        displayName: input.displayName,
        email: changed ? input.email : undefined,
        // An empty "about" clears it; absent leaves it as it was.
        about: input.about === undefined ? undefined : input.about || null,
        receiveNotifications: input.receiveNotifications,
        avatarColor: input.avatarColor,
        lang: caller.lang,
      },
      changed,
    );
    if (!saved) throw emailTaken();
    if (changed) {
      await revokeTokens(client, userId, 'verify_email');
      const token = await issueToken(client, 'verify_email', userId, input.email);
      await queueEmailChangedMail(
        client,
        { userId, email: input.email, username: current.username, lang: caller.lang },
        current.email,
        token,
      );
    }
    return changed;
  });
  const user = await findUserById(ctx.pool, userId);
  if (!user) throw new AppError(401, 'unauthorized');
  return { user: toCurrentUser(user), emailChanged };
}

export async function uploadPhoto(ctx: AuthContext, userId: number, file: Buffer): Promise<string> {
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

export async function removePhoto(ctx: AuthContext, userId: number): Promise<void> {
  await deletePhoto(ctx.pool, userId);
}

export async function readPhoto(ctx: AuthContext, userId: number, version: string): Promise<Buffer> {
  const content = await findPhoto(ctx.pool, userId, version);
  if (!content) throw new AppError(404, 'not_found');
  return content;
}
