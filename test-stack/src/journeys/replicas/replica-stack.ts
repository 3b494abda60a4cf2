import type { DeployableName } from '../../deployables.js';
import { type Stack, type StackOptions, startStack } from '../../stack.js';

export interface ReplicaStack extends Stack {
  /** Processes that exited while the stack was up other than through the test's own kill (should stay empty). */
  exits: string[];
}

/** Out of the way of tests about something else: the budgets have their own tests. */
export const UNLIMITED: Partial<Record<DeployableName, Record<string, string>>> = {
  gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '1000000' },
  'game-results': { RESULT_BUDGET_PER_MINUTE: '1000000', RESULT_BUDGET_PER_HOUR: '1000000' },
};

/**
 * Two of every deployable, each its own process from its built entry point, behind HAProxy (the Ingress before
 * the gateways, a Service before each HTTP service), on a fresh database, Redis prefix and vhost.
 */
export async function startReplicaStack(
  options: Pick<StackOptions, 'envFor' | 'smtp'> = {},
): Promise<ReplicaStack> {
  const exits: string[] = [];
  const stack = await startStack({
    ...options,
    run: 'built',
    replicas: 2,
    env: { LOG_LEVEL: process.env.REPLICA_LOG_LEVEL ?? 'warn' },
    killOnExit: true,
    readyTimeoutMs: 120_000,
    stopGraceMs: 10_000,
    onExit: (name, code, signal, n) => exits.push(`${name}-${n} exited (code ${code}, signal ${signal})`),
    // Every process's lines and the balancer's (its failed requests and checks), when looking into a failure.
    ...(process.env.REPLICA_LOGS
      ? { onLine: (name, line, n) => process.stderr.write(`[${name}${n ? `-${n}` : ''}] ${line}\n`) }
      : {}),
  });
  return Object.assign(stack, { exits });
}

/** One metric's value summed over its series (`name{labels} value` lines of a /metrics page). */
export async function metric(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
