import {
  type ClassProgress,
  type ClassPupil,
  levelForPoints,
  MAX_PUPILS_PER_CLASS,
  PICTURE_PASSWORD_LENGTH,
  type PicturePassword,
  successRate,
  weekStartKey,
} from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import { findClassOfTeacher } from '../data-access/classes-repository.js';
import { readClassProgress } from '../data-access/progress-read.js';
import {
  countPupilsOfClass,
  deletePupilRow,
  findPupilOfTeacher,
  insertPupils,
  listPupilsOfClass,
  type PupilRecord,
  renamePupilRow,
  setPictureCounts,
} from '../data-access/pupils-repository.js';
import type { ClassesContext, Teacher } from './deps.js';
import { classNotFound, pupilNotFound } from './not-found.js';
import type { PupilAccountsClient } from './pupil-accounts.js';

function toClassPupil(record: PupilRecord, pictures?: PicturePassword): ClassPupil {
  return {
    id: record.id,
    name: record.name,
    createdAt: record.createdAt.toISOString(),
    ...(pictures ? { pictures: [...pictures] } : {}),
    oldCard: (pictures?.length ?? record.pictureCount) < PICTURE_PASSWORD_LENGTH,
  };
}

async function requireClass(ctx: ClassesContext, teacherId: number, classId: number) {
  const found = await findClassOfTeacher(ctx.db, teacherId, classId);
  if (!found) throw classNotFound();
  return found;
}

async function requirePupil(ctx: ClassesContext, teacherId: number, classId: number, pupilId: number) {
  const found = await findPupilOfTeacher(ctx.db, teacherId, classId, pupilId);
  if (!found) throw pupilNotFound();
  return found;
}

export async function listClassPupils(ctx: ClassesContext, teacherId: number, classId: number) {
  await requireClass(ctx, teacherId, classId);
  return (await listPupilsOfClass(ctx.db, classId)).map((p) => toClassPupil(p));
}

/**
 * Adds pupils by name: auth makes their accounts and draws their pictures, then they join the roster. The
 * pictures are in this answer only (auth keeps a hash), so the teacher prints the cards from it.
 */
export async function addClassPupils(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  names: string[],
): Promise<ClassPupil[]> {
  await requireClass(ctx, teacher.userId, classId);
  const present = await countPupilsOfClass(ctx.db, classId);
  if (present + names.length > MAX_PUPILS_PER_CLASS)
    throw new AppError(409, 'class_full', 'class_full', 'names', { vars: { max: MAX_PUPILS_PER_CLASS } });
  const accounts = await ctx.accounts.create(teacher, classId, names);
  try {
    return await ctx.db.transaction(async (tx) => {
      // Serialised per class, so two pastes at once cannot pass the limit together.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`classes:class:${classId}`]);
      if ((await countPupilsOfClass(tx, classId)) + names.length > MAX_PUPILS_PER_CLASS)
        throw new AppError(409, 'class_full', 'class_full', 'names', { vars: { max: MAX_PUPILS_PER_CLASS } });
      const rows = await insertPupils(
        tx,
        classId,
        accounts.map((account, i) => ({
          id: account.userId,
          name: names[i]!,
          pictureCount: account.pictures.length,
        })),
      );
      const pictures = new Map(accounts.map((a) => [a.userId, a.pictures]));
      return rows.map((row) => toClassPupil(row, pictures.get(row.id)));
    });
  } catch (err) {
    // The roster refused them: the accounts must not outlive that.
    await Promise.allSettled(accounts.map((a) => ctx.accounts.remove(teacher, a.userId)));
    throw err;
  }
}

export async function renameClassPupil(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  pupilId: number,
  name: string,
): Promise<ClassPupil> {
  const pupil = await requirePupil(ctx, teacher.userId, classId, pupilId);
  await ctx.accounts.rename(teacher, pupilId, name);
  await renamePupilRow(ctx.db, pupilId, name);
  return toClassPupil({ ...pupil, name });
}

export async function resetClassPupilPictures(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  pupilId: number,
): Promise<ClassPupil> {
  const pupil = await requirePupil(ctx, teacher.userId, classId, pupilId);
  const [account] = await ctx.accounts.resetPictures(teacher, pupilId);
  await setPictureCounts(ctx.db, [{ id: pupilId, pictureCount: account!.pictures.length }]);
  return toClassPupil(pupil, account!.pictures);
}

