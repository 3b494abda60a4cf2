import type { TestEnvironment } from '@mathgames/platform/testing';
import type { DeployableProcess } from '../../processes.js';
import { startStack } from '../../stack.js';
import { Browser, signUp } from '../test-client.js';

export { Browser, type Reply } from '../test-client.js';

/** A worker started as its own OS process, so a test can SIGKILL it mid-work and start it again. */
export type ChildWorker = DeployableProcess;

export interface FlowStack {
  env: TestEnvironment;
  baseUrl: string;
  gameResultsUrl: string;
  badgesUrl: string;
  /** The statistics-worker's process when started with `statisticsWorkerAsChild`, else null (in-process). */
  statisticsWorker: ChildWorker | null;
  /** Registers and logs in a new pupil through the gateway. */
  signUp(name: string, lang?: 'tr' | 'en'): Promise<Browser>;
  close(): Promise<void>;
}

export interface FlowStackOptions {
  /** Run the statistics-worker as a child process (so it can be SIGKILLed) instead of in-process. */
  statisticsWorkerAsChild?: boolean;
  now?: () => Date;
}

/**
 * The real path of a result, in-process: gateway (sessions) → auth, game-results (+ outbox relay), badges;
 * statistics-worker and badge-worker on their own queues. Own database, Redis prefix and vhost.
 */
export async function startFlowStack(options: FlowStackOptions = {}): Promise<FlowStack> {
  const stack = await startStack({
    only: ['auth', 'game-results', 'badges', 'statistics-worker', 'badge-worker', 'gateway'],
    ...(options.statisticsWorkerAsChild ? { asProcess: ['statistics-worker'] } : {}),
    ...(options.now ? { inProcess: { now: options.now } } : {}),
    envFor: {
      // Load tests post far faster than a child; the budget itself is tested in result-budget.test.ts.
      'game-results': { RESULT_BUDGET_PER_MINUTE: '1000000', RESULT_BUDGET_PER_HOUR: '1000000' },
      gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '1000000' },
    },
  });
  const { baseUrl } = stack;
  return {
    env: stack.environment!,
    baseUrl,
    gameResultsUrl: stack.urls['game-results']!,
    badgesUrl: stack.urls.badges!,
    statisticsWorker: stack.processes['statistics-worker'] ?? null,
    signUp: (name, lang = 'tr') =>
      signUp(
        new Browser(baseUrl, lang),
        { username: name, email: `${name}@example.com` },
        { retryLogin: true },
      ),
    close: () => stack.stop(),
  };
}
