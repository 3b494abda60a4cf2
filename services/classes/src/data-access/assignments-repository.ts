import type { Difficulty, GameType } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';
import type pg from 'pg';

export interface AssignmentRecord {
  id: number;
  classId: number;
  gameType: GameType;
  difficulty: Difficulty;
  questionsCount: number;
  dueAt: Date;
  wholeClass: boolean;
  closed: boolean;
  createdAt: Date;
}

export interface AssignmentTargetRecord {
  assignmentId: number;
  pupilId: number;
  name: string;
  correctAnswers: number | null;
  points: number | null;
  finishedAt: Date | null;
  late: boolean | null;
}

const SELECT_ASSIGNMENT = `
  SELECT a.id, a.class_id AS "classId", a.game_type AS "gameType", a.difficulty,
         a.questions_count AS "questionsCount", a.due_at AS "dueAt", a.whole_class AS "wholeClass",
         a.closed_at IS NOT NULL AS closed, a.created_at AS "createdAt"
    FROM classes.assignments a`;

export async function countAssignmentsOfClass(db: Db, classId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM classes.assignments WHERE class_id = $1',
    [classId],
  );
  return rows[0]!.n;
}

/** The ids among `pupilIds` that are on the class's roster. */
export async function pupilsOnRoster(db: Db, classId: number, pupilIds: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT user_id AS id FROM classes.pupils WHERE class_id = $1 AND user_id = ANY($2::int[])',
    [classId, pupilIds],
  );
  return rows.map((r) => r.id);
}

