import type pg from 'pg';

/**
 * Writes `count` finished games for a user straight into the database, spread over the past two years, and
 * builds the matching read model (as the statistics-worker would have): for scale tests and the benchmark.
 */
export async function seedResults(
  pool: pg.Pool,
  userId: number,
  count: number,
  timeZone: string,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO results.game_results (user_id, game_type, difficulty, questions_count, correct_answers,
         total_time, points, questions, created_at)
       SELECT $1,
              (ARRAY['toplama','çıkarma','çarpma','bölme','kesirler'])[1 + i % 5],
              (ARRAY['çok kolay','kolay','orta','zor','çok zor'])[1 + (i / 5) % 5],
              10, i % 11, 30 + i % 60, (i % 11) * 10,
              '[{"question":"1 + 1","answer":2,"userAnswer":2,"isCorrect":true}]'::jsonb,
              now() - (i * interval '631 seconds')
         FROM generate_series(1, $2::int) AS i`,
      [userId, count],
    );
    await client.query(
      `INSERT INTO results.user_result_counts (user_id, results) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET results = user_result_counts.results + $2`,
      [userId, count],
    );
    await client.query(
      `INSERT INTO results.user_totals AS t (user_id, games, questions, correct, points)
       SELECT user_id, count(*), sum(questions_count), sum(correct_answers), sum(points)
         FROM results.game_results WHERE user_id = $1 GROUP BY user_id
       ON CONFLICT (user_id) DO UPDATE SET games = EXCLUDED.games, questions = EXCLUDED.questions,
         correct = EXCLUDED.correct, points = EXCLUDED.points`,
      [userId],
    );
    await client.query(
      `INSERT INTO results.user_type_totals AS t (user_id, game_type, games, questions, correct, points)
       SELECT user_id, game_type, count(*), sum(questions_count), sum(correct_answers), sum(points)
         FROM results.game_results WHERE user_id = $1 GROUP BY user_id, game_type
       ON CONFLICT (user_id, game_type) DO UPDATE SET games = EXCLUDED.games, questions = EXCLUDED.questions,
         correct = EXCLUDED.correct, points = EXCLUDED.points`,
      [userId],
    );
    await client.query(
      `INSERT INTO results.user_daily AS d (user_id, day, questions, correct, points)
       SELECT user_id, (created_at AT TIME ZONE $2)::date, sum(questions_count), sum(correct_answers), sum(points)
         FROM results.game_results WHERE user_id = $1 GROUP BY user_id, 2
       ON CONFLICT (user_id, day) DO UPDATE SET questions = EXCLUDED.questions, correct = EXCLUDED.correct,
         points = EXCLUDED.points`,
      [userId, timeZone],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
