import { type ClassJoin, type ClassPupil, EVENT_QUEUES, GAME_RESULT_RECORDED } from '@mathgames/contracts';
import { EVENTS_EXCHANGE, type Pool, sleep } from '@mathgames/platform';
import {
  countDeliveries,
  type DeliveryCounter,
  unsettledMessages,
  waitFor,
} from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYABLES, type DeployableName } from '../../deployables.js';
import { addPupils, createClass } from '../classes/classes-api.js';
import { Browser, signUp } from '../classes/classes-stack.js';
import {
  count,
  counted,
  networkError,
  newTally,
  otherServerErrors,
  Pupil,
  postUntilStored,
  retryAfterMs,
  type Tally,
} from '../game-results/pupil-client.js';
import { type ReplicaStack, startReplicaStack, UNLIMITED } from './replica-stack.js';

/**
 * Replicas killed under load: two of every deployable behind HAProxy while 50 pupils of two classes play, each
 * result re-sent with its Idempotency-Key until accepted, and one replica of each kind in turn is SIGKILLed and
 * started again. Every accepted result is then counted exactly once in statistics, badge progress and class
 * progress, and no request a pupil made saw a 5xx other than 503. Prints the figures.
 */

/** How long replicas are killed in turn: 2 minutes unless REPLICA_CHAOS_SECONDS says otherwise. */
const CHAOS_SECONDS = Number(process.env.REPLICA_CHAOS_SECONDS ?? 120);
const PUPILS = 50;
const PAUSE_BETWEEN_RESULTS_MS = 2_000;
/** How long a killed replica stays down: requests meet it gone before the balancer's checks notice. */
const DOWN_MS = 1_000;
/** A newcomer registers every so often: each a verification mail, so a killed mail-worker has work in hand. */
const PAUSE_BETWEEN_NEWCOMERS_MS = 3_000;
/** What a pupil reads between results, one path a round (each HTTP service is read by pupils). */
const READS = ['/api/statistics', '/api/user-badges/summary', '/api/classes/me/assignments', '/api/auth/me'];
const EVENT_QUEUE_NAMES = [EVENT_QUEUES.statistics, EVENT_QUEUES.badges, EVENT_QUEUES.classes].map(
  (q) => q.name,
);

let stack: ReplicaStack;
let pool: Pool;
let deliveries: DeliveryCounter;
const pupils: Pupil[] = [];

/** One sign-in as on /class: the class code's roster gives a ticket, then the pupil's two pictures. */
const pictureSignIn = (joinCode: string, member: ClassPupil) => async (pupil: Pupil) => {
  const roster = await pupil.request('GET', `/api/class-codes/${joinCode}`);
  if (roster.status !== 200) return roster;
  const { ticket } = (await roster.json()) as ClassJoin;
  return pupil.request('POST', '/api/auth/pupil-login', {
    ticket,
    pupilId: member.id,
    pictures: member.pictures,
  });
};

async function read(pupil: Pupil, path: string, reads: Tally): Promise<void> {
  try {
    const res = await pupil.request('GET', path);
    await res.arrayBuffer();
    count(reads, String(res.status));
  } catch (err) {
    count(reads, networkError(err));
  }
}

/** Registers newcomers until `playing()` ends, each until answered; their addresses. */
async function registerNewcomers(playing: () => boolean, answers: Tally): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; playing(); i++) {
    const email = `newcomer${i}@example.com`;
    const account = { username: `newcomer${i}`, email, password: 'correct horse' };
    const newcomer = new Pupil(PUPILS + i, stack.baseUrl, (p) =>
      p.request('POST', '/api/auth/login', { email, password: account.password }),
    );
    for (;;) {
      let res: Response;
      try {
        res = await newcomer.request('POST', '/api/auth/register', account);
        await res.arrayBuffer();
      } catch (err) {
        count(answers, networkError(err));
        await sleep(1_000);
        continue;
      }
      count(answers, String(res.status));
      // 409: an earlier try created the account (its name is now taken) but its answer was lost.
      if (res.status === 201 || res.status === 409) break;
      if (res.status < 500) throw new Error(`register ${email}: ${res.status}`);
      await sleep(retryAfterMs(res));
    }
    emails.push(email);
    await sleep(PAUSE_BETWEEN_NEWCOMERS_MS);
  }
  return emails;
}

