import {
  byOutcomeOrder,
  masteryAfterSkills,
  type OutcomeMastery,
  outcomeTalliesOf,
  type SkillTally,
} from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

/**
 * A table of pupils' mastery per outcome, this service's read model for the teacher (classes.pupil_mastery; its SQL
 * lives here, with the service that owns the table): columns user_id, outcome, level, games, mastered_at,
 * checks_passed, check_due_at, retained, needs_help, updated_at, primary key (user_id, outcome).
 */
export interface OutcomeMasteryTable {
  /** The prepared statements' name prefix, unique to the service. */
  statement: string;
  /** Schema-qualified table name (trusted, never user input). */
  table: string;
  /** An SQL condition on the pupil ($1): a pupil who fails it gets no rows. */
  onlyIf?: string;
}

/** The columns `outcomeMasteryOfRow` reads, for a service's own query that joins the table as `alias`. */
export const outcomeMasteryColumns = (alias: string) =>
  [
    'outcome',
    'level',
    'games',
    'mastered_at',
    'checks_passed',
    'check_due_at',
    'retained',
    'needs_help',
    'updated_at',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

export interface OutcomeMasteryRow {
  outcome: string;
  level: string;
  games: number;
  mastered_at: Date | null;
  checks_passed: number;
  check_due_at: Date | null;
  retained: boolean | null;
  needs_help: boolean;
  updated_at: Date;
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function outcomeMasteryOfRow(row: OutcomeMasteryRow): OutcomeMastery {
  return {
    outcome: row.outcome,
    level: row.level as OutcomeMastery['level'],
    games: row.games,
    masteredAt: iso(row.mastered_at),
    checksPassed: row.checks_passed,
    checkDueAt: iso(row.check_due_at),
    retained: row.retained,
    needsHelp: row.needs_help,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The service's keeper of mastery per outcome. `apply` folds one game's skill tallies into the pupil's ladder in the
 * caller's transaction, in two statements: it locks the pupil's rows of the outcomes the game asked (`FOR UPDATE`, so
 * a concurrent batch of the same pupil waits instead of losing an update), runs contracts' `masteryAfterSkills` and
 * upserts each outcome's new state (a row another transaction created meanwhile is not overwritten: the event fails
 * and is applied again). Both statements take the rows in outcome order, so two batches never deadlock; no skills or
 * only skills without an outcome cost no statement. A worker that writes the game's other rows in
 * a statement of its own ends it with `lockingSelect` instead, and hands its rows to `applyLocked`: one round trip
 * fewer per game (docs/decisions/0016-fewer-round-trips-per-result.md). `read` is the pupil's started outcomes in the
 * map's order, one query.
 */
export function outcomeMasteryKeeper(into: OutcomeMasteryTable) {
  /** The lock read, with the pupil and the asked outcomes (text[]) as the caller's parameters, e.g. '$1', '$9'. */
  const lockingSelect = (user: string, outcomes: string) => `SELECT ${outcomeMasteryColumns('m')}
       FROM ${into.table} m
       WHERE m.user_id = ${user} AND m.outcome = ANY(${outcomes}::text[])
       ORDER BY m.outcome COLLATE "C"
       FOR UPDATE`;
  const lockText = lockingSelect('$1', '$2');
  // Each new state has one game more than the row it was computed from (a new row: 1), so an update whose row moved
  // meanwhile (a concurrent transaction inserted it after the lock read saw nothing) writes nothing, and is retried.
  const upsertText = `WITH written AS (
       INSERT INTO ${into.table} AS m (user_id, outcome, level, games, mastered_at, checks_passed, check_due_at,
         retained, needs_help, updated_at)
       SELECT $1, t.outcome, t.level, t.games, t.mastered_at, t.checks_passed, t.check_due_at, t.retained,
              t.needs_help, t.updated_at
       FROM unnest($2::text[], $3::text[], $4::integer[], $5::timestamptz[], $6::smallint[], $7::timestamptz[],
                   $8::boolean[], $9::boolean[], $10::timestamptz[])
         AS t(outcome, level, games, mastered_at, checks_passed, check_due_at, retained, needs_help, updated_at)
       ${into.onlyIf ? `WHERE ${into.onlyIf}` : ''}
       ORDER BY t.outcome COLLATE "C"
       ON CONFLICT (user_id, outcome) DO UPDATE SET
         level = excluded.level,
         games = excluded.games,
         mastered_at = excluded.mastered_at,
         checks_passed = excluded.checks_passed,
         check_due_at = excluded.check_due_at,
         retained = excluded.retained,
         needs_help = excluded.needs_help,
         updated_at = excluded.updated_at
       WHERE m.games = excluded.games - 1
       RETURNING 1)
     SELECT (SELECT count(*)::int FROM written) AS written, ${into.onlyIf ?? 'true'} AS kept`;
  const readText = `SELECT ${outcomeMasteryColumns('m')} FROM ${into.table} m WHERE m.user_id = $1`;

  /** The outcomes a game's skills ask (skills without a confirmed outcome, grade 4 and beyond, move nothing). */
  function askedBy(skills: readonly SkillTally[] | undefined): string[] {
    return skills && skills.length > 0 ? outcomeTalliesOf(skills).map((t) => t.outcome) : [];
  }

  async function apply(
    db: Db,
    userId: number,
    skills: readonly SkillTally[] | undefined,
    at: Date,
  ): Promise<OutcomeMastery[]> {
    const asked = askedBy(skills);
    if (asked.length === 0) return [];
    const { rows } = await db.query<OutcomeMasteryRow>({
      name: `${into.statement}-lock`,
      text: lockText,
      values: [userId, asked],
    });
    return applyLocked(db, userId, skills, at, rows);
  }

  /** `apply` after the caller's own statement ended with `lockingSelect(…, askedBy(skills))`: its rows, locked. */
  async function applyLocked(
    db: Db,
    userId: number,
    skills: readonly SkillTally[] | undefined,
    at: Date,
    locked: readonly OutcomeMasteryRow[],
  ): Promise<OutcomeMastery[]> {
    if (!skills || askedBy(skills).length === 0) return [];
    const current = new Map(locked.map((r) => [r.outcome, outcomeMasteryOfRow(r)]));
    const next = masteryAfterSkills(current, skills, at);
    if (next.length === 0) return [];
    const { rows: done } = await db.query<{ written: number; kept: boolean }>({
      name: `${into.statement}-upsert`,
      text: upsertText,
      values: [
        userId,
        next.map((m) => m.outcome),
        next.map((m) => m.level),
        next.map((m) => m.games),
        next.map((m) => m.masteredAt),
        next.map((m) => m.checksPassed),
        next.map((m) => m.checkDueAt),
        next.map((m) => m.retained),
        next.map((m) => m.needsHelp),
        next.map((m) => m.updatedAt),
      ],
    });
    // Thrown, the event's transaction rolls back and the consumer applies it again on the rows as they now are.
    if (done[0]!.kept && done[0]!.written !== next.length)
      throw new Error(`${into.table}: a pupil's outcomes changed while a game was applied`);
    return next;
  }

  async function read(db: Db, userId: number): Promise<OutcomeMastery[]> {
    const { rows } = await db.query<OutcomeMasteryRow>({
      name: `${into.statement}-read`,
      text: readText,
      values: [userId],
    });
    return rows.map(outcomeMasteryOfRow).sort(byOutcomeOrder);
  }

  return { apply, applyLocked, askedBy, lockingSelect, read };
}