export async function insertAssignment(
  db: Db,
  values: {
    classId: number;
    teacherId: number;
    gameType: GameType;
    difficulty: Difficulty;
    questionsCount: number;
    dueAt: Date;
    pupilIds: number[] | null;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO classes.assignments (class_id, teacher_id, game_type, difficulty, questions_count, due_at, whole_class)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      values.classId,
      values.teacherId,
      values.gameType,
      values.difficulty,
      values.questionsCount,
      values.dueAt,
      values.pupilIds === null,
    ],
  );
  const id = rows[0]!.id;
  if (values.pupilIds !== null)
    await db.query(
      `INSERT INTO classes.assignment_pupils (assignment_id, user_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [id, values.pupilIds],
    );
  return id;
}

/** Newest first; only this teacher's class (another teacher's reads as none). */
export async function listAssignmentsOfClass(
  db: Db,
  teacherId: number,
  classId: number,
  assignmentId?: number,
): Promise<AssignmentRecord[]> {
  const { rows } = await db.query<AssignmentRecord>(
    `${SELECT_ASSIGNMENT}
      WHERE a.class_id = $1 AND a.teacher_id = $2 AND ($3::int IS NULL OR a.id = $3)
      ORDER BY a.closed_at IS NOT NULL, a.due_at, a.id DESC`,
    [classId, teacherId, assignmentId ?? null],
  );
  return rows;
}

/** Every pupil each assignment is for (the whole roster, or the chosen ones), with their result if finished. */
export async function listAssignmentTargets(
  db: Db,
  assignmentIds: number[],
): Promise<AssignmentTargetRecord[]> {
  if (assignmentIds.length === 0) return [];
  const { rows } = await db.query<AssignmentTargetRecord>(
    `SELECT a.id AS "assignmentId", p.user_id AS "pupilId", p.display_name AS name,
            c.correct_answers AS "correctAnswers", c.points, c.finished_at AS "finishedAt", c.late
       FROM classes.assignments a
       JOIN classes.pupils p ON p.class_id = a.class_id
       LEFT JOIN classes.assignment_completions c ON c.assignment_id = a.id AND c.user_id = p.user_id
      WHERE a.id = ANY($1::int[])
        AND (a.whole_class OR EXISTS (SELECT 1 FROM classes.assignment_pupils ap
                                        WHERE ap.assignment_id = a.id AND ap.user_id = p.user_id))
      ORDER BY a.id, lower(p.display_name), p.user_id`,
    [assignmentIds],
  );
  return rows;
}

/** Runs `sql` ($1 assignment, $2 class, $3 teacher) on an assignment of that class of that teacher; true when one matched. */
async function changeTeachersAssignment(
  db: Db,
  sql: string,
  teacherId: number,
  classId: number,
  assignmentId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(sql, [assignmentId, classId, teacherId]);
  return (rowCount ?? 0) > 0;
}

export function closeAssignment(db: Db, teacherId: number, classId: number, assignmentId: number) {
  return changeTeachersAssignment(
    db,
    `UPDATE classes.assignments SET closed_at = coalesce(closed_at, now())
      WHERE id = $1 AND class_id = $2 AND teacher_id = $3`,
    teacherId,
    classId,
    assignmentId,
  );
}

export function deleteAssignment(db: Db, teacherId: number, classId: number, assignmentId: number) {
  return changeTeachersAssignment(
    db,
    'DELETE FROM classes.assignments WHERE id = $1 AND class_id = $2 AND teacher_id = $3',
    teacherId,
    classId,
    assignmentId,
  );
}

export interface PupilAssignmentRecord {
  id: number;
  gameType: GameType;
  difficulty: Difficulty;
  questionsCount: number;
  dueAt: Date;
  createdAt: Date;
  correctAnswers: number | null;
  finishedAt: Date | null;
}

/**
 * A pupil's open assignments: not closed, and either not finished yet (late ones too) or not yet due. Unfinished
 * first, soonest due first.
 */
export async function listOpenAssignmentsOfPupil(db: Db, pupilId: number): Promise<PupilAssignmentRecord[]> {
  const { rows } = await db.query<PupilAssignmentRecord>(
    `SELECT a.id, a.game_type AS "gameType", a.difficulty, a.questions_count AS "questionsCount",
            a.due_at AS "dueAt", a.created_at AS "createdAt", c.correct_answers AS "correctAnswers",
            c.finished_at AS "finishedAt"
       FROM classes.pupils p
       JOIN classes.assignments a ON a.class_id = p.class_id AND a.closed_at IS NULL
       LEFT JOIN classes.assignment_completions c ON c.assignment_id = a.id AND c.user_id = p.user_id
      WHERE p.user_id = $1
        AND (a.whole_class OR EXISTS (SELECT 1 FROM classes.assignment_pupils ap
                                        WHERE ap.assignment_id = a.id AND ap.user_id = p.user_id))
        AND (c.finished_at IS NULL OR a.due_at > now())
      ORDER BY c.finished_at IS NOT NULL, a.due_at, a.id`,
    [pupilId],
  );
  return rows;
}

export interface FinishedGame {
  userId: number;
  gameType: GameType;
  difficulty: Difficulty;
  questionsCount: number;
  correctAnswers: number;
  points: number;
  /** When game-results received the game (server clock): the finish time and what lateness is judged by. */
  receivedAt: Date;
}

/**
 * Marks every open assignment of the pupil that this game fulfils (same topic, difficulty and count, received after
 * it was given) as finished. Applying the same game again changes nothing: the earliest finish gives the time and
 * lateness, the score only ever rises to the best game's (a game sent late from an offline device may come later).
 */
export async function completeMatchingAssignments(tx: pg.PoolClient, game: FinishedGame): Promise<number> {
  const { rowCount } = await tx.query({
    // Named: every recorded game runs it, and its plan (the join) cost more than its execution.
    name: 'classes-complete-assignments',
    text: `INSERT INTO classes.assignment_completions AS c
            (assignment_id, user_id, correct_answers, questions_count, points, finished_at, late)
     SELECT a.id, p.user_id, $5, $4, $6, $7, $7 > a.due_at
       FROM classes.pupils p
       JOIN classes.assignments a
         ON a.class_id = p.class_id AND a.closed_at IS NULL
        AND a.game_type = $2 AND a.difficulty = $3 AND a.questions_count = $4 AND a.created_at <= $7
      WHERE p.user_id = $1
        AND (a.whole_class OR EXISTS (SELECT 1 FROM classes.assignment_pupils ap
                                        WHERE ap.assignment_id = a.id AND ap.user_id = p.user_id))
     ON CONFLICT (assignment_id, user_id) DO UPDATE SET
       correct_answers = greatest(c.correct_answers, excluded.correct_answers),
       points = greatest(c.points, excluded.points),
       late = CASE WHEN excluded.finished_at < c.finished_at THEN excluded.late ELSE c.late END,
       finished_at = least(c.finished_at, excluded.finished_at)
      WHERE excluded.correct_answers > c.correct_answers OR excluded.finished_at < c.finished_at`,
    values: [
      game.userId,
      game.gameType,
      game.difficulty,
      game.questionsCount,
      game.correctAnswers,
      game.points,
      game.receivedAt,
    ],
  });
  return rowCount ?? 0;
}
