import type { HistoryResponse } from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import type pg from 'pg';
import { type HistoryCursor, listHistory } from '../data-access/game-results-repository.js';

/** Opaque to clients; encodes the last item's exact position so the next page starts right after it. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.playedAtMicros}.${cursor.id}`).toString('base64url');
}

// Positions a cursor we issued can hold: years 1 to 9999 in epoch microseconds, ids Postgres and JS agree on.
// Anything outside was crafted, and would overflow bigint or the timestamp range in the query (a 500).
const MIN_MICROS = -62_135_596_800_000_000n;
const MAX_MICROS = 253_402_300_799_999_999n;

export function decodeCursor(raw: string): HistoryCursor {
  const invalid = () => new AppError(400, 'validation_error', 'invalid_cursor', 'cursor');
  const match = /^(-?\d{1,19})\.(\d{1,16})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const playedAtMicros = BigInt(match[1]!);
  const id = Number(match[2]);
  if (playedAtMicros < MIN_MICROS || playedAtMicros > MAX_MICROS || !Number.isSafeInteger(id))
    throw invalid();
  return { playedAtMicros, id };
}

export async function getHistory(
  pool: pg.Pool,
  userId: number,
  limit: number,
  cursor: string | undefined,
): Promise<HistoryResponse> {
  const page = await listHistory(pool, userId, limit, cursor ? decodeCursor(cursor) : null);
  return {
    items: page.items.map((r) => ({
      ...r,
      gameType: r.gameType as HistoryResponse['items'][number]['gameType'],
      createdAt: r.playedAt.toISOString(),
    })),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    total: page.total,
  };
}
