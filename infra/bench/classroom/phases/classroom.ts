import { randomUUID } from 'node:crypto';
import {
  badgeSummaryCacheKey,
  encodeCompletedCounts,
  nextResendBackoff,
  RESEND_SCHEDULE,
  SUMMARY_CATEGORIES,
} from '@mathgames/contracts';
import { sleep } from '@mathgames/platform';
import {
  CLASS_SIZE,
  OPENING,
  OPENING_SECONDS,
  POLL_MS,
  POST_EVERY_MS,
  PROCESS_WARM_SECONDS,
  PROCESS_WARMERS,
  QUIET_SECONDS,
  SECONDS,
  SOCKETS_PER_CLASS,
} from '../config.js';
import { cpuBySecond, cpuPer } from '../cpu.js';
import { type LagWatcher, rebaseline, resultFor, settle, stored } from '../lag-watcher.js';
import type { Pupil } from '../pupils.js';
import { machineLoad, percentile, Recorder, say } from '../report.js';
import type { Bench } from '../stack.js';
import { StallEvidence } from '../stall-evidence.js';

/** `size` pupils for SECONDS: each polls the summary every 3 s and posts a result about every 60 s. */
export async function classroomPhase(
  { stack, pool, redis, database, cpu, newWatcher }: Bench,
  pupils: Pupil[],
  size: number,
): Promise<void> {
  await settle(pool);
  const tabs = pupils.slice(0, size);
  await rebaseline(pool, tabs);
  await open(tabs, pupils.slice(-PROCESS_WARMERS), { stack, pool, redis, cpu });
  if (QUIET_SECONDS > 0) {
    say(`then ${QUIET_SECONDS} s with no calls at all, a break between lessons`);
    await sleep(QUIET_SECONDS * 1000);
  }
  const recorder = new Recorder();
  const lag = newWatcher();
  const saves: Saves = { storedMs: [], resent: 0, unsent: 0 };
  const evidence = new StallEvidence(stack.urls, pool, database);
  await evidence.start();
  await cpu.start();
  const end = performance.now() + SECONDS * 1000;
  const [openingCpu] = await Promise.all([
    cpuBySecond(cpu, OPENING_SECONDS, end, {
      pid: stack.pids().gateway ?? 0,
      port: Number(new URL(stack.baseUrl).port),
    }),
    ...tabs.map((pupil, i) =>
      Promise.all([poll(pupil, recorder, end), play(pupil, i, recorder, lag, end, saves)]),
    ),
  ]);
  recorder.stop();
  const cpuLine = await cpu.line();
  const evidenceLines = await evidence.lines(redis);
  say(`ran (${machineLoad()})`);
  await lag.drain();
  await lag.stop();
  recorder.print();
  say(savesLine(saves));
  say(
    'the opening second by second (calls by the second they started in, every endpoint; the busiest processes):',
  );
  for (const line of recorder.openingLines(openingCpu)) say(`   ${line}`);
  say(lag.line('201 → statistics and badges', lag.both));
  say(
    `results never seen within 30 s: ${await lag.unseen()}${lag.lastError ? ` (last watch error: ${lag.lastError})` : ''}`,
  );
  say(`   ${cpuLine}`);
  for (const line of evidenceLines) say(`   ${line}`);
}

/** BENCH_OPENING: the caches as the phase finds them (config.ts). */
async function open(
  tabs: Pupil[],
  warmers: Pupil[],
  { stack, pool, redis, cpu }: Pick<Bench, 'stack' | 'pool' | 'redis' | 'cpu'>,
): Promise<void> {
  if (OPENING === 'counts') {
    const none = encodeCompletedCounts(SUMMARY_CATEGORIES.map(() => 0));
    const batch = redis.pipeline();
    for (const tab of tabs) batch.set(badgeSummaryCacheKey(stack.env.REDIS_PREFIX!, tab.userId), none);
    await batch.exec();
    say(`opening: ${tabs.length} pupils' badge counts put in Redis first`);
  } else if (OPENING === 'connections') {
    // One tab per class opens its class's connections (gateway /healthz), nothing else: the caches stay cold.
    const firstOfClass = tabs.filter((_, i) => i % CLASS_SIZE === 0);
    for (const tab of firstOfClass)
      await Promise.all(Array.from({ length: SOCKETS_PER_CLASS }, () => tab.call('GET', '/healthz')));
    say(`opening: ${firstOfClass.length} classes' connections opened first, the caches left cold`);
  } else if (OPENING === 'processes') {
    // Other pupils (the last created, past every classroom's) run the lesson's calls back to back, then the
    // consumers catch up: the processes have run every path, the classroom's sessions and counts are still cold.
    const until = performance.now() + PROCESS_WARM_SECONDS * 1000;
    let calls = 0;
    await Promise.all(
      warmers.map(async (pupil, i) => {
        for (let game = 0; performance.now() < until; game++) {
          await pupil.call('GET', '/api/user-badges/summary');
          const body = resultFor(pupil, 900_000 + i * 1000 + game);
          await pupil.call('POST', '/api/game-results', body, { 'idempotency-key': randomUUID() });
          await pupil.call('GET', '/api/statistics');
          await pupil.call('GET', '/api/user-badges?limit=1000');
          calls += 4;
        }
      }),
    );
    await settle(pool);
    say(
      `opening: ${warmers.length} other pupils made ${calls} calls over ${PROCESS_WARM_SECONDS} s first, the classroom's caches left cold`,
    );
  } else if (OPENING === 'warm') {
    const idle = await cpu.idle();
    // Round the classes (pupil i sits in class i / CLASS_SIZE): 50 at a time are 50 classes, each on its own
    // connections, as the first polls of a lesson come in (50 tabs in order are two classes on their two pools).
    const spread = tabs
      .map((tab, i) => ({ tab, order: (i % CLASS_SIZE) * tabs.length + i }))
      .sort((a, b) => a.order - b.order)
      .map(({ tab }) => tab);
    const started = performance.now();
    let answered = 0;
    for (let i = 0; i < spread.length; i += 50)
      await Promise.all(
        spread.slice(i, i + 50).map(async (tab) => {
          if ((await tab.call('GET', '/api/user-badges/summary')).status === 200) answered++;
        }),
      );
    say(
      `opening: every tab polled once first, 50 classes at a time (${(performance.now() - started).toFixed(0)} ms)`,
    );
    say(`   ${await cpu.line()}`);
    say(
      `   cpu per cold poll across the system (idle subtracted): ${cpuPer(idle, await cpu.usage(), answered, 'polls')}`,
    );
  }
}

