import { type Agent, request } from 'node:http';
import {
  BADGE_COUNTS_MAX_USERS,
  BADGE_COUNTS_PATH,
  type BadgeCountsResponse,
  badgeCountsResponseSchema,
} from '@mathgames/contracts';
import { callerHeaders } from '../request-context.js';

export interface ColdCountsDeps {
  /** The badges service. */
  target: URL;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  /** Signs the gateway's own call (request-context.ts). */
  secret: string;
}

interface Waiter {
  resolve(counts: number[]): void;
  reject(err: Error): void;
}

const UPSTREAM_TIMEOUT_MS = 15_000;
/**
 * How long the first cold poll of a call waits for others: polls come in over many sockets, a few per event-loop
 * turn, so one turn's are too few to share a call. Small beside the poll's 3 s, and only on a cold poll.
 */
export const COLD_COUNTS_WINDOW_MS = 10;

/**
 * The completed-badge counts of polls that found them neither in the gateway's memory nor in Redis (a lesson's
 * first polls, or after the cache's TTL). Sent on one by one, each such poll cost about 1.4 ms of CPU across the
 * system, and 5,000 tabs opening at once queued for seconds (docs/decisions/0010-cold-polls-in-one-call.md). Here the
 * cold users of COLD_COUNTS_WINDOW_MS go to the badges service in one call (at most BADGE_COUNTS_MAX_USERS each),
 * which reads them in one query and fills Redis; a user asked for twice in that window is asked once.
 */
export function createColdCounts(deps: ColdCountsDeps) {
  let waiting = new Map<number, Waiter[]>();
  let firstRequestId = '';

  function send(userIds: number[], batch: Map<number, Waiter[]>, requestId: string): void {
    const fail = (err: Error) => {
      for (const id of userIds) for (const w of batch.get(id) ?? []) w.reject(err);
    };
    const body = JSON.stringify({ userIds });
    const caller = { userId: null, sessionId: null, lang: 'tr' as const, requestId, ip: '' };
    const call = request(
      {
        host: deps.target.hostname,
        port: deps.target.port,
        path: BADGE_COUNTS_PATH,
        method: 'POST',
        agent: deps.agent,
        headers: {
          ...callerHeaders(deps.secret, caller, { method: 'POST', path: BADGE_COUNTS_PATH }),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          let answer: BadgeCountsResponse;
          try {
            if (res.statusCode !== 200) throw new Error(`badges answered ${res.statusCode}`);
            answer = badgeCountsResponseSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            fail(err as Error);
            return;
          }
          const byUser = new Map(answer.items.map((item) => [item.userId, item.counts]));
          for (const id of userIds) {
            const counts = byUser.get(id);
            for (const w of batch.get(id) ?? [])
              counts ? w.resolve(counts) : w.reject(new Error(`no counts for user ${id}`));
          }
        });
      },
    );
    call.setTimeout(UPSTREAM_TIMEOUT_MS, () => call.destroy(new Error('upstream timed out')));
    call.on('error', fail);
    call.end(body);
  }

  function flush(): void {
    const batch = waiting;
    const requestId = firstRequestId;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += BADGE_COUNTS_MAX_USERS)
      send(ids.slice(i, i + BADGE_COUNTS_MAX_USERS), batch, requestId);
  }

  return {
    /** The user's counts (SUMMARY_CATEGORIES order); rejects when the badges service cannot answer. */
    load(userId: number, requestId: string): Promise<number[]> {
      return new Promise((resolve, reject) => {
        if (waiting.size === 0) {
          firstRequestId = requestId;
          setTimeout(flush, COLD_COUNTS_WINDOW_MS);
        }
        const waiters = waiting.get(userId);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(userId, [{ resolve, reject }]);
      });
    },
  };
}

export type ColdCounts = ReturnType<typeof createColdCounts>;