/** How many verification mails each address got. */
function verificationMails(emails: readonly string[]): number[] {
  const mails = stack.mail!.messages.filter((m) => m.text.includes('/verify-email#token='));
  return emails.map((email) => mails.filter((m) => m.to.includes(email)).length);
}

/**
 * Kills one replica of each kind in turn (the first replicas, then the second ones, …) until `until`, and every
 * kind at least once however short the run; returns the kills per kind.
 */
async function killInTurn(until: number): Promise<Map<DeployableName, number>> {
  const kills = new Map<DeployableName, number>();
  for (let round = 0; round === 0 || Date.now() < until; round++)
    for (const { name } of DEPLOYABLES) {
      if (round > 0 && Date.now() >= until) break;
      const replica = stack.replicas[name]![round % 2]!;
      await replica.process.kill();
      kills.set(name, (kills.get(name) ?? 0) + 1);
      await sleep(DOWN_MS);
      await replica.start();
      // Back in rotation before the next kind loses one: one replica is ever down at a time.
      await stack.balancer!.untilAllUp();
    }
  return kills;
}

/** Class progress (the classes-worker's read model) equals what each pupil had accepted; events it applied. */
async function classProgress(): Promise<{ applied: number; exact: boolean }> {
  const { rows } = await pool.query<{ user_id: number; questions: number; correct: number }>(
    'SELECT user_id, questions_total AS questions, correct_total AS correct FROM classes.pupil_progress',
  );
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  const exact = pupils.every((p) => {
    const row = byUser.get(p.userId);
    return (row?.questions ?? 0) === p.accepted.questions && (row?.correct ?? 0) === p.accepted.correct;
  });
  const applied = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM classes.processed_events');
  return { applied: applied.rows[0]!.n, exact };
}

async function settled(): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM results.outbox WHERE published_at IS NULL',
  );
  if (rows[0]!.n > 0) return false;
  const vhost = stack.environment!.vhost!;
  const left = await Promise.all(EVENT_QUEUE_NAMES.map((q) => unsettledMessages(vhost, q)));
  return left.every((n) => n === 0);
}

beforeAll(async () => {
  stack = await startReplicaStack({
    smtp: true,
    // A killed mail-worker's jobs come back after its job lock (mail-delivery.test.ts says why 10 s holds).
    envFor: { ...UNLIMITED, 'mail-worker': { MAIL_JOB_LOCK_SECONDS: '10' } },
  });
  pool = stack.environment!.pool;
  deliveries = await countDeliveries(stack.env.AMQP_URL!, EVENTS_EXCHANGE, GAME_RESULT_RECORDED.type);
  const teacher = await signUp(new Browser(stack.baseUrl), stack.mail!, {
    username: 'Chaos_Teacher',
    teacher: true,
    verify: true,
  });
  for (const name of ['3-A', '3-B']) {
    const klass = await createClass(teacher, name, 3);
    const names = Array.from({ length: PUPILS / 2 }, (_, i) => `${name} pupil ${i + 1}`);
    for (const member of await addPupils(teacher, klass.id, names)) {
      const pupil = new Pupil(pupils.length, stack.baseUrl, pictureSignIn(klass.joinCode, member));
      pupil.userId = member.id;
      pupils.push(pupil);
    }
  }
  // A few at a time: each picture sign-in is an argon2 hash.
  for (let i = 0; i < PUPILS; i += 5) await Promise.all(pupils.slice(i, i + 5).map((p) => p.logIn()));
}, 300_000);

afterAll(async () => {
  await deliveries?.close();
  await stack?.stop();
});