/** One tab's summary poll, every POLL_MS with its last ETag, until `end`. */
async function poll(pupil: Pupil, recorder: Recorder, end: number): Promise<void> {
  await sleep(Math.random() * POLL_MS);
  while (performance.now() < end) {
    const res = await pupil.call(
      'GET',
      '/api/user-badges/summary',
      undefined,
      pupil.etag ? { 'if-none-match': pupil.etag } : {},
    );
    recorder.record('GET /api/user-badges/summary (poll)', res, res.status === 200 || res.status === 304);
    pupil.etag = res.etag ?? pupil.etag;
    await sleep(Math.max(0, Math.min(POLL_MS, end - performance.now())));
  }
}

/**
 * How the tabs' results fared: each stored result's time from its first send to its 201, how many were stored
 * only when sent again (one refused for now is kept and sent again, as the app does), and the results not stored
 * when the phase ended.
 */
interface Saves {
  storedMs: number[];
  resent: number;
  unsent: number;
}

function savesLine({ storedMs, resent, unsent }: Saves): string {
  const times = storedMs.length
    ? `; first send → stored p50 ${percentile(storedMs, 50).toFixed(0)} ms, p99 ${percentile(storedMs, 99).toFixed(0)} ms`
    : '';
  return `results stored ${storedMs.length} (${resent} of them sent again), not stored by the end ${unsent}${times}`;
}

/** What the app keeps and sends again: a 503 or 429, another 5xx, or no answer (unsent-results.ts). */
const refusedForNow = (status: number) => status === 0 || status === 429 || status >= 500;

/**
 * One pupil's games: a result about every POST_EVERY_MS until `end`, then statistics and badges once it is
 * stored (the app refreshes them after a save). A result refused for now is kept and sent again with the same
 * Idempotency-Key as the app's queue does (unsent-results-sync.tsx): at its next look, every
 * RESEND_SCHEDULE.checkEveryMs from when the tab opened, and after a failed resend not before its backoff.
 */
async function play(
  pupil: Pupil,
  i: number,
  recorder: Recorder,
  lag: LagWatcher,
  end: number,
  saves: Saves,
): Promise<void> {
  const opened = performance.now();
  const nextLook = (notBefore: number) =>
    opened + Math.ceil((notBefore - opened) / RESEND_SCHEDULE.checkEveryMs) * RESEND_SCHEDULE.checkEveryMs;
  await sleep(Math.random() * Math.min(POST_EVERY_MS, SECONDS * 1000));
  let game = 0;
  while (performance.now() < end) {
    const body = resultFor(pupil, 10_000 + i * 1000 + game++);
    const key = { 'idempotency-key': randomUUID() };
    const first = performance.now();
    let sends = 0;
    let backoff = 0;
    let res: Awaited<ReturnType<Pupil['call']>>;
    for (;;) {
      res = await pupil.call('POST', '/api/game-results', body, key);
      recorder.record('POST /api/game-results', res, res.status === 201);
      // The game's own send failing only hands the result to the queue; the queue's failures back it off.
      if (sends++ > 0) backoff = nextResendBackoff(backoff);
      const at = nextLook(performance.now() + backoff);
      if (!refusedForNow(res.status) || at >= end) break;
      await sleep(at - performance.now());
    }
    if (res.status === 201) {
      saves.storedMs.push(performance.now() - first);
      if (sends > 1) saves.resent++;
      stored(pupil, body);
      lag.expect(pupil, performance.now());
      const stats = await pupil.call('GET', '/api/statistics');
      recorder.record('GET /api/statistics', stats, stats.status === 200);
      const badges = await pupil.call('GET', '/api/user-badges?limit=1000');
      recorder.record('GET /api/user-badges?limit=1000', badges, badges.status === 200);
    } else saves.unsent++;
    const pause = POST_EVERY_MS * (0.8 + Math.random() * 0.4);
    if (performance.now() + pause >= end) break;
    await sleep(pause);
  }
}
