import { sleep } from '@mathgames/platform';
import { LAG_RATES, LAG_SECONDS } from '../config.js';
import { rebaseline, resultFor, settle, stored } from '../lag-watcher.js';
import type { Pupil } from '../pupils.js';
import { machineLoad, Recorder, say } from '../report.js';
import type { Bench } from '../stack.js';

/** Event lag at each fixed arrival rate (open loop). */
export async function lagPhase({ pool, cpu, newWatcher }: Bench, pupils: Pupil[]): Promise<void> {
  for (const rate of LAG_RATES) {
    await settle(pool);
    await rebaseline(pool, pupils);
    const lag = newWatcher();
    const recorder = new Recorder();
    const posts: Promise<void>[] = [];
    const total = Math.round(rate * LAG_SECONDS);
    await cpu.start();
    const started = performance.now();
    for (let n = 0; n < total; n++) {
      const wait = started + (n * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const pupil = pupils[n % pupils.length]!;
      const body = resultFor(pupil, n);
      posts.push(
        pupil.call('POST', '/api/game-results', body).then((res) => {
          recorder.record(`POST /api/game-results (${rate}/s)`, res, res.status === 201);
          if (res.status === 201) {
            stored(pupil, body);
            lag.expect(pupil, performance.now());
          }
        }),
      );
    }
    await Promise.all(posts);
    recorder.stop();
    const achieved = total / ((performance.now() - started) / 1000);
    const cpuLine = await cpu.line();
    await lag.drain();
    await lag.stop();
    say(`-- ${rate} results/s for ${LAG_SECONDS} s (achieved ${achieved.toFixed(1)}/s) --`);
    recorder.print();
    say(lag.line('201 → statistics read model', lag.statistics));
    say(lag.line('201 → badge progress', lag.badges));
    say(lag.line('201 → both', lag.both));
    say(
      `results never seen within 30 s: ${await lag.unseen()}${lag.lastError ? ` (last watch error: ${lag.lastError})` : ''}`,
    );
    say(`   ${cpuLine}`);
    say(`(${machineLoad()})`);
  }
}
