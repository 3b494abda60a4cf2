import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { type LoadResult, load } from '../../load.js';
import { cpuSeconds } from '../cpu.js';
import type { Pupil } from '../pupils.js';
import { loadLine, machineLoad, say } from '../report.js';
import { type Bench, startHello } from '../stack.js';

/** The badge summary poll through the gateway, against bare hello-worlds measured side by side, and each hop. */
export async function summaryPhase(bench: Bench, pupils: Pupil[]): Promise<void> {
  const tab = { cookie: pupils[0]!.cookie };
  const summaryUrl = `${bench.stack.baseUrl}/api/user-badges/summary`;
  const first = await pupils[0]!.call('GET', '/api/user-badges/summary');
  const etag = first.etag ?? '';
  await versusExpress(summaryUrl, tab, etag);
  await versusNode(bench, pupils, summaryUrl, tab, etag);
  await readsAfterAGame(bench, pupils);
  await eachHop(bench, pupils);
}

/** A process's CPU seconds so far (utime + stime); 0 for a process not found. */
const cpuOf = (pid: number | undefined) => (pid ? (cpuSeconds(pid) ?? 0) : 0);

/** The comparison point, bare Express, measured right before and after the summary through the gateway. */
async function versusExpress(summaryUrl: string, tab: { cookie: string }, etag: string): Promise<void> {
  // The comparison point, measured right before and after: only figures taken side by side compare.
  const hello = await startHello();
  try {
    const baselineBefore = await load({ url: hello.url });
    const summary200 = await load({ url: summaryUrl, headers: tab });
    const summary304 = await load({ url: summaryUrl, headers: { ...tab, 'if-none-match': etag } });
    const baselineAfter = await load({ url: hello.url });
    say(loadLine('bare Express hello-world (before)', baselineBefore));
    say(loadLine('bare Express hello-world (after)', baselineAfter));
    say(loadLine('summary via gateway (200)', summary200));
    say(loadLine('summary via gateway (If-None-Match → 304)', summary304, [304]));
    const share = (r: LoadResult, b: LoadResult) =>
      `${((r.requests.average / b.requests.average) * 100).toFixed(0)} %`;
    say(
      `summary poll vs bare Express: ${share(summary200, baselineAfter)}–${share(summary200, baselineBefore)} (200), ${share(
        summary304,
        baselineAfter,
      )}–${share(summary304, baselineBefore)} (304); target ≥ 40 %`,
    );
  } finally {
    hello.child.kill('SIGTERM');
  }
}

/**
 * The poll against a bare node:http server at 50 connections, side by side in one run, for one tab and
 * for every pupil's cookie in turn (each answered from the gateway's memory once seen).
 */