/** The account goes first: a roster row without an account is harmless, an account without a class is not. */
export async function removeClassPupil(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  pupilId: number,
) {
  await requirePupil(ctx, teacher.userId, classId, pupilId);
  await ctx.accounts.remove(teacher, pupilId);
  await deletePupilRow(ctx.db, pupilId);
}

/** Deleting a class deletes its pupils' accounts too. */
export async function removeAllPupilsOfClass(ctx: ClassesContext, teacher: Teacher, classId: number) {
  for (const pupil of await listPupilsOfClass(ctx.db, classId)) {
    await ctx.accounts.remove(teacher, pupil.id);
    await deletePupilRow(ctx.db, pupil.id);
  }
}

/** A use case that is one auth call on a pupil, made once the pupil is known to be on the teacher's class roster. */
function rosteredPupilCall<T>(
  call: (accounts: PupilAccountsClient, teacher: Teacher, pupilId: number) => Promise<T>,
) {
  return async (ctx: ClassesContext, teacher: Teacher, classId: number, pupilId: number): Promise<T> => {
    await requirePupil(ctx, teacher.userId, classId, pupilId);
    return call(ctx.accounts, teacher, pupilId);
  };
}

/** A new personal QR sign-in secret for the pupil (shown once; the previous one stops working). */
export const newPupilSignInLink = rosteredPupilCall((accounts, teacher, pupilId) =>
  accounts.createSignInLink(teacher, pupilId),
);

export const revokePupilSignInLink = rosteredPupilCall((accounts, teacher, pupilId) =>
  accounts.revokeSignInLink(teacher, pupilId),
);

/**
 * New login cards for the class's pupils (all, or the ones named): new pictures and QR secrets from auth. Names not
 * on this class's roster are a 404, so nobody prints another class's pupils.
 */
export async function issueClassLoginCards(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  pupilIds?: number[],
) {
  const found = await requireClass(ctx, teacher.userId, classId);
  const roster = await listPupilsOfClass(ctx.db, classId);
  const wanted = pupilIds ? new Set(pupilIds) : null;
  const chosen = wanted ? roster.filter((p) => wanted.has(p.id)) : roster;
  if (wanted && chosen.length !== wanted.size) throw pupilNotFound();
  const cards =
    chosen.length > 0
      ? await ctx.accounts.issueCards(
          teacher,
          chosen.map((p) => p.id),
        )
      : [];
  const byId = new Map(cards.map((c) => [c.userId, c]));
  await setPictureCounts(
    ctx.db,
    cards.map((c) => ({ id: c.userId, pictureCount: c.pictures.length })),
  );
  return {
    className: found.name,
    joinCode: found.joinCode,
    items: chosen.map((p) => ({
      pupilId: p.id,
      name: p.name,
      pictures: byId.get(p.id)!.pictures,
      secret: byId.get(p.id)!.secret,
    })),
  };
}

/** Lifts a pupil's wrong-picture pause (the teacher knows it is really them). */
export const unlockClassPupil = rosteredPupilCall((accounts, teacher, pupilId) =>
  accounts.unlock(teacher, pupilId),
);

/** The dashboard's table: this week's questions and accuracy (0 once a new week starts), points, level, last game. */
export async function classProgress(
  ctx: ClassesContext & { timeZone: string },
  teacherId: number,
  classId: number,
): Promise<ClassProgress> {
  await requireClass(ctx, teacherId, classId);
  const thisWeek = weekStartKey(new Date(), ctx.timeZone);
  const rows = await readClassProgress(ctx.db, classId);
  return {
    items: rows.map((row) => {
      const current = row.weekStart === thisWeek;
      const questions = current ? row.questionsWeek : 0;
      return {
        pupilId: row.pupilId,
        name: row.name,
        questionsThisWeek: questions,
        accuracyThisWeek: questions > 0 ? successRate(row.correctWeek, questions) : null,
        points: row.points,
        level: levelForPoints(row.points),
        lastPlayedAt: row.lastPlayedAt ? row.lastPlayedAt.toISOString() : null,
      };
    }),
  };
}
