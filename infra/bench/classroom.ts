/**
 * `npm run bench` / `make bench`: the product against the full local stack (every deployable as its own process,
 * fresh database, Redis prefix and vhost), printing figures, never asserting them. Phases (BENCH_PHASES, comma
 * separated, default all): each prints its figures as soon as it ends, and a failing phase is reported and the
 * next one runs (nothing a later phase or the cleanup does can hide it).
 *
 *  sign-in   BENCH_SIGN_IN_CLASSES (10) classes of 30, each from its own school address, sign in by code and
 *            pictures as the app does (503s waited out after Retry-After), each pupil at a random moment of the first
 *            BENCH_SIGN_IN_SPREAD_SECONDS (10), then open the home screen; then all of them at once: sign-ins/s (per
 *            core), p50/p99, 503s waited out and errors shown to a child, beside bare node:http of the same run;
 *            BENCH_SIGN_IN_HASH=argon2id stores the pictures as before docs/decisions/0055-keyed-picture-hash.md;
 *  summary   a bare Express hello-world (the comparison point) and the badge summary poll through the gateway
 *            (200 and 304), closed loop, 10 connections, 5 s, and each hop alone; then the poll (304) against a
 *            bare node:http server at 50 connections, for one tab and for every pupil in turn;
 *  history   statistics and summary for a pupil with 100,000 stored results and one with 10;
 *  capacity  results posted back to back by every pupil in turn (closed loop, BENCH_CAPACITY_CONNECTIONS), through
 *            the gateway and straight to the service; the CPU per result across the system (every process from the
 *            first post until the three consumers applied the last, less their idle CPU), and the catch-up time;
 *  lag       event lag (result 201 → committed in the statistics read model and in badge progress) at each
 *            fixed arrival rate of BENCH_LAG_RATES for BENCH_LAG_SECONDS (open loop);
 *  classroom for each size in BENCH_PUPILS (default 5,000, 10,000 and 20,000): every pupil polls the summary
 *            every 3 s (If-None-Match), posts a 10-question result about every 60 s (one refused for now is kept
 *            and sent again as the app's queue does: at its next look, every 5 s, backing off 5 s doubling to a
 *            minute, the same Idempotency-Key) and once it is stored reads statistics and badges, for BENCH_SECONDS;
 *            BENCH_OPENING (cold, counts, connections, warm or processes) sets what it finds open, cached and
 *            warmed, BENCH_QUIET_SECONDS how long the stack then sits with no calls (a break between lessons), and
 *            each endpoint's p99 is printed per 10 s and after the first 10 s (every tab's first, cold poll falls in
 *            those).
 * Every phase under load prints each process's CPU share (of 100 % per core).
 *
 * Pupils are not registered over HTTP (20,000 argon2 hashes would take ~15 minutes here): they are inserted in
 * one statement with one precomputed hash of auth's own parameters and seated in classes of 30; BENCH_REAL_LOGINS of
 * them log in for real, concurrently (one login per account, far inside the per-account limits), and the others get
 * a session of the exact shape those real logins stored, signed with the gateway's secret.
 *
 * The load generator only targets 127.0.0.1 and every loop ends by itself at its deadline (requests time out
 * after 10 s).
 *
 * The pieces live in classroom/: the knobs (config.ts), the stack start and cleanup (stack.ts), the pupils, the
 * meters (cpu.ts, lag-watcher.ts, stall-evidence.ts), the printing (report.ts) and one file per phase (phases/).
 */
import {
  CLASSROOMS,
  LAG_RATES,
  OPENING,
  PHASES,
  PROCESS_WARMERS,
  REAL_LOGINS,
  SECONDS,
} from './classroom/config.js';
import { capacityPhase } from './classroom/phases/capacity.js';
import { classroomPhase } from './classroom/phases/classroom.js';
import { historyPhase } from './classroom/phases/history.js';
import { lagPhase } from './classroom/phases/lag.js';
import { signInPhase } from './classroom/phases/sign-in.js';
import { summaryPhase } from './classroom/phases/summary.js';
import { createPupils, type Pupil } from './classroom/pupils.js';
import { failures, machineLoad, phase, say } from './classroom/report.js';
import { startBench, stopBench } from './classroom/stack.js';

async function main(): Promise<void> {
  const warmers = PHASES.has('classroom') && OPENING === 'processes' ? PROCESS_WARMERS : 0;
  const largest = Math.max(...(PHASES.has('classroom') ? CLASSROOMS : [0]), 50) + warmers;
  say(
    `benchmark: phases ${[...PHASES].join(',')}; classrooms ${CLASSROOMS.join(', ')} pupils × ${SECONDS} s; lag at ${LAG_RATES.join(
      ', ',
    )} results/s (${machineLoad()})`,
  );
  const bench = await startBench();
  try {
    let pupils: Pupil[] = [];
    await phase('setup', `setup: ${largest} pupils`, async () => {
      const created = await createPupils(bench.stack, bench.pool, bench.redis, largest);
      pupils = created.pupils;
      bench.agents.push(...created.agents);
      say(
        `${largest} pupils inserted, ${Math.min(REAL_LOGINS, largest)} logged in for real, the rest given sessions: ${created.seconds.toFixed(
          1,
        )} s`,
      );
    });
    if (pupils.length === 0) throw new Error('no pupils: nothing else can run');

    await phase('sign-in', 'sign-in: classes at the bell, by code and pictures', () => signInPhase(bench));
    await phase('summary', 'summary: closed loop, 10 connections, 5 s each', () =>
      summaryPhase(bench, pupils),
    );
    await phase('history', 'history: long vs short (via gateway, closed loop, 10 connections, 5 s)', () =>
      historyPhase(bench, pupils),
    );
    await phase('capacity', 'capacity: results posted back to back (closed loop, 5 s)', () =>
      capacityPhase(bench, pupils),
    );
    await phase('lag', 'lag: event lag at fixed arrival rates (open loop)', () => lagPhase(bench, pupils));
    for (const size of CLASSROOMS) {
      await phase('classroom', `classroom: ${size} pupils, ${SECONDS} s`, () =>
        classroomPhase(bench, pupils, size),
      );
    }
  } finally {
    await stopBench(bench);
  }
}

try {
  await main();
} catch (err) {
  failures.push('setup');
  say(`FAILED: ${(err as Error)?.stack ?? String(err)}`);
}
if (failures.length > 0) {
  say(`\nfailed phases: ${failures.join('; ')}`);
  process.exitCode = 1;
}