async function versusNode(
  { stack, cpu }: Bench,
  pupils: Pupil[],
  summaryUrl: string,
  tab: { cookie: string },
  etag: string,
): Promise<void> {
  const bare = await startHello('hello-node.ts');
  try {
    let next = 0;
    const rotate = (request: { headers: Record<string, string> }) => ({
      ...request,
      headers: {
        ...request.headers,
        cookie: pupils[next++ % pupils.length]!.cookie,
        'if-none-match': etag,
      },
    });
    const fifty = { connections: 50 };
    // CPU per request (utime + stime of the serving process over the run): repeatable under load, where
    // requests per second are not.
    const bareCpu = cpuOf(bare.child.pid);
    const nodeBefore = await load({ url: bare.url, ...fifty });
    const bareMs = ((cpuOf(bare.child.pid) - bareCpu) * 1000) / nodeBefore.requests.total;
    const gatewayPid = stack.pids().gateway;
    const gatewayCpu = cpuOf(gatewayPid);
    await cpu.start();
    const oneTab = await load({ url: summaryUrl, headers: { ...tab, 'if-none-match': etag }, ...fifty });
    const oneTabCpu = await cpu.line();
    const pollMs = ((cpuOf(gatewayPid) - gatewayCpu) * 1000) / oneTab.requests.total;
    // One unmeasured pass over every pupil first, so each one's counts are in the badges cache and its
    // session and counts in the gateway's memory (a tab that has polled once).
    await load({ url: summaryUrl, setupRequest: rotate, ...fifty, amount: pupils.length });
    const manyCpu = cpuOf(gatewayPid);
    await cpu.start();
    const manyTabs = await load({ url: summaryUrl, setupRequest: rotate, ...fifty });
    const manyTabsCpu = await cpu.line();
    const manyMs = ((cpuOf(gatewayPid) - manyCpu) * 1000) / manyTabs.requests.total;
    const nodeAfter = await load({ url: bare.url, ...fifty });
    say(loadLine('bare node:http hello-world, 50 conn (before)', nodeBefore));
    say(loadLine('bare node:http hello-world, 50 conn (after)', nodeAfter));
    say(loadLine('summary poll via gateway, one tab, 50 conn (304)', oneTab, [304]));
    say(`   ${oneTabCpu}`);
    say(
      `   CPU per request: bare node:http ${bareMs.toFixed(3)} ms, the poll in the gateway ${pollMs.toFixed(3)} ms (${(
        bareMs / pollMs
      ).toFixed(2)}× node:http's throughput per core)`,
    );
    say(loadLine(`summary poll via gateway, ${pupils.length} tabs in turn, 50 conn`, manyTabs, [304]));
    // The load generator rebuilds every request here (a new cookie each), so it takes more of the shared cores
    // than for one tab: the gateway's CPU per request is the figure that compares.
    say(`   ${manyTabsCpu}`);
    say(
      `   CPU per request: the poll in the gateway ${manyMs.toFixed(3)} ms (${(bareMs / manyMs).toFixed(2)}× node:http's throughput per core)`,
    );
    const ratio = (r: LoadResult) =>
      `${(r.requests.average / nodeBefore.requests.average).toFixed(2)}×–${(
        r.requests.average / nodeAfter.requests.average
      ).toFixed(2)}×`;
    say(
      `summary poll vs bare node:http (50 conn): ${ratio(oneTab)} (one tab), ${ratio(manyTabs)} (${pupils.length} tabs); goal ≥ 0.5×`,
    );
  } finally {
    bare.child.kill('SIGTERM');
  }
}

/**
 * The two reads that follow every game (statistics, badge list), through the gateway for every pupil in turn: the
 * CPU each costs the gateway and the service that answers it (before their fast path the gateway spent more on
 * forwarding a read than the service on answering it).
 */
async function readsAfterAGame({ stack }: Bench, pupils: Pupil[]): Promise<void> {
  const pids = stack.pids();
  const reads = [
    ['/api/statistics', 'game-results'],
    ['/api/user-badges?limit=1000', 'badges'],
  ] as const;
  for (const [path, service] of reads) {
    let next = 0;
    const rotate = (request: { headers: Record<string, string> }) => ({
      ...request,
      headers: { ...request.headers, cookie: pupils[next++ % pupils.length]!.cookie },
    });
    const url = `${stack.baseUrl}${path}`;
    // Unmeasured first: each pupil's statement prepared on the service's connections, its session in memory.
    await load({ url, setupRequest: rotate, duration: 2 });
    const start = { gateway: cpuOf(pids.gateway), service: cpuOf(pids[service]) };
    const result = await load({ url, setupRequest: rotate });
    const per = (pid: number | undefined, from: number) =>
      `${(((cpuOf(pid) - from) * 1000) / result.requests.total).toFixed(3)} ms`;
    say(loadLine(`GET ${path} via gateway, pupils in turn`, result));
    say(
      `   CPU per read: gateway ${per(pids.gateway, start.gateway)}, ${service} ${per(pids[service], start.service)}`,
    );
  }
}

/** Each hop alone: the gateway's and the badges service's health checks, and the service's summary. */
async function eachHop({ stack }: Bench, pupils: Pupil[]): Promise<void> {
  const identity = signIdentity(
    { userId: pupils[0]!.userId, sessionId: 'bench', lang: 'tr', requestId: 'bench', ip: '127.0.0.1' },
    stack.env.INTERNAL_SECRET!,
    { method: 'GET', path: '/api/user-badges/summary' },
  );
  const badgesUrl = stack.env.BADGES_URL!;
  say(loadLine('   gateway /healthz', await load({ url: `${stack.baseUrl}/healthz` })));
  say(loadLine('   badges service /healthz', await load({ url: `${badgesUrl}/healthz` })));
  say(
    loadLine(
      '   badges service summary (signed identity)',
      await load({
        url: `${badgesUrl}/api/user-badges/summary`,
        headers: { [IDENTITY_HEADER]: identity },
      }),
    ),
  );
  say(`(${machineLoad()})`);
}