describe('replicas killed in turn while pupils play', () => {
  it(
    `every accepted result counted once in statistics, badges and class progress; no 5xx but 503 (${CHAOS_SECONDS} s)`,
    async () => {
      const posts = newTally();
      const reads = newTally();
      const registrations = newTally();
      let playing = true;
      const newcomers = registerNewcomers(() => playing, registrations);
      const play = Promise.all(
        pupils.map(async (pupil) => {
          await sleep((pupil.n * PAUSE_BETWEEN_RESULTS_MS) / PUPILS);
          for (let round = 0; playing; round++) {
            await postUntilStored(pupil, `chaos-${pupil.n}-${round}`, pupil.n * 1000 + round, posts);
            await read(pupil, READS[round % READS.length]!, reads);
            await sleep(PAUSE_BETWEEN_RESULTS_MS);
          }
        }),
      );
      const kills = await killInTurn(Date.now() + CHAOS_SECONDS * 1000).finally(() => {
        playing = false;
      });
      await play;
      const emails = await newcomers;

      // A relay killed holding claimed rows leaves them to the other after its 60 s lease.
      await waitFor(async () => (await counted(pool, pupils)).exact && (await classProgress()).exact, {
        timeoutMs: 180_000,
        intervalMs: 500,
        message: 'statistics, badges and class progress equal what was accepted',
      });
      await waitFor(settled, { timeoutMs: 60_000, intervalMs: 500, message: 'nothing left in flight' });
      // A mail job held by a killed mail-worker goes to the other after BullMQ's stalled-job check (its 10 s lock).
      await waitFor(() => verificationMails(emails).every((n) => n > 0), {
        timeoutMs: 120_000,
        intervalMs: 500,
        message: 'a verification mail for every newcomer',
      });
      const mails = verificationMails(emails);
      const totals = await counted(pool, pupils);
      const classes = await classProgress();
      const vhost = stack.environment!.vhost!;
      const parked = await Promise.all(
        EVENT_QUEUE_NAMES.map((q) => unsettledMessages(vhost, `${q}.dead-letter`)),
      );
      const republished = [...deliveries.byMessageId.values()].filter((n) => n > 1).length;
      const badAnswers = [posts, reads, registrations].reduce((n, tally) => n + otherServerErrors(tally), 0);
      console.log(
        `[replicas] ${CHAOS_SECONDS} s of kills: results sent ${posts.sent}, accepted ${posts.accepted}; counted ` +
          `${totals.statistics} (statistics) / ${totals.badges} (badges) / ${classes.applied} (class progress); ` +
          `kills ${JSON.stringify(Object.fromEntries(kills))}; 5xx other than 503: ${badAnswers}; ` +
          `answers to posts ${JSON.stringify(Object.fromEntries(posts.statuses))}, to reads ` +
          `${JSON.stringify(Object.fromEntries(reads.statuses))}; events delivered ${deliveries.total()} for ` +
          `${deliveries.byMessageId.size} results (${republished} published again after a kill, applied once); ` +
          `dead-lettered ${parked.reduce((a, b) => a + b, 0)}; newcomers ${emails.length} (answers ` +
          `${JSON.stringify(Object.fromEntries(registrations.statuses))}), verification mails ` +
          `${mails.reduce((a, b) => a + b, 0)} (${mails.filter((n) => n > 1).length} sent twice after a kill)`,
      );

      expect(badAnswers).toBe(0);
      expect(posts.accepted).toBe(posts.sent);
      expect(totals.exact && classes.exact).toBe(true);
      expect([totals.statistics, totals.badges, classes.applied]).toEqual(Array(3).fill(posts.accepted));
      expect(parked).toEqual([0, 0, 0]);
      expect(stack.exits).toEqual([]);
      expect([...kills.keys()].sort()).toEqual(DEPLOYABLES.map((d) => d.name).sort());
    },
    (CHAOS_SECONDS + 420) * 1000,
  );
});
