/** The services behind the gateway under test, each a few routes that answer what the gateway sent them. */
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BADGE_COUNTS_PATH, SUMMARY_CATEGORIES } from '@mathgames/contracts';
import {
  createHttpService,
  createLogger,
  type HttpService,
  IDENTITY_HEADER,
  requireUser,
} from '@mathgames/platform';

export const logger = createLogger('gateway-test', 'silent');
export const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** What the stand-in auth service last saw of a request to /api/auth/me. */
export interface SeenByAuth {
  identityHeader?: string;
  cookie?: string;
}

/** Who is signed in, login and revoke directives, and what auth saw of the request in `seenByAuth`. */
export function authService(secret: string, seenByAuth: SeenByAuth): HttpService {
  return createHttpService({
    name: 'auth',
    config: { INTERNAL_SECRET: secret },
    logger,
    routes(app) {
      app.get('/api/auth/me', (req, res) => {
        seenByAuth.identityHeader = req.headers[IDENTITY_HEADER] as string;
        seenByAuth.cookie = req.headers.cookie;
        res.json({
          userId: req.identity.userId,
          lang: req.identity.lang,
          requestId: req.identity.requestId,
          ip: req.identity.ip,
        });
      });
      app.post('/api/auth/login', (req, res) => {
        res.setHeader('x-mg-session-login', String(req.body.userId));
        res.json({ loggedIn: req.body.userId });
      });
      app.post('/api/auth/reset-password', (req, res) => {
        res.setHeader('x-mg-session-revoke-user', String(req.body.userId));
        res.json({ message: 'ok' });
      });
    },
  });
}

export function gameResultsService(secret: string): HttpService {
  return createHttpService({
    name: 'game-results',
    config: { INTERNAL_SECRET: secret },
    logger,
    routes(app) {
      app.post('/api/game-results', (req, res) => {
        res.status(201).json({ userId: req.identity.userId });
      });
      // What the service was sent, with an ETag per user and an internal header the browser must not see.
      app.get('/api/statistics', (req, res) => {
        const etag = `"statistics-${req.identity.userId}"`;
        res.setHeader('x-mg-session-login', '999');
        if (req.headers['if-none-match'] === etag) {
          res.status(304).end();
          return;
        }
        res.setHeader('ETag', etag);
        res.json({
          userId: req.identity.userId,
          requestId: req.identity.requestId,
          lang: req.identity.lang,
          ip: req.identity.ip,
          query: req.query,
          sent: Object.keys(req.headers).filter((name) => name !== IDENTITY_HEADER),
        });
      });
    },
  });
}

/** The one code the stand-in classes service knows a class by. */
export const STAND_IN_JOIN_CODE = 'KT7M4P';

export function classesService(secret: string): HttpService {
  return createHttpService({
    name: 'classes',
    config: { INTERNAL_SECRET: secret },
    logger,
    routes(app) {
      app.get('/api/classes', (req, res) => {
        res.json({ userId: requireUser(req), items: [] });
      });
      // The join lookup: one class behind JOIN_CODE, with its pupils' names; any other code names no class.
      app.get('/api/class-codes/:code', (req, res) => {
        if (req.params.code !== STAND_IN_JOIN_CODE) {
          res.status(404).json({ code: 'join_code_not_found', field: 'code' });
          return;
        }
        res.json({ className: '3-C', pupils: [{ id: 1, name: 'Ada' }] });
      });
      app.post('/api/classes/:classId/join-code', (req, res) => {
        // A service other than auth cannot steer sessions: this directive must be ignored.
        res.setHeader('x-mg-session-login', '999');
        res.json({ userId: req.identity.userId, classId: req.params.classId });
      });
    },
  });
}

/** What the stand-in badges service last saw of a cold-counts call (the gateway's own, many users at once). */
export interface SeenByBadges {
  coldUserIds?: number[];
  coldCaller?: number | null;
}

/**
 * The poll for what the cache cannot answer, and cold counts: each user's count in every category is their id,
 * so an answer shows whose counts it is.
 */
export function badgesService(secret: string, seenByBadges: SeenByBadges = {}): HttpService {
  return createHttpService({
    name: 'badges',
    config: { INTERNAL_SECRET: secret },
    logger,
    routes(app) {
      app.post(BADGE_COUNTS_PATH, (req, res) => {
        const { userIds } = req.body as { userIds: number[] };
        seenByBadges.coldUserIds = userIds;
        seenByBadges.coldCaller = req.identity.userId;
        res.json({
          items: userIds.map((userId) => ({ userId, counts: SUMMARY_CATEGORIES.map(() => userId) })),
        });
      });
      app.get('/api/user-badges/summary', (req, res) => {
        const userId = requireUser(req);
        const etag = `"summary-${userId}"`;
        if (req.headers['if-none-match'] === etag) {
          res.status(304).end();
          return;
        }
        res.setHeader('ETag', etag);
        res.json({ total: 175, completed: 0, userId, category: req.query.category ?? null });
      });
    },
  });
}

/** A built web app in `spaDir`: the shell, pre-rendered pages, hashed assets and the build's compressed files. */
export async function writeSpa(spaDir: string): Promise<void> {
  await mkdir(join(spaDir, 'assets'));
  await writeFile(join(spaDir, 'index.html'), '<!doctype html><div id="root">shell</div>');
  await writeFile(join(spaDir, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
  await writeFile(join(spaDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(spaDir, 'manifest.webmanifest'), '{"name":"Matematik Oyunları"}');
  await writeFile(join(spaDir, 'robots.txt'), 'User-agent: *');
  for (const lang of ['tr', 'en']) {
    await mkdir(join(spaDir, 'pages', lang), { recursive: true });
    for (const name of ['index', 'games', 'gameplay-toplama', 'gameplay-cikarma'])
      await writeFile(join(spaDir, 'pages', lang, `${name}.html`), `${name} ${lang}`);
  }
  await writeFile(join(spaDir, 'assets', 'vendor-Ef34Gh.js'), 'console.log("a long bundle");\n'.repeat(500));
  const prebuilt = 'console.log("compressed by the build");\n'.repeat(500);
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js'), prebuilt);
  // Marked, to tell the build's files from compression on the fly.
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js.br'), brotliCompressSync(`${prebuilt}// .br`));
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js.gz'), gzipSync(`${prebuilt}// .gz`));
}
