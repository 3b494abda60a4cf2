import type pg from 'pg';

/** What the read model keeps of one played game, in a pupil's history as in the event that adds it. */
export interface GameCounts {
  resultId: number;
  gameType: string;
  difficulty: string;
  questionsCount: number;
  correctAnswers: number;
  points: number;
}

export interface PlayedGame extends GameCounts {
  userId: number;
  /** One entry per wrong answer the server could explain; empty for events older than mistake kinds. */
  mistakes: readonly string[];
  playedAt: Date;
  /** Monday of the week the game was played in (the product's time zone), YYYY-MM-DD. */
  weekStart: string;
}

/** Games a pupil's detail view lists; older ones are dropped as new ones arrive, so the history stays bounded. */
export const PUPIL_HISTORY_LIMIT = 50;

/**
 * Adds a game to its pupil's read model: the progress row (this week, totals), the topic's counts, the mistake
 * counts and the recent-games list. A user who is in no class is not recorded at all (the classes domain keeps
 * nothing about other users). A game of a newer week starts the week counters again; a late game of an older week
 * only adds to the totals. Every row written is the pupil's own, so batches in user order never deadlock.
 */
export async function addGameToProgress(tx: pg.PoolClient, game: PlayedGame): Promise<void> {
  // Named, like the second statement: every recorded game runs them (parsed and planned once per connection).
  const { rowCount } = await tx.query({
    name: 'classes-add-progress',
    text: `INSERT INTO classes.pupil_progress AS p
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
    values: [
      game.userId,
      game.questionsCount,
      game.correctAnswers,
      game.points,
      game.weekStart,
      game.playedAt,
    ],
  });
  if (!rowCount) return;
  // Mistake kinds in one order, so two transactions of one pupil lock their rows alike.
  const mistakes = [...game.mistakes].sort();
  await tx.query({
    name: 'classes-add-topic-mistakes-game',
    text: `WITH topic AS (
       INSERT INTO classes.pupil_topic_progress AS t (user_id, game_type, questions, correct, last_played_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, game_type) DO UPDATE SET
         questions = t.questions + excluded.questions,
         correct = t.correct + excluded.correct,
         last_played_at = greatest(t.last_played_at, excluded.last_played_at)
     ), slips AS (
       INSERT INTO classes.pupil_mistakes AS m (user_id, mistake, times)
       SELECT $1, kind, count(*)::int FROM unnest($6::text[]) AS kind GROUP BY kind ORDER BY kind
       ON CONFLICT (user_id, mistake) DO UPDATE SET times = m.times + excluded.times
     )
     INSERT INTO classes.pupil_games
            (user_id, result_id, game_type, difficulty, questions_count, correct_answers, points, mistakes, played_at)
     VALUES ($1, $7, $2, $8, $3, $4, $9, $6::text[], $5)
     ON CONFLICT (user_id, result_id) DO NOTHING`,
    values: [
      game.userId,
      game.gameType,
      game.questionsCount,
      game.correctAnswers,
      game.playedAt,
      mistakes,
      game.resultId,
      game.difficulty,
      game.points,
    ],
  });
  // Keeps the newest games only: everything older than the last one kept goes (an index walk of the limit).
  await tx.query({
    name: 'classes-trim-games',
    text: `DELETE FROM classes.pupil_games
      WHERE user_id = $1
        AND (played_at, result_id) < (SELECT played_at, result_id FROM classes.pupil_games WHERE user_id = $1
                                       ORDER BY played_at DESC, result_id DESC OFFSET $2 LIMIT 1)`,
    values: [game.userId, PUPIL_HISTORY_LIMIT - 1],
  });
}
