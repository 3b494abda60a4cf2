import { GAME_TYPES } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { type Pool, sleep } from '@mathgames/platform';
import { expect } from 'vitest';
import { CookieJar } from '../test-client.js';

/**
 * A pupil's client as the app behaves under faults, for the fault suite and the replica test: it keeps the session
 * cookie, says it comes from its own address (as the per-IP budgets expect of real pupils), retries a 503 after
 * Retry-After, logs in again after a 401, and keeps sending a result with the same Idempotency-Key until stored.
 */
export class Pupil {
  private readonly jar = new CookieJar();
  userId = 0;
  /** What this pupil's accepted results add up to: what every read model must show. */
  readonly accepted = { games: 0, questions: 0, correct: 0 };

  constructor(
    readonly n: number,
    private readonly baseUrl: string,
    /** One sign-in attempt (e-mail and password, or a class code and pictures). */
    private readonly signIn: (pupil: Pupil) => Promise<Response>,
  ) {}

  async request(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Response> {
    const headers: Record<string, string> = {
      'x-lang': this.n % 2 ? 'en' : 'tr',
      'x-forwarded-for': `10.20.${Math.floor(this.n / 250)}.${this.n % 250}`,
    };
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    this.jar.keep(res);
    return res;
  }

  /** Signs in afresh, waiting out 503s as the app does. */
  async logIn(): Promise<void> {
    this.jar.clear();
    for (;;) {
      const res = await this.signIn(this);
      await res.arrayBuffer();
      if (res.status === 200) return;
      if (res.status !== 503) throw new Error(`login ${this.n}: ${res.status}`);
      await sleep(retryAfterMs(res));
    }
  }
}

/** Results sent and accepted, and every answer the pupils saw (`201`, `503 service_unavailable`, `network error …`). */
export interface Tally {
  sent: number;
  accepted: number;
  statuses: Map<string, number>;
}

export const newTally = (): Tally => ({ sent: 0, accepted: 0, statuses: new Map() });
export const count = (tally: Tally, key: string) =>
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
export const retryAfterMs = (res: Response) =>
  Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000;

/** A request that got no answer, with its cause (`fetch failed` alone says nothing). */
export function networkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return `network error ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
}

/** Answers that are a 5xx other than a 503: what a pupil must never see. */
export const otherServerErrors = (tally: Tally) =>
  [...tally.statuses]
    .filter(([key]) => /^5\d\d/.test(key) && !key.startsWith('503'))
    .reduce((n, [, c]) => n + c, 0);

/**
 * Posts one result as the app does: until it is stored, a 503 retried after Retry-After with the same key, a lost
 * connection or another 5xx (counted, and failed by the caller's checks) after a second.
 */
export async function postUntilStored(pupil: Pupil, key: string, seed: number, tally: Tally): Promise<void> {
  const questionsCount = ([5, 10, 15, 20] as const)[seed % 4]!;
  const correct = seed % (questionsCount + 1);
  const result = honestResult({
    gameType: GAME_TYPES[pupil.n % GAME_TYPES.length]!,
    difficulty: 'orta',
    questionsCount,
    correct,
    seed,
  });
  tally.sent++;
  for (;;) {
    let res: Response;
    try {
      res = await pupil.request('POST', '/api/game-results', result, key);
    } catch (err) {
      count(tally, networkError(err));
      await sleep(1_000);
      continue;
    }
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    count(tally, `${res.status}${body?.code ? ` ${body.code}` : ''}`);
    if (res.status === 201 || res.status === 200) {
      // The first success the client sees ends its retries; a replayed key (an earlier try was stored but its
      // answer lost) answers that stored result, so either way this result must be counted exactly once.
      if (res.headers.get('idempotent-replayed') === 'true') count(tally, 'replayed');
      tally.accepted++;
      pupil.accepted.games++;
      pupil.accepted.questions += questionsCount;
      pupil.accepted.correct += correct;
      return;
    }
    if (res.status === 503) {
      expect(body?.message, 'a 503 carries the translated text').toBeTruthy();
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      await sleep(retryAfterMs(res));
      continue;
    }
    // Redis keeps no data in the fault suite: a restart ends sessions, and the app sends the pupil to log in again.
    if (res.status === 401) {
      await pupil.logIn();
      continue;
    }
    if (res.status >= 500) {
      await sleep(1_000);
      continue;
    }
    throw new Error(`result ${key}: ${res.status} ${JSON.stringify(body)}`);
  }
}

export interface Counted {
  /** Games in statistics, and events applied by the badge-worker. */
  statistics: number;
  badges: number;
  /** Every pupil's totals in both equal what was accepted. */
  exact: boolean;
}

/** What statistics and badge progress hold for `pupils` (one game type each, so badge progress is correct answers). */
export async function counted(pool: Pool, pupils: readonly Pupil[]): Promise<Counted> {
  const totals = await pool.query<{ user_id: number; games: number; questions: number; correct: number }>(
    'SELECT user_id, games, questions, correct FROM results.user_totals',
  );
  const progress = await pool.query<{ user_id: number; progress: number }>(
    'SELECT user_id, min(progress)::int AS progress FROM badges.user_badges GROUP BY user_id',
  );
  const byUser = new Map(totals.rows.map((r) => [r.user_id, r]));
  const progressByUser = new Map(progress.rows.map((r) => [r.user_id, r.progress]));
  const exact = pupils.every((p) => {
    const t = byUser.get(p.userId);
    return (
      (t?.games ?? 0) === p.accepted.games &&
      (t?.questions ?? 0) === p.accepted.questions &&
      (t?.correct ?? 0) === p.accepted.correct &&
      (progressByUser.get(p.userId) ?? 0) === p.accepted.correct
    );
  });
  const statistics = totals.rows.reduce((sum, r) => sum + r.games, 0);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM badges.processed_events');
  return { statistics, badges: rows[0]!.n, exact };
}
