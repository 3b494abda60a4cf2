import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ShedReason } from './load-shedding.js';

/**
 * A short, bounded queue in front of the load shedder for the pupil sign-in (docs/decisions/0056-sign-in-queue.md).
 * At the bell a class signs in at once; a child answered 503 sees an error. So a sign-in that arrives while the
 * process is past its capacity (in flight or event-loop delay, never one address's share) waits here, first come
 * first served, and is admitted as soon as the shedder would admit it; only when the queue is full or the request
 * waited `maxWaitMs` is it answered 503 + Retry-After as before. Bounded in entries and time, so it cannot grow
 * into the queueing the shedder exists to prevent. A client that gives up while waiting leaves the queue.
 */
export interface AdmissionQueueOptions {
  /** Requests that may wait at once; past it the next one is refused at once. */
  maxWaiting: number;
  /** How long a request may wait before it is refused. */
  maxWaitMs: number;
  /** How often the head of the queue asks again. */
  retryEveryMs?: number;
}

interface Waiting {
  since: number;
  gone: boolean;
  admit: () => ShedReason | null;
  admitted: () => void;
  refused: () => void;
}

export interface AdmissionQueue {
  /**
   * Holds the request until `admit` lets it in (then `admitted`) or its time runs out (then `refused`). False when
   * the queue is full (the caller refuses it at once).
   */
  wait(
    res: ServerResponse,
    admit: () => ShedReason | null,
    admitted: () => void,
    refused: () => void,
  ): boolean;
  readonly waiting: number;
  close(): void;
}

/** The pupil's sign-in steps, POSTed: the picture step's card, the pictures, the card's QR link. */
const SIGN_IN_POSTS = new Set([
  '/api/classes/pupil-card',
  '/api/auth/pupil-login',
  '/api/auth/pupil-link-login',
]);

/** The requests worth holding: the pupil's sign-in (the class code's roster, card, pictures or QR link). */
export function isQueueable(req: IncomingMessage): boolean {
  const path = req.url?.split('?', 1)[0] ?? '';
  if (req.method === 'POST') return SIGN_IN_POSTS.has(path);
  return req.method === 'GET' && path.startsWith('/api/class-codes/');
}

export function createAdmissionQueue(options: AdmissionQueueOptions): AdmissionQueue {
  const retryEveryMs = options.retryEveryMs ?? 20;
  let queue: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  const drain = () => {
    const now = Date.now();
    let blocked = false;
    const left: Waiting[] = [];
    for (const entry of queue) {
      if (entry.gone) continue;
      if (now - entry.since >= options.maxWaitMs) {
        entry.refused();
        continue;
      }
      // First come first served: once the process is full, the ones behind the head wait too.
      const reason = blocked ? 'in_flight' : entry.admit();
      if (reason === null) {
        entry.admitted();
        continue;
      }
      if (reason !== 'address_share') blocked = true;
      left.push(entry);
    }
    queue = left;
    if (queue.length === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    wait(res, admit, admitted, refused) {
      if (options.maxWaitMs <= 0 || queue.length >= options.maxWaiting) return false;
      const entry: Waiting = { since: Date.now(), gone: false, admit, admitted, refused };
      res.once('close', () => {
        entry.gone = true;
      });
      queue.push(entry);
      if (!timer) {
        timer = setInterval(drain, retryEveryMs);
        timer.unref();
      }
      return true;
    },
    get waiting() {
      return queue.filter((entry) => !entry.gone).length;
    },
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const entry of queue) if (!entry.gone) entry.refused();
      queue = [];
    },
  };
}
