import { randomBytes } from 'node:crypto';
import {
  type CreateClassRequest,
  joinCodeFromBytes,
  MAX_CLASSES_PER_TEACHER,
  type TeacherClass,
  type UpdateClassRequest,
} from '@mathgames/contracts';
import { AppError, type SchoolScope } from '@mathgames/platform';
import {
  type ClassRecord,
  countClassesOfTeacher,
  deleteClass,
  findClassOfTeacher,
  insertClass,
  listClassesOfTeacher,
  replaceJoinCode,
  updateClass,
} from '../data-access/classes-repository.js';
import { schoolForNewClass } from '../data-access/schools-repository.js';
import type { ClassesContext, Teacher } from './deps.js';
import { classNotFound } from './not-found.js';

function newJoinCode(): string {
  for (;;) {
    const code = joinCodeFromBytes(randomBytes(16));
    if (code) return code;
  }
}

/** 31^6 ≈ 887 million codes: a collision is rare, a handful of draws makes it vanishingly so. */
async function withFreshCode<T>(attempt: (code: string) => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 8; i++) {
    const result = await attempt(newJoinCode());
    if (result !== null) return result;
  }
  throw new Error('no free join code after 8 draws');
}

export function toTeacherClass(record: ClassRecord): TeacherClass {
  return {
    id: record.id,
    name: record.name,
    grade: record.grade,
    joinCode: record.joinCode,
    joiningOpen: record.joiningOpen,
    archived: record.archived,
    pupilCount: record.pupilCount,
    createdAt: record.createdAt.toISOString(),
  };
}

export async function listTeacherClasses(ctx: ClassesContext, teacherId: number): Promise<TeacherClass[]> {
  return (await listClassesOfTeacher(ctx.db, teacherId)).map(toTeacherClass);
}

export async function getTeacherClass(ctx: ClassesContext, teacherId: number, classId: number) {
  const found = await findClassOfTeacher(ctx.db, teacherId, classId);
  if (!found) throw classNotFound();
  return toTeacherClass(found);
}

/**
 * Only a teacher whose e-mail is verified creates classes (a class holds children's names). The class goes into the
 * teacher's first school as a teacher; a teacher with none gets a school of their own first (an admin later moves or
 * merges it), so the request's school set is read again when it changed.
 */
export async function createTeacherClass(
  ctx: ClassesContext,
  teacher: Teacher,
  input: CreateClassRequest,
): Promise<TeacherClass> {
  await ctx.teachers.requireVerifiedTeacher(teacher);
  const schoolId = await schoolForNewClass(ctx.db, teacher.userId);
  const db = inScope(ctx.db.scope, schoolId) ? ctx.db : await ctx.rescope();
  return db.transaction(async (tx) => {
    // One teacher's creations are serialised, so the limit holds under double clicks.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`classes:teacher:${teacher.userId}`]);
    if ((await countClassesOfTeacher(tx, teacher.userId)) >= MAX_CLASSES_PER_TEACHER) {
      throw new AppError(409, 'class_limit_reached', 'class_limit_reached', undefined, {
        vars: { max: MAX_CLASSES_PER_TEACHER },
      });
    }
    const id = await withFreshCode((joinCode) =>
      insertClass(tx, {
        teacherId: teacher.userId,
        schoolId,
        name: input.name,
        grade: input.grade,
        joinCode,
      }),
    );
    return toTeacherClass((await findClassOfTeacher(tx, teacher.userId, id))!);
  });
}

const inScope = (scope: SchoolScope, schoolId: number) =>
  'allSchools' in scope || scope.schoolIds.includes(schoolId);

/** Closing joining (or archiving) also retires the tickets already handed out with the roster. */
export async function changeTeacherClass(
  ctx: ClassesContext,
  teacher: Teacher,
  classId: number,
  changes: UpdateClassRequest,
): Promise<TeacherClass> {
  if (!(await updateClass(ctx.db, teacher.userId, classId, changes))) throw classNotFound();
  if (changes.joiningOpen === false || changes.archived === true)
    await ctx.accounts.retireTickets(teacher, classId);
  return getTeacherClass(ctx, teacher.userId, classId);
}

/**
 * The old code stops working at once (a lost card, a code seen by another class), and so do the tickets it gave.
 * Auth retires them before the new code is written, so a failure there leaves the old code in place rather than
 * its tickets alive; and again once the new code is committed, because the old code still handed out tickets
 * until that commit: every ticket it gave is older than the second retirement.
 */
export async function regenerateJoinCode(ctx: ClassesContext, teacher: Teacher, classId: number) {
  await getTeacherClass(ctx, teacher.userId, classId);
  await ctx.accounts.retireTickets(teacher, classId);
  const changed = await withFreshCode(async (code) => replaceJoinCode(ctx.db, teacher.userId, classId, code));
  if (!changed) throw classNotFound();
  await ctx.accounts.retireTickets(teacher, classId);
  return getTeacherClass(ctx, teacher.userId, classId);
}

/** The teacher's sign-in trouble panel: wrong picture tries per place (inside the school's network or not). */
export async function classSignInTrouble(ctx: ClassesContext, teacher: Teacher, classId: number) {
  await getTeacherClass(ctx, teacher.userId, classId);
  return ctx.accounts.signInTrouble(teacher, classId);
}

/** One click: counts and pauses cleared, the code changed and every ticket retired. */
export async function resetClassSignIn(ctx: ClassesContext, teacher: Teacher, classId: number) {
  await getTeacherClass(ctx, teacher.userId, classId);
  await ctx.accounts.resetSignInTrouble(teacher, classId);
  return regenerateJoinCode(ctx, teacher, classId);
}

export async function deleteTeacherClass(ctx: ClassesContext, teacherId: number, classId: number) {
  if (!(await deleteClass(ctx.db, teacherId, classId))) throw classNotFound();
}
