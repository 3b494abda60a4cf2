/**
 * The class dashboard's reads (35 pupils) with 10 and with 100,000 stored results in the class: the week table
 * (`GET /api/classes/:id/progress`), the pupil × topic grid with the most-missed topics and mistakes
 * (`GET /api/classes/:id/dashboard`) and one pupil's detail (`GET /api/classes/:id/pupils/:pupilId/progress`).
 * They read the classes-worker's rows per pupil (per topic, per mistake kind, a bounded history), so the two
 * figures of each should match. Prints p50/p99.
 * Run: node --conditions=source --import tsx infra/bench/class-dashboard.ts (part of `make bench`).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createClassesService, loadClassesConfig, PUPIL_HISTORY_LIMIT } from '@mathgames/classes';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { createTestEnvironment } from '@mathgames/platform/testing';
import { load } from './load.js';

const PUPILS = 35;
const TEACHER = 1;

const environment = await createTestEnvironment({ amqp: false });
const { pool } = environment;

/** A class of 35 pupils whose games (spread over the pupils) are stored as results and folded into progress. */
async function classWithResults(
  name: string,
  joinCode: string,
  results: number,
  firstPupil: number,
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO classes.classes (teacher_id, name, grade, join_code)
     VALUES ($1, $2, 3, $3) RETURNING id`,
    [TEACHER, name, joinCode],
  );
  const classId = rows[0]!.id;
  await pool.query(
    `INSERT INTO classes.pupils (user_id, class_id, display_name)
     SELECT $1 + i, $2, 'Pupil ' || i FROM generate_series(0, $3 - 1) i`,
    [firstPupil, classId, PUPILS],
  );
  // The results as game-results stores them (what a scan-based dashboard would read) ...
  await pool.query(
    `INSERT INTO results.game_results (user_id, game_type, difficulty, questions_count, correct_answers, total_time,
                                       points, questions, created_at)
     SELECT $1 + (i % $3), 'toplama', 'kolay', 10, 7, 60, 70, '[]'::jsonb, now() - (i || ' minutes')::interval
       FROM generate_series(1, $2) i`,
    [firstPupil, results, PUPILS],
  );
  // ... and what the classes-worker keeps from their events: one row per pupil, per pupil and topic, per pupil and
  // mistake kind, and the newest games of each pupil (the worker keeps at most PUPIL_HISTORY_LIMIT).
  await pool.query(
    `INSERT INTO classes.pupil_progress (user_id, week_start, questions_week, correct_week, questions_total,
                                         correct_total, points_total, last_played_at)
     SELECT user_id, date_trunc('week', now())::date, count(*) * 10, count(*) * 7, count(*) * 10, count(*) * 7,
            count(*) * 70, max(created_at)
       FROM results.game_results WHERE user_id BETWEEN $1 AND $1 + $2 - 1 GROUP BY user_id`,
    [firstPupil, PUPILS],
  );
  await pool.query(
    `INSERT INTO classes.pupil_topic_progress (user_id, game_type, questions, correct, last_played_at)
     SELECT user_id, game_type, sum(questions_count), sum(correct_answers), max(created_at)
       FROM results.game_results WHERE user_id BETWEEN $1 AND $1 + $2 - 1 GROUP BY user_id, game_type`,
    [firstPupil, PUPILS],
  );
  await pool.query(
    `INSERT INTO classes.pupil_mistakes (user_id, mistake, times)
     SELECT user_id, kind, count(*) * 3
       FROM results.game_results, unnest(ARRAY['off-by-one', 'carry-slip', 'near-miss']) kind
      WHERE user_id BETWEEN $1 AND $1 + $2 - 1 GROUP BY user_id, kind`,
    [firstPupil, PUPILS],
  );
  await pool.query(
    `INSERT INTO classes.pupil_games (user_id, result_id, game_type, difficulty, questions_count, correct_answers,
                                      points, mistakes, played_at)
     SELECT user_id, id, game_type, difficulty, questions_count, correct_answers, points,
            ARRAY['off-by-one', 'carry-slip', 'near-miss'], created_at
       FROM (SELECT r.*, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS n
               FROM results.game_results r WHERE user_id BETWEEN $1 AND $1 + $2 - 1) newest
      WHERE n <= $3`,
    [firstPupil, PUPILS, PUPIL_HISTORY_LIMIT],
  );
  return classId;
}

try {
  const light = await classWithResults('10 results', 'BENCHA', 10, 10_000);
  const heavy = await classWithResults('100,000 results', 'BENCHB', 100_000, 20_000);
  await pool.query('ANALYZE');
  const service = createClassesService(loadClassesConfig({ ...environment.env, LOG_LEVEL: 'warn' }));
  const server = await service.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Signed per run for exactly the path it reads; a 5 s run stays inside the header's 30 s lifetime.
  const identity = (path: string) =>
    signIdentity(
      { userId: TEACHER, sessionId: null, lang: 'tr', requestId: randomUUID(), ip: '127.0.0.1' },
      environment.env.INTERNAL_SECRET!,
      { method: 'GET', path },
    );
  const reads = [
    ['/api/classes/:id/progress', (classId: number) => `/api/classes/${classId}/progress`],
    ['/api/classes/:id/dashboard', (classId: number) => `/api/classes/${classId}/dashboard`],
    // The first pupil of each class (the classes' pupils start at 10,000 and 20,000).
    [
      '/api/classes/:id/pupils/:pupilId/progress',
      (classId: number) => `/api/classes/${classId}/pupils/${classId === light ? 10_000 : 20_000}/progress`,
    ],
  ] as const;
  console.log(
    `class dashboard (35 pupils), 5 s each; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}:`,
  );
  for (const [route, pathOf] of reads) {
    console.log(`  GET ${route}`);
    // One connection is a teacher's open dashboard (it polls); ten are ten teachers at once.
    for (const connections of [1, 10]) {
      for (const [label, classId] of [
        ['10 stored results', light],
        ['100,000 stored results', heavy],
      ] as const) {
        const path = pathOf(classId);
        const result = await load({
          url: `${base}${path}`,
          headers: { [IDENTITY_HEADER]: identity(path) },
          connections,
        });
        console.log(
          `    ${label.padEnd(24)} ${String(connections).padStart(2)} connection(s): ` +
            `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
            `${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`,
        );
      }
    }
  }
  await service.close();
} finally {
  await environment.cleanup();
}
