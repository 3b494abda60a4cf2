import type { GameResultRecordedEvent, MistakeKind, ReviewCard } from '@mathgames/contracts';
import { type Db, queryOne } from '@mathgames/platform';
import { gameResultRecordedRow } from './outbox-event.js';

export interface StoredQuestion {
  question: string;
  answer: number | string;
  userAnswer: number | string | null;
  isCorrect: boolean;
  /** Derived on the server for a wrong answer (null: right, unanswered or unexplained; absent in old rows). */
  mistake?: MistakeKind | null;
  /** Question shown to tap, in ms (fact fluency); absent in results from before it was recorded. */
  responseMs?: number | null;
}

export interface NewGameResult {
  userId: number;
  clientResultId: string | null;
  gameType: string;
  difficulty: string;
  questionsCount: number;
  correctAnswers: number;
  totalTime: number;
  points: number;
  questions: StoredQuestion[];
  /** When the game was played (column `created_at`; the API's `createdAt`). */
  playedAt: Date;
}

export interface StoredGameResult extends Omit<NewGameResult, 'clientResultId'> {
  id: number;
  clientResultId: string | null;
}

export interface HistoryRow {
  id: number;
  gameType: string;
  difficulty: string;
  playedAt: Date;
  correctAnswers: number;
  questionsCount: number;
  totalTime: number;
  points: number;
}

/** Position in the newest-first history: created_at in epoch microseconds (exact, unlike a JS Date) and id. */
export interface HistoryCursor {
  playedAtMicros: bigint;
  id: number;
}

const RESULT_COLUMNS = `id::int AS id, user_id, client_result_id, game_type, difficulty, questions_count,
  correct_answers, total_time, points, questions, created_at`;

interface ResultRow {
  id: number;
  user_id: number;
  client_result_id: string | null;
  game_type: string;
  difficulty: string;
  questions_count: number;
  correct_answers: number;
  total_time: number;
  points: number;
  questions: StoredQuestion[];
  created_at: Date;
}

function toStored(row: ResultRow): StoredGameResult {
  return {
    id: row.id,
    userId: row.user_id,
    clientResultId: row.client_result_id,
    gameType: row.game_type,
    difficulty: row.difficulty,
    questionsCount: row.questions_count,
    correctAnswers: row.correct_answers,
    totalTime: row.total_time,
    points: row.points,
    questions: row.questions,
    playedAt: row.created_at,
  };
}

/**
 * Inserts the result, counts it in the user's history total, writes its event to the outbox and puts its mistakes
 * in the review schedule, all in one statement (one round trip; one transaction unless the caller holds one): the
 * event exists exactly when the result does. The event's `resultId` becomes the assigned id. Returns null, writing
 * nothing, when this user already stored a result under the same client id.
 *
 * No NOTIFY here (docs/decisions/0003-no-notify-on-result-commit.md): a transaction that notifies takes one cluster-wide lock from its commit until it
 * ends (PostgreSQL's notify queue, `Lock:object` in pg_stat_activity), so every result commit, fsync included,
 * waited for the one before it. The caller wakes this process's own relay once the result is committed
 * (`RecordDeps.announced`); other replicas' relays still find rows by their poll.
 */
