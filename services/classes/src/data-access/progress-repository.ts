import type pg from 'pg';
import type { OutcomeMasteryRow } from './outcome-mastery-keeper.js';
import { pupilMastery } from './pupil-mastery-repository.js';

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
 *
 * One statement, one round trip (every recorded game runs it; docs/decisions/0016-fewer-round-trips-per-result.md): its parts all see the rows as they were
 * before it, so the history's trim counts the new game in by hand (the UNION), and a game already too old to be
 * among the newest is not kept at all: exactly the newest PUPIL_HISTORY_LIMIT games stay, whatever order they
 * arrive in. The same statement locks and answers the pupil's mastery rows of the outcomes the game asked
 * (`outcomes`), for `pupilMastery.applyLocked`.
 */
export async function addGameToProgress(
  tx: pg.PoolClient,
  game: PlayedGame,
  outcomes: readonly string[],
): Promise<OutcomeMasteryRow[]> {
  // Mistake kinds in one order, so two transactions of one pupil lock their rows alike.
  const mistakes = [...game.mistakes].sort();
  const { rows } = await tx.query<OutcomeMasteryRow>({
    name: 'classes-add-game',
    text: `WITH pupil AS (
       SELECT user_id FROM classes.pupils WHERE user_id = $1
     ), progress AS (
       INSERT INTO classes.pupil_progress AS p
              (user_id, week_start, questions_week, correct_week, questions_total, correct_total, points_total,
               last_played_at)
       SELECT user_id, $5::date, $2, $3, $2, $3, $4, $6 FROM pupil
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
         last_played_at = greatest(p.last_played_at, $6)
     ), topic AS (
       INSERT INTO classes.pupil_topic_progress AS t (user_id, game_type, questions, correct, last_played_at)
       SELECT user_id, $7, $2, $3, $6 FROM pupil
       ON CONFLICT (user_id, game_type) DO UPDATE SET
         questions = t.questions + excluded.questions,
         correct = t.correct + excluded.correct,
         last_played_at = greatest(t.last_played_at, excluded.last_played_at)
     ), slips AS (
       INSERT INTO classes.pupil_mistakes AS m (user_id, mistake, times)
       SELECT user_id, kind, count(*)::int FROM pupil, unnest($8::text[]) AS kind GROUP BY user_id, kind ORDER BY kind
       ON CONFLICT (user_id, mistake) DO UPDATE SET times = m.times + excluded.times
     ), played AS (
       INSERT INTO classes.pupil_games
              (user_id, result_id, game_type, difficulty, questions_count, correct_answers, points, mistakes,
               played_at)
       SELECT user_id, $9, $7, $10, $2, $3, $4, $8::text[], $6 FROM pupil
        -- A late game older than the newest kept ones would be trimmed at once: it is not kept at all.
        WHERE (SELECT count(*) FROM classes.pupil_games
                WHERE user_id = $1 AND (played_at, result_id) > ($6::timestamptz, $9::integer)) <= $11
       ON CONFLICT (user_id, result_id) DO NOTHING
     ), trimmed AS (
       DELETE FROM classes.pupil_games g
        WHERE g.user_id = $1
          AND (g.played_at, g.result_id) < (
            SELECT played_at, result_id FROM (
              SELECT played_at, result_id FROM classes.pupil_games WHERE user_id = $1
              UNION SELECT $6::timestamptz, $9::integer FROM pupil
            ) AS games ORDER BY played_at DESC, result_id DESC OFFSET $11 LIMIT 1)
     )
     ${pupilMastery.lockingSelect('$1', '$12')}`,
    values: [
      game.userId,
      game.questionsCount,
      game.correctAnswers,
      game.points,
      game.weekStart,
      game.playedAt,
      game.gameType,
      mistakes,
      game.resultId,
      game.difficulty,
      PUPIL_HISTORY_LIMIT - 1,
      outcomes,
    ],
  });
  return rows;
}
