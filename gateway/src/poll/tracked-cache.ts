import { createRedis, type Logger } from '@mathgames/platform';
import type { Redis } from 'ioredis';

/**
 * Redis values the badge poll reads on every call (the session, the cached badge counts) kept in this process's
 * memory and kept fresh by Redis itself (client-side caching, `CLIENT TRACKING`): a connection of its own reads
 * with tracking on, and Redis pushes the name of every key it read to a second connection (RESP 2, subscribed to
 * `__redis__:invalidate`) as soon as any client changes, deletes or expires it; the entry is dropped on the spot.
 * So a revoked session (its key deleted) or a new badge (its counts rewritten) is seen on the next poll, whichever
 * gateway wrote it, and a poll of an unchanged tab costs no Redis round trip.
 *
 * Correctness before speed: while either connection is down or tracking is not (re)established, nothing is
 * served from memory (reads go to Redis through `fallback`, the gateway's own client) and memory is emptied, since
 * invalidations may have been missed. A reply that an invalidation overtook is not kept (the pending mark).
 * Entries also end after `maxAgeMs` and the map holds at most `maxEntries` (oldest first out).
 */
export interface TrackedCache {
  /** The decoded value of `key` (decode sees null for a missing key); decode runs once per cached read. */
  get<T>(key: string, decode: (raw: string | null) => T): Promise<T>;
  /** True while invalidations are flowing (entries are served from memory). */
  readonly tracking: boolean;
  readonly size: number;
  close(): Promise<void>;
}

export interface TrackedCacheOptions {
  redisUrl: string;
  logger: Logger;
  /** Used for reads while tracking is off. */
  fallback: Redis;
  maxEntries?: number;
  maxAgeMs?: number;
}

const INVALIDATE_CHANNEL = '__redis__:invalidate';

interface Entry {
  value: unknown;
  at: number;
}

export function createTrackedCache(options: TrackedCacheOptions): TrackedCache {
  const { logger, fallback } = options;
  const maxEntries = options.maxEntries ?? 200_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const reader = createRedis(options.redisUrl, logger, { autoPipelining: true, commandTimeoutMs: 1_000 });
  const invalidations = createRedis(options.redisUrl, logger, { protocol: 2 });
  const entries = new Map<string, Entry>();
  const pending = new Map<string, symbol>();
  let tracking = false;
  let closed = false;
  // Each (re)connection of either side starts a new generation: a read begun in an older one is not kept.
  let generation = 0;

  const untrack = () => {
    tracking = false;
    generation++;
    entries.clear();
    pending.clear();
  };

  const establish = async () => {
    untrack();
    const mine = generation;
    if (closed || reader.status !== 'ready' || invalidations.status !== 'ready') return;
    try {
      // Reconnected, ioredis has subscribed again on its own, and a subscribed RESP 2 connection may send
      // nothing but (un)subscriptions: leave the channel to ask the connection's new id, then subscribe.
      await invalidations.unsubscribe();
      const id = await invalidations.client('ID');
      await invalidations.subscribe(INVALIDATE_CHANNEL);
      await reader.call('CLIENT', 'TRACKING', 'OFF');
      await reader.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id));
      if (mine === generation && !closed) tracking = true;
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'redis client tracking unavailable, reading through');
      // Tried again while both connections stay up (a reconnection tries again by itself).
      if (mine === generation && !closed)
        setTimeout(() => void (mine === generation && establish()), 1_000).unref();
    }
  };

  invalidations.on('messageBuffer', (channel: Buffer, message: Buffer[] | Buffer | null) => {
    if (channel.toString() !== INVALIDATE_CHANNEL) return;
    // A null message is a flush (FLUSHALL, or the server dropped its tracking table): forget everything.
    if (!Array.isArray(message)) {
      entries.clear();
      pending.clear();
      return;
    }
    for (const raw of message) {
      const key = raw.toString();
      entries.delete(key);
      pending.delete(key);
    }
  });
  for (const connection of [reader, invalidations]) {
    connection.on('ready', () => void establish());
    connection.on('close', untrack);
  }

  return {
    async get<T>(key: string, decode: (raw: string | null) => T): Promise<T> {
      if (!tracking) return decode(await fallback.get(key));
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < maxAgeMs) return hit.value as T;
      const token = Symbol(key);
      const mine = generation;
      pending.set(key, token);
      const value = decode(await reader.get(key));
      if (pending.get(key) === token) {
        pending.delete(key);
        if (mine === generation && tracking) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, at: Date.now() });
        }
      }
      return value;
    },
    get tracking() {
      return tracking;
    },
    get size() {
      return entries.size;
    },
    async close() {
      closed = true;
      untrack();
      await Promise.all([reader, invalidations].map((c) => c.quit().then(undefined, () => c.disconnect())));
    },
  };
}
