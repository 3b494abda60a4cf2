import type { Db } from '@mathgames/platform';

export async function savePhoto(
  db: Db,
  userId: number,
  photo: { content: Buffer; version: string },
): Promise<void> {
  await db.query(
    `INSERT INTO auth.photos (user_id, content, version) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET content = excluded.content, version = excluded.version, updated_at = now()`,
    [userId, photo.content, photo.version],
  );
}

export async function deletePhoto(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM auth.photos WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}

/** Only the owner's current photo: another user's id or an old version finds nothing. */
export async function findPhoto(db: Db, userId: number, version: string): Promise<Buffer | null> {
  const { rows } = await db.query<{ content: Buffer }>(
    'SELECT content FROM auth.photos WHERE user_id = $1 AND version = $2',
    [userId, version],
  );
  return rows[0]?.content ?? null;
}
