import type { Db } from '@mathgames/platform';

export interface CatalogueBadge {
  id: string;
  /** Game type, as results carry it (e.g. 'çıkarma'). */
  category: string;
  /** ASCII filter key (e.g. 'cikarma'). */
  categoryKey: string;
  difficulty: string;
  tier: string;
  tierIndex: number;
  requiredCount: number;
  requirement: string;
  name: { tr: string; en: string };
  description: { tr: string; en: string };
  icon: string;
  position: number;
}

/** The seeded catalogue in display order; static data, so callers load it once. */
export async function loadCatalogue(db: Db): Promise<CatalogueBadge[]> {
  const { rows } = await db.query<{
    id: string;
    category: string;
    category_key: string;
    difficulty: string;
    tier: string;
    tier_index: number;
    required_count: number;
    requirement: string;
    name_tr: string;
    name_en: string;
    description_tr: string;
    description_en: string;
    icon: string;
    position: number;
  }>('SELECT * FROM badges.badges ORDER BY position');
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    categoryKey: r.category_key,
    difficulty: r.difficulty,
    tier: r.tier,
    tierIndex: r.tier_index,
    requiredCount: r.required_count,
    requirement: r.requirement,
    name: { tr: r.name_tr, en: r.name_en },
    description: { tr: r.description_tr, en: r.description_en },
    icon: r.icon,
    position: r.position,
  }));
}

/**
 * Adds correct answers to every badge of one (category, difficulty) and completes those that reach their
 * required count, stamping completedAt once. Runs in the consumer's transaction. Returns whether a badge was
 * completed by this change: only then do the user's completed counts (the polled summary) change.
 */
export async function addProgress(
  db: Db,
  userId: number,
  category: string,
  difficulty: string,
  correctAnswers: number,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ completed_now: boolean }>({
    name: 'badges-add-progress',
    text: `WITH changed AS (
       INSERT INTO badges.user_badges AS ub (user_id, badge_id, progress, completed, completed_at)
       SELECT $1, b.id, $4, $4 >= b.required_count, CASE WHEN $4 >= b.required_count THEN $5::timestamptz END
         FROM badges.badges b
        WHERE b.category = $2 AND b.difficulty = $3
        ORDER BY b.id
       ON CONFLICT ON CONSTRAINT user_badges_pair DO UPDATE SET
         progress = ub.progress + $4,
         completed = ub.completed
           OR ub.progress + $4 >= (SELECT required_count FROM badges.badges WHERE id = ub.badge_id),
         completed_at = COALESCE(ub.completed_at, CASE
           WHEN ub.progress + $4 >= (SELECT required_count FROM badges.badges WHERE id = ub.badge_id)
           THEN $5::timestamptz END)
       RETURNING ub.completed, ub.progress - $4 < (SELECT required_count FROM badges.badges WHERE id = ub.badge_id)
         AS below_before
     )
     SELECT coalesce(bool_or(completed AND below_before), false) AS completed_now FROM changed`,
    values: [userId, category, difficulty, correctAnswers, at],
  });
  return rows[0]?.completed_now ?? false;
}

export interface UserBadgeRow {
  id: number;
  badgeId: string;
  progress: number;
  completed: boolean;
  completedAt: Date | null;
}

/** A user's started badges: at most the catalogue size, whatever the history length. */
export async function listUserBadges(db: Db, userId: number): Promise<UserBadgeRow[]> {
  const { rows } = await db.query<{
    id: number;
    badge_id: string;
    progress: number;
    completed: boolean;
    completed_at: Date | null;
  }>({
    // Prepared once per connection (planning it cost twice running it); the badge list follows every game.
    name: 'badges-list-user-badges',
    text: 'SELECT id::int AS id, badge_id, progress, completed, completed_at FROM badges.user_badges WHERE user_id = $1',
    values: [userId],
  });
  return rows.map((r) => ({
    id: r.id,
    badgeId: r.badge_id,
    progress: r.progress,
    completed: r.completed,
    completedAt: r.completed_at,
  }));
}

/** Completed badges per category key of one user. */
/** `countCompletedByCategory` for many users in one query: per user, completed badges by category key. */
export async function countCompletedByCategoryMany(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  const { rows } = await db.query<{ userId: number; category: string; completed: number }>(
    `SELECT ub.user_id AS "userId", b.category_key AS category, count(*)::int AS completed
       FROM badges.user_badges ub JOIN badges.badges b ON b.id = ub.badge_id
      WHERE ub.user_id = ANY($1::int[]) AND ub.completed
      GROUP BY ub.user_id, b.category_key`,
    [userIds],
  );
  const byUser = new Map<number, Map<string, number>>(userIds.map((id) => [id, new Map()]));
  for (const r of rows) byUser.get(r.userId)?.set(r.category, r.completed);
  return byUser;
}

export async function countCompletedByCategory(db: Db, userId: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ category: string; completed: number }>(
    `SELECT b.category_key AS category, count(*)::int AS completed
       FROM badges.user_badges ub JOIN badges.badges b ON b.id = ub.badge_id
      WHERE ub.user_id = $1 AND ub.completed
      GROUP BY b.category_key`,
    [userId],
  );
  return new Map(rows.map((r) => [r.category, r.completed]));
}

/** The cached summary of this user must be rewritten (or removed) after this transaction: see summary_refreshes. */
export async function requestSummaryRefresh(tx: Db, userId: number): Promise<number> {
  const { rows } = await tx.query<{ version: string }>(
    `INSERT INTO badges.summary_refreshes (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE
       SET version = badges.summary_refreshes.version + 1, requested_at = now()
     RETURNING version`,
    [userId],
  );
  return Number(rows[0]!.version);
}

export interface SummaryRefresh {
  userId: number;
  version: number;
}

/** Refreshes requested before `olderThanMs` ago and still not done, oldest first. */
export async function pendingSummaryRefreshes(
  db: Db,
  olderThanMs: number,
  limit: number,
): Promise<SummaryRefresh[]> {
  const { rows } = await db.query<{ userId: number; version: string }>(
    `SELECT user_id AS "userId", version FROM badges.summary_refreshes
      WHERE requested_at < now() - make_interval(secs => $1::float8 / 1000)
      ORDER BY requested_at LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((r) => ({ userId: r.userId, version: Number(r.version) }));
}

/**
 * Done: each row goes unless a later change asked again meanwhile (its version grew). A row that a transaction holds
 * is left as it is: that transaction is asking again (or rolls back, and the retry takes the row later). Waiting for
 * it instead deadlocked: a badge-worker batch locks its users' rows one by one, and this statement, holding the rows
 * it had deleted, waited for one the batch held while the batch came to one of them.
 */
export async function completeSummaryRefreshes(db: Db, done: readonly SummaryRefresh[]): Promise<void> {
  if (done.length === 0) return;
  await db.query(
    `WITH free AS (
       SELECT r.user_id FROM badges.summary_refreshes r
         JOIN unnest($1::int[], $2::bigint[]) AS d(user_id, version)
           ON r.user_id = d.user_id AND r.version = d.version
          FOR UPDATE OF r SKIP LOCKED
     )
     DELETE FROM badges.summary_refreshes r USING free WHERE r.user_id = free.user_id`,
    [done.map((d) => d.userId), done.map((d) => d.version)],
  );
}

/** Deletes every badge row of the user (caller's transaction). */
export async function deleteUserBadges(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM badges.user_badges WHERE user_id = $1', [userId]);
}
