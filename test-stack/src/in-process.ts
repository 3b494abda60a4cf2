import type { Server } from 'node:http';
import { type AuthServiceOptions, createAuthService, loadAuthConfig } from '@mathgames/auth';
import {
  createBadgesService,
  loadBadgesConfig,
  loadBadgeWorkerConfig,
  startBadgeWorker,
} from '@mathgames/badges';
import {
  createClassesService,
  loadClassesConfig,
  loadClassesWorkerConfig,
  startClassesWorker,
} from '@mathgames/classes';
import {
  createGameResultsService,
  loadGameResultsConfig,
  loadStatisticsWorkerConfig,
  startStatisticsWorker,
} from '@mathgames/game-results';
import { createGateway, loadGatewayConfig } from '@mathgames/gateway';
import { loadMailWorkerConfig, startMailWorker } from '@mathgames/mail';
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

/** What each deployable's entry point does (with its own config loader), the environment given instead of process.env. */
export const IN_PROCESS: Record<DeployableName, (env: Env, options: InProcessOptions) => InProcess> = {
  auth: (env, { authLimits }) =>
    createAuthService(loadAuthConfig(env), authLimits ? { limits: authLimits } : {}),
  'game-results': (env, { now }) => createGameResultsService(loadGameResultsConfig(env), now ? { now } : {}),
  badges: (env) => createBadgesService(loadBadgesConfig(env)),
  classes: (env) => createClassesService(loadClassesConfig(env)),
  'statistics-worker': (env) => startStatisticsWorker(loadStatisticsWorkerConfig(env)),
  'badge-worker': (env) => startBadgeWorker(loadBadgeWorkerConfig(env)),
  'mail-worker': (env) => startMailWorker(loadMailWorkerConfig(env)),
  'classes-worker': (env) => startClassesWorker(loadClassesWorkerConfig(env)),
  gateway: (env) => createGateway(loadGatewayConfig(env)),
};
