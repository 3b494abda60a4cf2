import type { ReviewCard } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

interface CardRow {
  game_type: string;
  difficulty: string;
  mistake_kind: string;
  box: number;
  due_at: Date;
}

const toCard = (r: CardRow): ReviewCard =>
  ({
    gameType: r.game_type,
    difficulty: r.difficulty,
    mistake: r.mistake_kind,
    box: r.box,
    dueAt: r.due_at.toISOString(),
  }) as ReviewCard;

/** A pupil's whole schedule (at most one card per topic × level × slip: a few hundred rows at the very most). */
export async function listReviewCards(db: Db, userId: number): Promise<ReviewCard[]> {
  const { rows } = await db.query<CardRow>(
    `SELECT game_type, difficulty, mistake_kind, box, due_at FROM results.review_cards
      WHERE user_id = $1 ORDER BY due_at, game_type, difficulty, mistake_kind`,
    [userId],
  );
  return rows.map(toCard);
}

/** Writes cards (insert or replace) and deletes retired shapes, in the caller's transaction. */
export async function saveReviewCards(
  db: Db,
  userId: number,
  cards: readonly ReviewCard[],
  retired: readonly ReviewCard[],
  now: Date,
): Promise<void> {
  if (cards.length > 0) {
    await db.query(
      `INSERT INTO results.review_cards AS c (user_id, game_type, difficulty, mistake_kind, box, due_at, updated_at)
       SELECT $1, * , $7 FROM unnest($2::text[], $3::text[], $4::text[], $5::smallint[], $6::timestamptz[])
       ON CONFLICT (user_id, game_type, difficulty, mistake_kind)
       DO UPDATE SET box = excluded.box, due_at = excluded.due_at, updated_at = excluded.updated_at`,
      [
        userId,
        cards.map((c) => c.gameType),
        cards.map((c) => c.difficulty),
        cards.map((c) => c.mistake),
        cards.map((c) => c.box),
        cards.map((c) => c.dueAt),
        now,
      ],
    );
  }
  if (retired.length > 0) {
    await db.query(
      `DELETE FROM results.review_cards c
        USING unnest($2::text[], $3::text[], $4::text[]) AS r(game_type, difficulty, mistake_kind)
        WHERE c.user_id = $1 AND c.game_type = r.game_type AND c.difficulty = r.difficulty
          AND c.mistake_kind = r.mistake_kind`,
      [
        userId,
        retired.map((c) => c.gameType),
        retired.map((c) => c.difficulty),
        retired.map((c) => c.mistake),
      ],
    );
  }
}
