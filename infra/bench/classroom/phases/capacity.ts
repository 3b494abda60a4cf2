import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { load } from '../../load.js';
import { CAPACITY_CONNECTIONS } from '../config.js';
import { resultFor, settle } from '../lag-watcher.js';
import type { Pupil } from '../pupils.js';
import { loadLine, machineLoad, say } from '../report.js';
import type { Bench } from '../stack.js';

/** Results posted back to back, through the gateway and straight to the service, and the workers' catch-up. */
export async function capacityPhase({ stack, pool, cpu }: Bench, pupils: Pupil[]): Promise<void> {
  await settle(pool);
  // 3 s unmeasured first: the processes' hot paths are still interpreted (JIT) in the first seconds of load,
  // which made the first measured run of a fresh stack read slower than the same run a minute later.
  const warmer = pupils[CAPACITY_CONNECTIONS.length]!;
  await load({
    url: `${stack.baseUrl}/api/game-results`,
    method: 'POST',
    body: JSON.stringify(resultFor(warmer, 1)),
    connections: 10,
    duration: 3,
    headers: { cookie: warmer.cookie, 'content-type': 'application/json' },
  });
  await settle(pool);
  // One poster per connection count, each posting the same honest result (every post is stored).
  for (const [n, connections] of CAPACITY_CONNECTIONS.entries()) {
    const poster = pupils[n]!;
    const posterIdentity = signIdentity(
      { userId: poster.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
      stack.env.INTERNAL_SECRET!,
      { method: 'POST', path: '/api/game-results' },
    );
    const body = JSON.stringify(resultFor(poster, 1));
    await cpu.start();
    const viaGateway = await load({
      url: `${stack.baseUrl}/api/game-results`,
      method: 'POST',
      body,
      connections,
      headers: { cookie: poster.cookie, 'content-type': 'application/json' },
    });
    const cpuLine = await cpu.line();
    const catchUp = await settle(pool);
    const direct = await load({
      url: `${stack.env.GAME_RESULTS_URL!}/api/game-results`,
      method: 'POST',
      body,
      connections,
      headers: { [IDENTITY_HEADER]: posterIdentity, 'content-type': 'application/json' },
    });
    await settle(pool);
    say(loadLine(`POST /api/game-results via gateway, ${connections} conn`, viaGateway));
    say(`   ${cpuLine}`);
    say(`   both workers caught up ${catchUp.toFixed(1)} s after the 5 s run`);
    say(loadLine(`POST /api/game-results to the service, ${connections} conn`, direct));
  }
  say(`(${machineLoad()})`);
}
