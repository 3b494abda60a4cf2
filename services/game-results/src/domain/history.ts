import type { HistoryResponse } from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import type pg from 'pg';
import { type HistoryCursor, listHistory } from '../data-access/game-results-repository.js';

/** Opaque to clients; encodes the last item's exact position so the next page starts right after it. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAtMicros}.${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): HistoryCursor {
  const match = /^(-?\d{1,19})\.(\d{1,18})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) throw new AppError(400, 'validation_error', 'invalid_cursor', 'cursor');
  return { createdAtMicros: BigInt(match[1]!), id: Number(match[2]) };
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
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    total: page.total,
  };
}
