import type pg from 'pg';

export interface PlayedGame {
  userId: number;
  questionsCount: number;
  correctAnswers: number;
  points: number;
  playedAt: Date;
  /** Monday of the week the game was played in (the product's time zone), YYYY-MM-DD. */
  weekStart: string;
}

/**
 * Adds a game to its pupil's progress row; a user who is in no class is not recorded at all (the classes domain
 * keeps nothing about other users). A game of a newer week starts the week counters again; a late game of an
 * older week only adds to the totals.
 */
export async function addGameToProgress(tx: pg.PoolClient, game: PlayedGame): Promise<void> {
  await tx.query(
    `INSERT INTO classes.pupil_progress AS p
            (user_id, week_start, questions_week, correct_week, questions_total, correct_total, points_total,
             last_played_at)
     SELECT $1, $5::date, $2, $3, $2, $3, $4, $6
      WHERE EXISTS (SELECT 1 FROM classes.pupils WHERE user_id = $1)
     ON CONFLICT (user_id) DO UPDATE SET
       questions_week = CASE WHEN $5::date > p.week_start THEN $2
                             WHEN $5::date = p.week_start THEN p.questions_week + $2
                             ELSE p.questions_week END,
       correct_week = CASE WHEN $5::date > p.week_start THEN $3
                           WHEN $5::date = p.week_start THEN p.correct_week + $3
                           ELSE p.correct_week END,
       week_start = greatest(p.week_start, $5::date),
       questions_total = p.questions_total + $2,
       correct_total = p.correct_total + $3,
       points_total = p.points_total + $4,
       last_played_at = greatest(p.last_played_at, $6)`,
    [game.userId, game.questionsCount, game.correctAnswers, game.points, game.weekStart, game.playedAt],
  );
}
