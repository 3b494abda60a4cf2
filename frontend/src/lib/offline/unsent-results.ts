import type { GameResultRequest, GameResultResponse } from '@mathgames/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { ApiError, request } from '../api-client.js';

/** A send on patchy Wi-Fi gives up after this long (and is tried again later), so no tab waits forever. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * Finished games not yet stored on the server (offline, a 5xx, a timeout, a guest who has not signed in yet),
 * kept in IndexedDB with their Idempotency-Key and the time they were played, so a result is never lost: it is
 * sent again until the server stores it (the key makes a repeat count once) or refuses it for good.
 */
export interface UnsentResult {
  /** The Idempotency-Key of this game. */
  key: string;
  /** The request, `playedAt` included. */
  result: GameResultRequest;
  /** Who played it: a user id, or null for a guest (attached to whoever signs in next on this device). */
  owner: number | null;
  /** Set when the server refused it for good (4xx other than 401/408/429): shown to the child, never re-sent. */
  refused?: { message: string; field?: string };
}

interface Schema extends DBSchema {
  'unsent-results': { key: string; value: UnsentResult };
}

const DB_NAME = 'mathgames';
const STORE = 'unsent-results';
const LOCK = 'mathgames-unsent-results';
/** The Background Sync tag the service worker (`src/service-worker/worker.ts`) sends the queue on. */
export const SYNC_TAG = 'mathgames-unsent-results';

/** Where IndexedDB is missing or refused (old browsers, some private modes, a test DOM) the queue lives in memory. */
const memory = new Map<string, UnsentResult>();
let database: Promise<IDBPDatabase<Schema>> | null = null;

async function db(): Promise<IDBPDatabase<Schema> | null> {
  if (typeof indexedDB === 'undefined') return null;
  database ??= openDB<Schema>(DB_NAME, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore(STORE, { keyPath: 'key' });
    },
  });
  try {
    return await database;
  } catch (error) {
    console.warn('IndexedDB is not available; unsent results are kept in memory', error);
    return null;
  }
}

async function all(): Promise<UnsentResult[]> {
  const open = await db();
  return open ? open.getAll(STORE) : [...memory.values()];
}

async function put(entry: UnsentResult): Promise<void> {
  const open = await db();
  if (open) await open.put(STORE, entry);
  else memory.set(entry.key, entry);
}

async function remove(key: string): Promise<void> {
  const open = await db();
  if (open) await open.delete(STORE, key);
  else memory.delete(key);
}

/** True while `key` waits to be sent (false once stored on the server, by this tab or another). */
export async function isUnsent(key: string): Promise<boolean> {
  return (await all()).some((entry) => entry.key === key && !entry.refused);
}

/**
 * Keeps a finished game on the device before anything is sent: from here on it cannot be lost. It also asks for a
 * Background Sync at once, not only after a send fails, whenever the worker may send it later: a signed-in
 * child's send may hang on a weak signal until the tab is closed, and a game finished offline on a page that does
 * not know yet who is signed in is never sent from the tab. (An online guest's game waits for a sign-in here,
 * which no sync can bring.) A sync that finds nothing left to send does nothing.
 */
export async function keepResult(entry: UnsentResult): Promise<void> {
  await put(entry);
  if (entry.owner !== null || !navigator.onLine) void askForBackgroundSync();
}

/** Forgets a refused game once the child has seen why. */
export async function dismissRefused(key: string): Promise<void> {
  await remove(key);
}

/** A failure worth trying again later: no network, a timeout, a 5xx, the rate limit, or not signed in. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429;
}

export interface SendOutcome {
  /** Stored on the server now (or earlier: a replay), by key. */
  sent: Map<string, GameResultResponse>;
  /** Refused for good in this run, by key. */
  refused: Map<string, UnsentResult['refused'] & {}>;
  /** True when a send failed for now (offline, timeout, 5xx): the rest waits for the next try. */
  failed: boolean;
}

/**
 * Asks the browser to wake the service worker when the connection is back (Background Sync), so results kept
 * here are sent even if every tab is closed by then. Where there is no Background Sync (Firefox, Safari) or no
 * worker controls the page, the open tabs' own retries (`online`, at start, every few seconds) still send them.
 */
async function askForBackgroundSync(): Promise<void> {
  try {
    const container = typeof document === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container?.controller) return;
    const registration = (await container.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(SYNC_TAG);
  } catch (error) {
    console.warn('Background Sync could not be registered', error);
  }
}

/**
 * Runs `task` in one context at a time, tab or service worker (two of them sending at once would both post every
 * result; the second to get the lock finds the results the first sent already gone).
 */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(LOCK, task) as Promise<T>) : task();
}

/**
 * Sends every kept result the signed-in user may send (theirs and guests'), oldest first, one tab (or the service
 * worker) at a time; stops at the first transient failure (the network is gone again), leaves the rest for the
 * next try and asks for a Background Sync, so the worker sends them when the connection returns.
 */
export function sendUnsentResults(
  userId: number | null,
  options: {
    /**
     * The service worker cannot show a refusal to the child: it leaves a refused result as it was, and the tab's
     * next try (at start, every few seconds) gets the same refusal and shows it.
     */
    leaveRefusedToTheTabs?: boolean;
  } = {},
): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: new Map(), refused: new Map(), failed: false };
  if (userId === null) return Promise.resolve(outcome);
  return exclusively(async () => {
    const waiting = (await all())
      .filter((entry) => !entry.refused && (entry.owner === null || entry.owner === userId))
      .sort((a, b) => (a.result.playedAt ?? '').localeCompare(b.result.playedAt ?? ''));
    for (const entry of waiting) {
      try {
        const response = await request<GameResultResponse>('/api/game-results', {
          method: 'POST',
          body: entry.result,
          headers: { 'Idempotency-Key': entry.key },
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await remove(entry.key);
        outcome.sent.set(entry.key, response);
      } catch (error) {
        if (isTransient(error)) {
          outcome.failed = true;
          void askForBackgroundSync();
          break;
        }
        const body = error instanceof ApiError ? error.body : null;
        const refused = {
          message: body?.message ?? String(error),
          ...(body?.field ? { field: body.field } : {}),
        };
        if (!options.leaveRefusedToTheTabs) await put({ ...entry, refused });
        outcome.refused.set(entry.key, refused);
      }
    }
    return outcome;
  });
}