export async function insertAnnouncedGameResult(
  db: Db,
  result: NewGameResult,
  event: GameResultRecordedEvent,
  /** The game's mistakes as review cards (box 1), written with the result: in the same statement, so no transaction. */
  cards: readonly ReviewCard[] = [],
): Promise<StoredGameResult | null> {
  const announce = gameResultRecordedRow(event);
  // The review cards read `counted`, so the user's count row is locked before any of the user's cards: two results
  // of one user at once queue on that row instead of deadlocking on it and a card (each CTE's order is otherwise
  // Postgres' choice).
  const { rows } = await db.query<ResultRow>({
    // Named: parsed and planned once per connection, not on every result.
    name: `insert-announced-game-result:${announce.table}`,
    text: `WITH inserted AS (
       INSERT INTO results.game_results (user_id, client_result_id, game_type, difficulty, questions_count,
         correct_answers, total_time, points, questions, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ON CONSTRAINT game_results_client_result_id DO NOTHING
       RETURNING *
     ), counted AS (
       INSERT INTO results.user_result_counts AS c (user_id, results)
       SELECT user_id, 1 FROM inserted
       ON CONFLICT (user_id) DO UPDATE SET results = c.results + 1
       RETURNING user_id
     ), announced AS (
       INSERT INTO ${announce.table} (id, destination, topic, name, payload, request_id, traceparent)
       SELECT $11, $12, $13, $14, jsonb_set($15::jsonb, '{resultId}', to_jsonb(inserted.id)), $16, $17 FROM inserted
     ), reviewed AS (
       INSERT INTO results.review_cards AS r (user_id, game_type, difficulty, mistake_kind, box, due_at, updated_at)
       SELECT inserted.user_id, card.*, inserted.created_at
       FROM inserted, counted, unnest($18::text[], $19::text[], $20::text[], $21::smallint[], $22::timestamptz[])
         AS card(game_type, difficulty, mistake_kind, box, due_at)
       ON CONFLICT (user_id, game_type, difficulty, mistake_kind)
       DO UPDATE SET box = excluded.box, due_at = excluded.due_at, updated_at = excluded.updated_at
     )
     SELECT ${RESULT_COLUMNS} FROM inserted`,
    values: [
      result.userId,
      result.clientResultId,
      result.gameType,
      result.difficulty,
      result.questionsCount,
      result.correctAnswers,
      result.totalTime,
      result.points,
      JSON.stringify(result.questions),
      result.playedAt,
      announce.id,
      announce.destination,
      announce.topic,
      announce.name,
      announce.payload,
      announce.requestId,
      announce.traceparent,
      cards.map((c) => c.gameType),
      cards.map((c) => c.difficulty),
      cards.map((c) => c.mistake),
      cards.map((c) => c.box),
      cards.map((c) => c.dueAt),
    ],
  });
  return rows[0] ? toStored(rows[0]) : null;
}

export async function findByClientResultId(
  db: Db,
  userId: number,
  clientResultId: string,
): Promise<StoredGameResult | null> {
  const row = await queryOne<ResultRow>(
    db,
    `SELECT ${RESULT_COLUMNS} FROM results.game_results WHERE user_id = $1 AND client_result_id = $2`,
    [userId, clientResultId],
  );
  return row ? toStored(row) : null;
}

export interface HistoryPage {
  items: HistoryRow[];
  next: HistoryCursor | null;
  total: number;
}

/** Newest first, keyset-paginated: each page costs the same however long the history is. */
export async function listHistory(
  db: Db,
  userId: number,
  limit: number,
  after: HistoryCursor | null,
): Promise<HistoryPage> {
  const { rows } = await db.query<{
    id: number;
    game_type: string;
    difficulty: string;
    created_at: Date;
    created_us: string;
    correct_answers: number;
    questions_count: number;
    total_time: number;
    points: number;
    total: number | null;
  }>(
    `SELECT r.id::int AS id, r.game_type, r.difficulty, r.created_at,
            (extract(epoch FROM r.created_at) * 1000000)::bigint::text AS created_us,
            r.correct_answers, r.questions_count, r.total_time, r.points,
            (SELECT results FROM results.user_result_counts WHERE user_id = $1) AS total
       FROM results.game_results r
      WHERE r.user_id = $1
        AND ($3::bigint IS NULL
             OR (r.created_at, r.id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::bigint))
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT $2`,
    [userId, limit + 1, after ? after.playedAtMicros.toString() : null, after ? after.id : null],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  let total = rows[0]?.total ?? null;
  if (total === null) {
    // An empty page past the end still answers the total.
    const counted = await db.query<{ results: number }>(
      'SELECT results FROM results.user_result_counts WHERE user_id = $1',
      [userId],
    );
    total = counted.rows[0]?.results ?? 0;
  }
  return {
    items: page.map((row) => ({
      id: row.id,
      gameType: row.game_type,
      difficulty: row.difficulty,
      playedAt: row.created_at,
      correctAnswers: row.correct_answers,
      questionsCount: row.questions_count,
      totalTime: row.total_time,
      points: row.points,
    })),
    next: rows.length > limit && last ? { playedAtMicros: BigInt(last.created_us), id: last.id } : null,
    total,
  };
}
