import http from 'node:http';
import { availableParallelism } from 'node:os';
import { hashPassword } from '@mathgames/auth/testing';
import type { ClassJoin, ClassPupilsResponse, TeacherClassResponse } from '@mathgames/contracts';
import { load } from '../../load.js';
import {
  CLASS_SIZE,
  classAddress,
  PASSWORD,
  SIGN_IN_CLASSES,
  SIGN_IN_HASH,
  SIGN_IN_SPREAD_SECONDS,
} from '../config.js';
import { Pupil } from '../pupils.js';
import { loadLine, machineLoad, ms, percentile, say } from '../report.js';
import { type Bench, startHello } from '../stack.js';

/**
 * The lesson's first minute (docs/decisions/0055-keyed-picture-hash.md, 0056-sign-in-queue.md): SIGN_IN_CLASSES
 * classes of CLASS_SIZE, each from its own school address (a loopback address of its own, a device's connection
 * each), sign in by class code and pictures as the app does: the class's roster (join ticket), then the pictures;
 * a 503 is waited out after its Retry-After (with the app's jitter) and sent again. Each pupil starts at a random
 * moment of the first SIGN_IN_SPREAD_SECONDS and, once in, opens the home screen (the badge summary). Then the same
 * pupils all at once, for the sign-ins a second the box carries. Beside it: bare node:http on the same machine in
 * the same run (the machine is shared, so only the two side by side mean anything).
 * BENCH_SIGN_IN_HASH=argon2id stores the pictures as argon2id hashes first (what auth stored before 0055): every
 * sign-in then verifies argon2id, as on the day the keyed form is deployed.
 */
