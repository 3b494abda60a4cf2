import type { Db } from '@mathgames/platform';
import type { GameCounts } from './progress-repository.js';

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
export async function readClassProgress(db: Db, classId: number): Promise<PupilProgressRow[]> {
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

export interface PupilTopicRow {
  pupilId: number;
  name: string;
  /** Null for a pupil with no game yet (one row, no topic). */
  gameType: string | null;
  questions: number;
  correct: number;
}

export interface ClassMistakeRow {
  kind: string;
  count: number;
  pupils: number;
}

/**
 * Each pupil of the class with their per-topic counts (at most roster × topics rows, whatever was played) and the
 * class's most frequent mistake kinds, in one statement: one round trip, and one snapshot, so the grid and the
 * mistakes never disagree about a game the worker is committing meanwhile.
 */
export async function readClassDashboard(
  db: Db,
  classId: number,
  top: number,
): Promise<{ topics: PupilTopicRow[]; mistakes: ClassMistakeRow[] }> {
  const { rows } = await db.query<{ topics: PupilTopicRow[]; mistakes: ClassMistakeRow[] }>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('pupilId', p.user_id, 'name', p.display_name,
                                                   'gameType', t.game_type, 'questions', coalesce(t.questions, 0),
                                                   'correct', coalesce(t.correct, 0))
                                 ORDER BY lower(p.display_name), p.user_id), '[]')
          FROM classes.pupils p LEFT JOIN classes.pupil_topic_progress t ON t.user_id = p.user_id
         WHERE p.class_id = $1) AS topics,
       (SELECT coalesce(json_agg(m ORDER BY m.count DESC, m.pupils DESC, m.kind), '[]')
          FROM (SELECT pm.mistake AS kind, sum(pm.times)::int AS count, count(*)::int AS pupils
                  FROM classes.pupils p JOIN classes.pupil_mistakes pm ON pm.user_id = p.user_id
                 WHERE p.class_id = $1
                 GROUP BY pm.mistake
                 ORDER BY 2 DESC, 3 DESC, 1
                 LIMIT $2) m) AS mistakes`,
    [classId, top],
  );
  return rows[0]!;
}

export interface PupilDetailRow {
  name: string;
  questions: number;
  correct: number;
  points: number;
  lastPlayedAt: Date | null;
  topics: Array<{ gameType: string; questions: number; correct: number }>;
  mistakes: Array<{ kind: string; count: number }>;
  history: Array<GameCounts & { mistakes: number; playedAt: string }>;
}

/**
 * One pupil of the teacher's class in one round trip, or null when the pupil is not in that class of that teacher
 * (missing and foreign look alike). Reads the pupil's own rows only: the history is bounded by its index.
 */
export async function readPupilDetail(
  db: Db,
  teacherId: number,
  classId: number,
  pupilId: number,
  historyLimit: number,
): Promise<PupilDetailRow | null> {
  const { rows } = await db.query<PupilDetailRow>(
    `SELECT p.display_name AS name, coalesce(g.questions_total, 0) AS questions,
            coalesce(g.correct_total, 0) AS correct, coalesce(g.points_total, 0) AS points,
            g.last_played_at AS "lastPlayedAt",
            (SELECT coalesce(json_agg(json_build_object('gameType', t.game_type, 'questions', t.questions,
                                                        'correct', t.correct)), '[]')
               FROM classes.pupil_topic_progress t WHERE t.user_id = p.user_id) AS topics,
            (SELECT coalesce(json_agg(json_build_object('kind', m.mistake, 'count', m.times)
                                      ORDER BY m.times DESC, m.mistake), '[]')
               FROM classes.pupil_mistakes m WHERE m.user_id = p.user_id) AS mistakes,
            (SELECT coalesce(json_agg(json_build_object(
                      'resultId', h.result_id, 'gameType', h.game_type, 'difficulty', h.difficulty,
                      'questionsCount', h.questions_count, 'correctAnswers', h.correct_answers,
                      'points', h.points, 'mistakes', cardinality(h.mistakes), 'playedAt', h.played_at)
                    ORDER BY h.played_at DESC, h.result_id DESC), '[]')
               FROM (SELECT * FROM classes.pupil_games WHERE user_id = p.user_id
                      ORDER BY played_at DESC, result_id DESC LIMIT $4) h) AS history
       FROM classes.pupils p
       JOIN classes.classes c ON c.id = p.class_id
       LEFT JOIN classes.pupil_progress g ON g.user_id = p.user_id
      WHERE p.user_id = $3 AND p.class_id = $2 AND c.teacher_id = $1`,
    [teacherId, classId, pupilId, historyLimit],
  );
  return rows[0] ?? null;
}
