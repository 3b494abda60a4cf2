import { randomBytes } from 'node:crypto';
import { type PicturePassword, picturePasswordFromBytes } from '@mathgames/contracts';
import { AppError, withTransaction } from '@mathgames/platform';
import { deletePupil, insertPupil, renamePupil, replacePictureHash } from '../data-access/pupils.js';
import type { AuthContext } from './context.js';
import { hashPassword } from './passwords.js';

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

export async function deletePupilAccount(ctx: AuthContext, userId: number): Promise<void> {
  if (!(await deletePupil(ctx.pool, userId))) throw notFound();
}
