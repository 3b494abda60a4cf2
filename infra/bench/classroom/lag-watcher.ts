/** Whether and when posted results reach the read models, and the result a pupil posts. */
import { honestResult } from '@mathgames/game-results/testing';
import { type createPool, sleep } from '@mathgames/platform';
import type { Pupil } from './pupils.js';
import { ms, percentile, say } from './report.js';

/**
 * Result 201 → the change is committed in the statistics read model and in badge progress, watched straight in
 * Postgres (one query per schema for all waiting pupils every 10 ms), so watching adds no load to the services.
 * A failed look is retried at the next tick; stop() ends the loop before the pool may end.
 */
export class LagWatcher {
  private readonly waiting: Array<{
    pupil: Pupil;
    questions: number;
    correct: number;
    at: number;
    stats?: number;
  }> = [];
  readonly statistics: number[] = [];
  readonly badges: number[] = [];
  readonly both: number[] = [];
  /** Results taken out of `waiting` for the look in progress: still pending until the look puts back the unseen. */
  private looking = 0;
  private running = true;
  private readonly loop: Promise<void>;
  lastError: unknown = null;

  constructor(private readonly pool: ReturnType<typeof createPool>) {
    this.loop = this.run();
  }

  expect(pupil: Pupil, at: number): void {
    this.waiting.push({ pupil, questions: pupil.expectedQuestions, correct: pupil.expectedCorrect, at });
  }

  get pending(): number {
    return this.waiting.length + this.looking;
  }

  /** What the read models showed for the first few results never seen, for a reader to judge. */
  async unseen(): Promise<string> {
    if (this.waiting.length === 0) return '0';
    const sample = this.waiting.slice(0, 3);
    const ids = sample.map((w) => w.pupil.userId);
    const { rows } = await this.pool.query<{ user_id: number; questions: number; progress: number }>(
      `SELECT u.id AS user_id, coalesce(t.questions, 0)::int AS questions,
              coalesce((SELECT sum(progress) FROM badges.user_badges b WHERE b.user_id = u.id), 0)::int AS progress
         FROM auth.users u LEFT JOIN results.user_totals t ON t.user_id = u.id WHERE u.id = ANY($1)`,
      [ids],
    );
    const seen = new Map(rows.map((r) => [r.user_id, r]));
    return `${this.waiting.length}, e.g. ${sample
      .map((w) => {
        const r = seen.get(w.pupil.userId);
        return `user ${w.pupil.userId}: questions ${r?.questions}/${w.questions}, badge progress ${r?.progress}/${7 * w.correct}`;
      })
      .join('; ')}`;
  }

  /** Looks once at the given waiting results; returns those still not applied by both workers. */
  private async look(batch: typeof this.waiting): Promise<typeof this.waiting> {
    const { questions, progress } = await readModels(this.pool, [
      ...new Set(batch.map((w) => w.pupil.userId)),
    ]);
    const now = performance.now();
    const still: typeof this.waiting = [];
    for (const w of batch) {
      if (w.stats === undefined && (questions.get(w.pupil.userId) ?? 0) >= w.questions) {
        w.stats = Math.max(0, now - w.at);
        this.statistics.push(w.stats);
      }
      // Every correct answer adds to the 7 badges of the pupil's type and difficulty.
      if ((progress.get(w.pupil.userId) ?? 0) >= 7 * w.correct && w.stats !== undefined) {
        const lag = Math.max(0, now - w.at);
        this.badges.push(lag);
        this.both.push(Math.max(lag, w.stats));
      } else still.push(w);
    }
    return still;
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.waiting.length > 0) {
        // Results arriving during the look queue behind the batch.
        const batch = this.waiting.splice(0);
        this.looking = batch.length;
        try {
          this.waiting.unshift(...(await this.look(batch)));
        } catch (err) {
          this.lastError = err;
          this.waiting.unshift(...batch);
        } finally {
          this.looking = 0;
        }
      }
      await sleep(10);
    }
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    // Not `waiting.length`: during a look the batch is out of `waiting`, and drain would end with it unseen.
    while (this.pending > 0 && performance.now() < deadline) await sleep(20);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  line(name: string, values: number[]): string {
    return `${name.padEnd(48)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(
      percentile(values, 99),
    ).padStart(
      9,
    )}  max ${ms(values.length ? Math.max(...values) : Number.NaN).padStart(9)}  n ${values.length}`;
  }
}

/** What the two watched read models hold for these users: questions in statistics, summed badge progress. */
async function readModels(
  pool: ReturnType<typeof createPool>,
  ids: number[],
): Promise<{ questions: Map<number, number>; progress: Map<number, number> }> {
  const [stats, badges] = await Promise.all([
    pool.query<{ user_id: number; questions: number }>(
      'SELECT user_id, questions FROM results.user_totals WHERE user_id = ANY($1)',
      [ids],
    ),
    pool.query<{ user_id: number; progress: number }>(
      'SELECT user_id, sum(progress)::int AS progress FROM badges.user_badges WHERE user_id = ANY($1) GROUP BY user_id',
      [ids],
    ),
  ]);
  return {
    questions: new Map(stats.rows.map((r) => [r.user_id, r.questions])),
    progress: new Map(badges.rows.map((r) => [r.user_id, r.progress])),
  };
}

/**
 * After `settle`: each pupil's expectations become what the read models hold. The capacity phase's posts are not
 * counted per pupil, and without this a later phase's results read as applied before they were.
 */
export async function rebaseline(pool: ReturnType<typeof createPool>, pupils: Pupil[]): Promise<void> {
  const { questions, progress } = await readModels(
    pool,
    pupils.map((p) => p.userId),
  );
  for (const pupil of pupils) {
    pupil.expectedQuestions = questions.get(pupil.userId) ?? 0;
    // Every correct answer adds to the 7 badges of its type and difficulty (look, above).
    pupil.expectedCorrect = (progress.get(pupil.userId) ?? 0) / 7;
  }
}

/** A 201 means the result committed: only then does it count towards what the read models must show. */
export function stored(pupil: Pupil, body: ReturnType<typeof resultFor>): void {
  pupil.expectedQuestions += body.questionsCount;
  pupil.expectedCorrect += body.correctAnswers;
}

/** Waits until every recorded result was published and applied by the three consumers; returns the seconds it took. */
export async function settle(pool: ReturnType<typeof createPool>, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await pool.query<{
      events: number;
      statistics: number;
      badges: number;
      classes: number;
    }>(
      `SELECT (SELECT count(*) FROM results.outbox)::int AS events,
              (SELECT count(*) FROM results.processed_events)::int AS statistics,
              (SELECT count(*) FROM badges.processed_events)::int AS badges,
              (SELECT count(*) FROM classes.processed_events)::int AS classes`,
    );
    const r = rows[0]!;
    if (r.statistics >= r.events && r.badges >= r.events && r.classes >= r.events)
      return (performance.now() - started) / 1000;
    await sleep(100);
  }
  say(`warning: workers had not caught up after ${timeoutMs / 1000} s`);
  return Number.NaN;
}

export function resultFor(pupil: Pupil, seed: number) {
  const correct = 1 + (seed % 10);
  return honestResult({
    gameType: pupil.gameType,
    difficulty: 'orta',
    questionsCount: 10,
    correct,
    totalTime: 40,
    seed,
  });
}
