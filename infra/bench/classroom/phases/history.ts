import { seedResults } from '@mathgames/game-results/testing';
import { load } from '../../load.js';
import type { Pupil } from '../pupils.js';
import { loadLine, machineLoad, say } from '../report.js';
import type { Bench } from '../stack.js';

/** Statistics and summary for a pupil with 100,000 stored results and one with 10. */
export async function historyPhase({ stack, pool }: Bench, pupils: Pupil[]): Promise<void> {
  const [heavy, light] = [pupils[pupils.length - 1]!, pupils[pupils.length - 2]!];
  await seedResults(pool, heavy.userId, 100_000, stack.env.TIME_ZONE ?? 'Europe/Istanbul');
  await seedResults(pool, light.userId, 10, stack.env.TIME_ZONE ?? 'Europe/Istanbul');
  // Alternated (long, short, long, short) so a change in the machine's load hits both alike.
  for (let round = 1; round <= 2; round++) {
    for (const [label, path] of [
      ['GET /api/statistics', '/api/statistics'],
      ['GET /api/user-badges/summary', '/api/user-badges/summary'],
    ] as const) {
      const url = `${stack.baseUrl}${path}`;
      say(
        loadLine(
          `${label}, 100,000 results (${round})`,
          await load({ url, headers: { cookie: heavy.cookie } }),
        ),
      );
      say(
        loadLine(`${label}, 10 results (${round})`, await load({ url, headers: { cookie: light.cookie } })),
      );
    }
  }
  say(`(${machineLoad()})`);
}
