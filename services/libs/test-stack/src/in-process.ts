import type { Server } from 'node:http';
import { type AuthServiceOptions, createAuthService, loadAuthConfig } from '@mathgames/auth';
import { createBadgesService, startBadgeWorker } from '@mathgames/badges';
import { createClassesService, loadClassesConfig, startClassesWorker } from '@mathgames/classes';
import {
  createGameResultsService,
  resultBudgetConfigShape,
  startStatisticsWorker,
} from '@mathgames/game-results';
import { createGateway, loadGatewayConfig } from '@mathgames/gateway';
import { startMailWorker } from '@mathgames/mail';
import { loadConfig } from '@mathgames/platform';
import type { DeployableName } from './deployables.js';

/** A deployable running inside the test's own process. */
export interface InProcess {
  listen(port?: number): Promise<Server>;
  close(): Promise<unknown>;
}

export interface InProcessOptions {
  /** game-results' clock (results' createdAt, the current week). */
  now?: () => Date;
  /** auth's abuse limits (a test of something else lifts them). */
  authLimits?: AuthServiceOptions['limits'];
}

type Env = Record<string, string>;

/** What each deployable's entry point does, with the environment given instead of process.env. */
export const IN_PROCESS: Record<DeployableName, (env: Env, options: InProcessOptions) => InProcess> = {
  auth: (env, { authLimits }) =>
    createAuthService(loadAuthConfig(env), authLimits ? { limits: authLimits } : {}),
  'game-results': (env, { now }) =>
    createGameResultsService(loadConfig(resultBudgetConfigShape, env), now ? { now } : {}),
  badges: (env) => createBadgesService(loadConfig({}, env)),
  classes: (env) => createClassesService(loadClassesConfig(env)),
  'statistics-worker': (env) => startStatisticsWorker(loadConfig({}, env)),
  'badge-worker': (env) => startBadgeWorker(loadConfig({}, env)),
  'mail-worker': (env) => startMailWorker(loadConfig({}, env)),
  'classes-worker': (env) => startClassesWorker(loadConfig({}, env)),
  gateway: (env) => createGateway(loadGatewayConfig(env)),
};
