import type pg from 'pg';

export interface PupilProgressRow {
  pupilId: number;
  name: string;
  weekStart: string | null;
  questionsWeek: number;
  correctWeek: number;
  points: number;
  lastPlayedAt: Date | null;
}

/** One row per pupil of the class from the read model: cost grows with the roster, never with the results. */
export async function readClassProgress(db: pg.Pool, classId: number): Promise<PupilProgressRow[]> {
  const { rows } = await db.query<PupilProgressRow>(
    `SELECT p.user_id AS "pupilId", p.display_name AS name, g.week_start::text AS "weekStart",
            coalesce(g.questions_week, 0) AS "questionsWeek", coalesce(g.correct_week, 0) AS "correctWeek",
            coalesce(g.points_total, 0) AS points, g.last_played_at AS "lastPlayedAt"
       FROM classes.pupils p LEFT JOIN classes.pupil_progress g ON g.user_id = p.user_id
      WHERE p.class_id = $1
      ORDER BY lower(p.display_name), p.user_id`,
    [classId],
  );
  return rows;
}
