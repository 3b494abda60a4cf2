import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { load } from '../../load.js';
import { CAPACITY_CONNECTIONS } from '../config.js';
import { cpuPer } from '../cpu.js';
import { resultFor, settle } from '../lag-watcher.js';
import type { Pupil } from '../pupils.js';
import { loadLine, machineLoad, say } from '../report.js';
import type { Bench } from '../stack.js';

/**
 * Results posted back to back by every pupil in turn, through the gateway and straight to the service; the CPU a
 * result costs across the system, and how long the three consumers take to catch up.
 */
export async function capacityPhase({ stack, pool, cpu }: Bench, pupils: Pupil[]): Promise<void> {
  await settle(pool);
  // Every pupil posts in turn, as a school's results arrive (one pupil posting back to back would queue on its own
  // rows instead). Each post is the same honest 10-question game (every post is stored).
  const body = JSON.stringify(resultFor(pupils[0]!, 1));
  const identities = pupils.map((pupil) =>
    signIdentity(
      { userId: pupil.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
      stack.env.INTERNAL_SECRET!,
      { method: 'POST', path: '/api/game-results' },
    ),
  );
  type InTurn = (request: { headers: Record<string, string> }) => { headers: Record<string, string> };
  let next = 0;
  const viaGatewayInTurn: InTurn = (request) => ({
    ...request,
    headers: { ...request.headers, cookie: pupils[next++ % pupils.length]!.cookie },
  });
  const directInTurn: InTurn = (request) => ({
    ...request,
    headers: { ...request.headers, [IDENTITY_HEADER]: identities[next++ % identities.length]! },
  });
  const post = (url: string, connections: number, setupRequest: InTurn, duration = 5) =>
    load({
      url,
      method: 'POST',
      body,
      connections,
      duration,
      headers: { 'content-type': 'application/json' },
      setupRequest,
    });
  const viaGatewayUrl = `${stack.baseUrl}/api/game-results`;
  // 3 s unmeasured first: the processes' hot paths are still interpreted (JIT) in the first seconds of load,
  // which made the first measured run of a fresh stack read slower than the same run a minute later.
  await post(viaGatewayUrl, 10, viaGatewayInTurn, 3);
  await settle(pool);
  for (const connections of CAPACITY_CONNECTIONS) {
    const idle = await cpu.idle();
    const viaGateway = await post(viaGatewayUrl, connections, viaGatewayInTurn);
    const cpuLine = await cpu.line();
    const catchUp = await settle(pool);
    const stored = viaGateway.statusCodeStats['201']?.count ?? 0;
    const perResult = cpuPer(idle, await cpu.usage(), stored, 'results');
    const direct = await post(`${stack.env.GAME_RESULTS_URL!}/api/game-results`, connections, directInTurn);
    await settle(pool);
    say(loadLine(`POST /api/game-results via gateway, ${connections} conn`, viaGateway));
    say(`   ${cpuLine}`);
    say(`   cpu per result across the system, posts and every consumer (idle subtracted): ${perResult}`);
    say(`   the three consumers caught up ${catchUp.toFixed(1)} s after the 5 s run`);
    say(loadLine(`POST /api/game-results to the service, ${connections} conn`, direct));
  }
  say(`(${machineLoad()})`);
}
