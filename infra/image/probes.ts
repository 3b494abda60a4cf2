import type { ContainerPlan, Probe } from './pod-plan.js';
import { inspect } from './podman.js';

/**
 * How long a container may take to turn ready before the run fails. Generous on purpose (a loaded 2-core machine
 * starts nine Node processes at once); whether each met its startup probe's own budget is reported beside it.
 */
const READY_DEADLINE_MS = 180_000;
const POLL_MS = 250;

/** One HTTP probe as the kubelet makes it: GET on the pod address, success is a status from 200 to 399. */
export async function probeOnce(ip: string, probe: Probe): Promise<boolean> {
  try {
    const res = await fetch(`http://${ip}:${probe.port}${probe.path}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(probe.timeoutSeconds * 1000),
    });
    await res.arrayBuffer();
    return res.status >= 200 && res.status < 400;
  } catch {
    return false;
  }
}

/**
 * Polls the startup probe, then the readiness probe, more often than their periods so the time is measured
 * closely; fails at once when the container exits. Resolves with the moment readiness first passed.
 */
export async function untilReady(name: string, ip: string, plan: ContainerPlan): Promise<number> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  let lastStateCheck = 0;
  for (const probe of [plan.startupProbe, plan.readinessProbe]) {
    if (!probe) continue;
    for (;;) {
      if (await probeOnce(ip, probe)) break;
      if (Date.now() - lastStateCheck > 2_000) {
        lastStateCheck = Date.now();
        const state = await inspect(name);
        if (!state.running) throw new Error(`exited (${state.exitCode}) before it was ready`);
      }
      if (Date.now() > deadline)
        throw new Error(`${probe.path} did not pass within ${READY_DEADLINE_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return Date.now();
}

/** The liveness probe on its own period for as long as the run lasts: the longest run of failures it saw. */
export function watchLiveness(
  { name, ip }: { name: string; ip: string | null },
  plan: ContainerPlan,
): { longestFailureRun(): number; stop(): void } {
  let current = 0;
  let longest = 0;
  let timer: NodeJS.Timeout | undefined;
  const probe = plan.livenessProbe;
  if (probe) {
    const ipOf = ip
      ? Promise.resolve(ip)
      : inspect(name).then(
          (state) => state.ip,
          () => '',
        );
    timer = setInterval(async () => {
      const ok = await probeOnce(await ipOf, probe);
      current = ok ? 0 : current + 1;
      longest = Math.max(longest, current);
    }, probe.periodSeconds * 1000);
    timer.unref();
  }
  return {
    longestFailureRun: () => longest,
    stop: () => clearInterval(timer),
  };
}
