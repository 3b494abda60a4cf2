import {
  type ClassAssignment,
  type CreateAssignmentRequest,
  MAX_ASSIGNMENTS_PER_CLASS,
  type PupilAssignment,
} from '@mathgames/contracts';
import { AppError, type SchoolScopedDb } from '@mathgames/platform';
import type pg from 'pg';
import {
  type AssignmentRecord,
  type AssignmentTargetRecord,
  closeAssignment,
  completeMatchingAssignments,
  countAssignmentsOfClass,
  deleteAssignment,
  insertAssignment,
  listAssignmentsOfClass,
  listAssignmentTargets,
  listOpenAssignmentsOfPupil,
  pupilsOnRoster,
} from '../data-access/assignments-repository.js';
import { findClassOfTeacher } from '../data-access/classes-repository.js';
import { classNotFound } from './not-found.js';

interface AssignmentsContext {
  db: SchoolScopedDb;
}

const assignmentNotFound = () => new AppError(404, 'not_found', 'assignment_not_found');

async function requireClass(ctx: AssignmentsContext, teacherId: number, classId: number) {
  if (!(await findClassOfTeacher(ctx.db, teacherId, classId))) throw classNotFound();
}

function toClassAssignment(record: AssignmentRecord, targets: AssignmentTargetRecord[]): ClassAssignment {
  return {
    id: record.id,
    gameType: record.gameType,
    difficulty: record.difficulty,
    questionsCount: record.questionsCount,
    dueAt: record.dueAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    wholeClass: record.wholeClass,
    closed: record.closed,
    pupils: targets.map((t) => ({
      pupilId: t.pupilId,
      name: t.name,
      finished: t.finishedAt !== null,
      correctAnswers: t.correctAnswers,
      points: t.points,
      finishedAt: t.finishedAt ? t.finishedAt.toISOString() : null,
      late: t.late,
    })),
  };
}

async function withTargets(ctx: AssignmentsContext, records: AssignmentRecord[]): Promise<ClassAssignment[]> {
  const targets = await listAssignmentTargets(
    ctx.db,
    records.map((r) => r.id),
  );
  return records.map((record) =>
    toClassAssignment(
      record,
      targets.filter((t) => t.assignmentId === record.id),
    ),
  );
}

/** A class's assignments with, for each, who finished and how well. */
export async function listClassAssignments(
  ctx: AssignmentsContext,
  teacherId: number,
  classId: number,
): Promise<ClassAssignment[]> {
  await requireClass(ctx, teacherId, classId);
  return withTargets(ctx, await listAssignmentsOfClass(ctx.db, teacherId, classId));
}

/** Gives practice to the whole class, or to chosen pupils of it (a pupil of another class is refused). */
export async function assignPractice(
  ctx: AssignmentsContext,
  teacherId: number,
  classId: number,
  input: CreateAssignmentRequest,
): Promise<ClassAssignment> {
  await requireClass(ctx, teacherId, classId);
  const id = await ctx.db.transaction(async (tx) => {
    // Serialised per class, so double clicks cannot pass the limit together.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`classes:assignments:${classId}`]);
    if ((await countAssignmentsOfClass(tx, classId)) >= MAX_ASSIGNMENTS_PER_CLASS)
      throw new AppError(409, 'assignment_limit_reached', 'assignment_limit_reached', undefined, {
        vars: { max: MAX_ASSIGNMENTS_PER_CLASS },
      });
    let pupilIds: number[] | null = null;
    if (input.pupilIds) {
      pupilIds = [...new Set(input.pupilIds)];
      if ((await pupilsOnRoster(tx, classId, pupilIds)).length !== pupilIds.length)
        throw new AppError(400, 'validation_error', 'assignment_pupils_unknown', 'pupilIds');
    }
    return insertAssignment(tx, {
      classId,
      teacherId,
      gameType: input.gameType,
      difficulty: input.difficulty,
      questionsCount: input.questionsCount,
      dueAt: new Date(input.dueAt),
      pupilIds,
    });
  });
  const [created] = await withTargets(ctx, await listAssignmentsOfClass(ctx.db, teacherId, classId, id));
  return created!;
}

/** Closed: pupils no longer see it and new games no longer finish it; the results so far stay. */
export async function closeClassAssignment(
  ctx: AssignmentsContext,
  teacherId: number,
  classId: number,
  assignmentId: number,
) {
  if (!(await closeAssignment(ctx.db, teacherId, classId, assignmentId))) throw assignmentNotFound();
}

export async function deleteClassAssignment(
  ctx: AssignmentsContext,
  teacherId: number,
  classId: number,
  assignmentId: number,
) {
  if (!(await deleteAssignment(ctx.db, teacherId, classId, assignmentId))) throw assignmentNotFound();
}

/** The signed-in pupil's own open assignments; anyone who is no pupil has none. */
export async function pupilAssignments(ctx: AssignmentsContext, pupilId: number): Promise<PupilAssignment[]> {
  return (await listOpenAssignmentsOfPupil(ctx.db, pupilId)).map((r) => ({
    id: r.id,
    gameType: r.gameType,
    difficulty: r.difficulty,
    questionsCount: r.questionsCount,
    dueAt: r.dueAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    done: r.finishedAt !== null,
    correctAnswers: r.correctAnswers,
  }));
}

/** A recorded game finishes the pupil's matching open assignments (in the worker's transaction for the event). */
export function finishAssignmentsWith(
  tx: pg.PoolClient,
  game: {
    userId: number;
    gameType: ClassAssignment['gameType'];
    difficulty: ClassAssignment['difficulty'];
    questionsCount: number;
    correctAnswers: number;
    points: number;
    receivedAt: string;
  },
) {
  return completeMatchingAssignments(tx, {
    userId: game.userId,
    gameType: game.gameType,
    difficulty: game.difficulty,
    questionsCount: game.questionsCount,
    correctAnswers: game.correctAnswers,
    points: game.points,
    // The server's receipt time, never the device's play time: a client can set that up to 14 days back.
    receivedAt: new Date(game.receivedAt),
  });
}
