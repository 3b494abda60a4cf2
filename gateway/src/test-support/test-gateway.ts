import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpService } from '@mathgames/platform';
import { loadConfig } from '@mathgames/platform';
import { createTestEnvironment } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { createGateway, type Gateway, type GatewayConfig, gatewayConfigShape } from '../index.js';
import {
  authService,
  badgesService,
  classesService,
  gameResultsService,
  logger,
  portOf,
  type SeenByAuth,
  type SeenByBadges,
  writeSpa,
} from './stand-in-services.js';

export { logger, portOf } from './stand-in-services.js';

type TestEnvironment = Awaited<ReturnType<typeof createTestEnvironment>>;

export const sessionCookie = (res: Response): string | undefined =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('mg.sid='))
    ?.split(';', 1)[0];

/** A gateway in this process, stand-in services behind it, a built web app and its own Redis prefix. */
export interface TestGateway {
  readonly baseUrl: string;
  readonly config: GatewayConfig;
  readonly redis: Redis;
  /** The stand-in badges service: a test that closes it calls `restartBadges` after. */
  readonly badges: HttpService;
  /** The stand-in game-results service: a test that closes it calls `restartGameResults` after. */
  readonly gameResults: HttpService;
  readonly seenByAuth: SeenByAuth;
  readonly seenByBadges: SeenByBadges;
  /** A new badges service on the port the gateway knows. */
  restartBadges(): Promise<void>;
  /** A new game-results service on the port the gateway knows. */
  restartGameResults(): Promise<void>;
  logIn(userId: number): Promise<string>;
  whoIs(cookie?: string): Promise<number | null>;
  /** The Redis key of a session cookie's session. */
  sessionKey(cookie: string): string;
}

/** Starts the gateway and its stand-in services before the file's tests and stops them after. */
export function useTestGateway(): TestGateway {
  let environment: TestEnvironment;
  let redis: Redis;
  let spaDir: string;
  let config: GatewayConfig;
  let gateway: Gateway;
  let baseUrl: string;
  let auth: HttpService;
  let badges: HttpService;
  let gameResults: HttpService;
  let classes: HttpService;
  let gameResultsPort: number;
  let badgesPort: number;
  const seenByAuth: SeenByAuth = {};
  const seenByBadges: SeenByBadges = {};

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false, amqp: false });
    spaDir = await mkdtemp(join(tmpdir(), 'mg-spa-'));
    await writeSpa(spaDir);

    const base = loadConfig({}, environment.env);
    auth = authService(base.INTERNAL_SECRET, seenByAuth);
    badges = badgesService(base.INTERNAL_SECRET, seenByBadges);
    classes = classesService(base.INTERNAL_SECRET);
    const authPort = portOf(await auth.listen(0));
    badgesPort = portOf(await badges.listen(0));
    const classesPort = portOf(await classes.listen(0));
    config = loadConfig(gatewayConfigShape, {
      ...environment.env,
      LOG_LEVEL: 'silent',
      AUTH_URL: `http://127.0.0.1:${authPort}`,
      BADGES_URL: `http://127.0.0.1:${badgesPort}`,
      CLASSES_URL: `http://127.0.0.1:${classesPort}`,
      GAME_RESULTS_URL: 'http://127.0.0.1:1',
      SPA_DIR: spaDir,
    });
    gameResults = gameResultsService(config.INTERNAL_SECRET);
    gameResultsPort = portOf(await gameResults.listen(0));
    config.GAME_RESULTS_URL = `http://127.0.0.1:${gameResultsPort}`;

    gateway = createGateway(config, { logger });
    baseUrl = `http://127.0.0.1:${portOf(await gateway.listen(0))}`;
    redis = new Redis(config.REDIS_URL);
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([auth?.close(), badges?.close(), gameResults?.close(), classes?.close()]);
    if (redis) {
      const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await environment?.cleanup();
    if (spaDir) await rm(spaDir, { recursive: true, force: true });
  });

  async function logIn(userId: number): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    return cookie!;
  }

  async function whoIs(cookie?: string): Promise<number | null> {
    const res = await fetch(`${baseUrl}/api/auth/me`, { headers: cookie ? { cookie } : {} });
    return ((await res.json()) as { userId: number | null }).userId;
  }

  return {
    get baseUrl() {
      return baseUrl;
    },
    get config() {
      return config;
    },
    get redis() {
      return redis;
    },
    get badges() {
      return badges;
    },
    get gameResults() {
      return gameResults;
    },
    seenByAuth,
    seenByBadges,
    async restartBadges() {
      badges = badgesService(config.INTERNAL_SECRET, seenByBadges);
      await badges.listen(badgesPort);
    },
    async restartGameResults() {
      gameResults = gameResultsService(config.INTERNAL_SECRET);
      await gameResults.listen(gameResultsPort);
    },
    logIn,
    whoIs,
    sessionKey: (cookie) =>
      `${config.REDIS_PREFIX}sess:${decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]}`,
  };
}