interface Outcome {
  /** From the first request to the home screen's answer: what the child waits. */
  ms: number;
  /** 503s waited out on the way (each one an error screen before 0056). */
  busy: number;
  /** Anything else than 200 in the end: an error shown to the child. */
  error: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After (seconds) plus up to half again of jitter, as the app's sign-in waits. */
const retryWait = (headers: string | null) => {
  const wait = Math.max(1, Number(headers ?? 2) || 2) * 1000;
  return wait + Math.random() * wait * 0.5;
};

/** A child (and the bench) gives up after this long: counted as an error shown to the child. */
const GIVE_UP_MS = 120_000;

async function untilAnswered(pupil: Pupil, method: string, path: string, body?: unknown) {
  let busy = 0;
  const started = performance.now();
  for (;;) {
    const res = await pupil.call(method, path, body);
    if ((res.status !== 503 && res.status !== 0) || performance.now() - started > GIVE_UP_MS)
      return { res, busy };
    busy++;
    const retryAfter = /"retryAfter":(\d+)/.exec(res.text)?.[1] ?? null;
    await sleep(retryWait(retryAfter));
  }
}

async function signIn(pupil: Pupil, code: string, pupilId: number, pictures: readonly string[]) {
  const started = performance.now();
  const roster = await untilAnswered(pupil, 'GET', `/api/class-codes/${code}`);
  if (roster.res.status !== 200)
    return { ms: 0, busy: roster.busy, error: `roster ${roster.res.status}` } satisfies Outcome;
  const { ticket } = JSON.parse(roster.res.text) as ClassJoin;
  // The picture step asks how many pictures the pupil taps, with the code's ticket, as the app does.
  const card = await untilAnswered(pupil, 'POST', '/api/classes/pupil-card', { ticket, pupilId });
  if (card.res.status !== 200)
    return { ms: 0, busy: roster.busy + card.busy, error: `card ${card.res.status}` } satisfies Outcome;
  const login = await untilAnswered(pupil, 'POST', '/api/auth/pupil-login', { ticket, pupilId, pictures });
  const busy = roster.busy + card.busy + login.busy;
  if (login.res.status !== 200) return { ms: 0, busy, error: `sign-in ${login.res.status}` };
  const home = await untilAnswered(pupil, 'GET', '/api/user-badges/summary');
  if (home.res.status !== 200) return { ms: 0, busy, error: `home ${home.res.status}` };
  return { ms: performance.now() - started, busy: busy + home.busy, error: null };
}

interface Seat {
  code: string;
  pupilId: number;
  pictures: readonly string[];
  agent: http.Agent;
}

function report(name: string, outcomes: Outcome[], seconds: number) {
  const inside = outcomes.filter((o) => o.error === null);
  const errors = new Map<string, number>();
  for (const o of outcomes) if (o.error) errors.set(o.error, (errors.get(o.error) ?? 0) + 1);
  const busy = outcomes.reduce((n, o) => n + o.busy, 0);
  const perSecond = inside.length / seconds;
  say(
    `${name.padEnd(40)} ${inside.length}/${outcomes.length} in, ${perSecond.toFixed(1)} sign-ins/s ` +
      `(${(perSecond / availableParallelism()).toFixed(1)} per core) over ${seconds.toFixed(1)} s; ` +
      `p50 ${ms(
        percentile(
          inside.map((o) => o.ms),
          50,
        ),
      )} p99 ${ms(
        percentile(
          inside.map((o) => o.ms),
          99,
        ),
      )}; ` +
      `503s waited out ${busy}; errors shown to a child ${[...errors].map(([k, n]) => `${n}×${k}`).join(' ') || 0}`,
  );
}

export async function signInPhase({ stack, pool, cpu }: Bench): Promise<void> {
  // A teacher with SIGN_IN_CLASSES classes of CLASS_SIZE, made through the product (auth hashes each pupil's card).
  const email = `teacher-${Date.now()}@bench.local`;
  await pool.query(
    `INSERT INTO auth.users (username, email, password_hash, is_verified, role)
     VALUES ($1, $2, $3, true, 'teacher')`,
    [`teacher${Date.now()}`, email, await hashPassword(PASSWORD)],
  );
  const teacherAgent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.1' });
  const teacher = new Pupil(new URL(stack.baseUrl), 0, email, '', teacherAgent);
  await teacher.logIn();
  const seats: Seat[] = [];
  const agents: http.Agent[] = [teacherAgent];
  for (let c = 0; c < SIGN_IN_CLASSES; c++) {
    const created = await teacher.call('POST', '/api/classes', { name: `Zil ${c + 1}`, grade: 3 });
    if (created.status !== 201) throw new Error(`class: ${created.status} ${created.text}`);
    const { class: made } = JSON.parse(created.text) as TeacherClassResponse;
    const names = Array.from(
      { length: CLASS_SIZE },
      (_, i) => `Öğrenci ${String.fromCharCode(65 + (i % 26))}${i}`,
    );
    const added = await teacher.call('POST', `/api/classes/${made.id}/pupils`, { names });
    if (added.status !== 201) throw new Error(`pupils: ${added.status} ${added.text}`);
    // The school's address: one per class, far from the other phases' classes; each tablet its own connection.
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: CLASS_SIZE,
      localAddress: classAddress(4000 + c),
    });
    agents.push(agent);
    for (const pupil of (JSON.parse(added.text) as ClassPupilsResponse).items)
      seats.push({ code: made.joinCode, pupilId: pupil.id, pictures: pupil.pictures!, agent });
  }
  if (SIGN_IN_HASH === 'argon2id') {
    const started = performance.now();
    for (let i = 0; i < seats.length; i += 8)
      await Promise.all(
        seats
          .slice(i, i + 8)
          .map(async (seat) =>
            pool.query('UPDATE auth.pupil_credentials SET picture_hash = $2 WHERE user_id = $1', [
              seat.pupilId,
              await hashPassword(seat.pictures.join(':')),
            ]),
          ),
      );
    say(
      `pictures stored as argon2id (as before 0055): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const pupilOf = (seat: Seat) => new Pupil(new URL(stack.baseUrl), seat.pupilId, '', '', seat.agent);

  const hello = await startHello('hello-node.ts');
  try {
    const bareBefore = await load({ url: hello.url, connections: 50, duration: 3 });
    say(loadLine('bare node:http hello-world, 50 conn (before)', bareBefore));

    // At the bell: each pupil at a random moment of the first seconds.
    await cpu.start();
    const bellStarted = performance.now();
    const bell = await Promise.all(
      seats.map(async (seat) => {
        await sleep(Math.random() * SIGN_IN_SPREAD_SECONDS * 1000);
        return signIn(pupilOf(seat), seat.code, seat.pupilId, seat.pictures);
      }),
    );
    const bellSeconds = (performance.now() - bellStarted) / 1000;
    const bellCpu = await cpu.line();
    // After the bell's sign-ins the argon2id hashes are keyed (rehashed on sign-in): put them back for the burst.
    if (SIGN_IN_HASH === 'argon2id')
      for (let i = 0; i < seats.length; i += 8)
        await Promise.all(
          seats
            .slice(i, i + 8)
            .map(async (seat) =>
              pool.query('UPDATE auth.pupil_credentials SET picture_hash = $2 WHERE user_id = $1', [
                seat.pupilId,
                await hashPassword(seat.pictures.join(':')),
              ]),
            ),
        );

    // All at once: what the box carries.
    await cpu.start();
    const burstStarted = performance.now();
    const burst = await Promise.all(
      seats.map((seat) => signIn(pupilOf(seat), seat.code, seat.pupilId, seat.pictures)),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const burstCpu = await cpu.line();
    const bareAfter = await load({ url: hello.url, connections: 50, duration: 3 });

    say(
      `${seats.length} pupils in ${SIGN_IN_CLASSES} classes, one school address each; picture hashes ${SIGN_IN_HASH}`,
    );
    report(`at the bell (spread over ${SIGN_IN_SPREAD_SECONDS} s)`, bell, bellSeconds);
    say(`   ${bellCpu}`);
    report('all at once', burst, burstSeconds);
    say(`   ${burstCpu}`);
    say(loadLine('bare node:http hello-world, 50 conn (after)', bareAfter));
    say(`(${machineLoad()}; a shared machine: compare with bare node:http of the same run)`);
  } finally {
    hello.child.kill('SIGTERM');
    for (const agent of agents) agent.destroy();
  }
}
