import { createAuthService, loadAuthConfig } from '@mathgames/auth';
import { createBadgesService, loadBadgesConfig } from '@mathgames/badges';
import { createClassesService, loadClassesConfig } from '@mathgames/classes';
import { createGameResultsService, loadGameResultsConfig } from '@mathgames/game-results';
import { createGateway, loadGatewayConfig } from '@mathgames/gateway';
import type { HttpService } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, declaredRoutes, documentedRoutes } from '../../api-document.js';

let env: TestEnvironment;
const services: HttpService[] = [];

beforeAll(async () => {
  env = await createTestEnvironment({ migrate: false, amqp: false });
  // Built as their entry points build them (nothing listens): the routers are read, not a list kept by hand.
  services.push(
    createAuthService(loadAuthConfig(env.env)),
    createGameResultsService(loadGameResultsConfig(env.env)),
    createBadgesService(loadBadgesConfig(env.env)),
    createClassesService(loadClassesConfig(env.env)),
    createGateway(loadGatewayConfig(env.env)),
  );
});
afterAll(async () => {
  await Promise.allSettled(services.map((service) => service.close()));
  await env?.cleanup();
});

describe('the OpenAPI document and the routers', () => {
  it('documents every public route the services and the gateway declare, and nothing else', () => {
    const declared = [...new Set(services.flatMap((service) => declaredRoutes(service.app)))].sort();
    const documented = documentedRoutes().sort();
    expect(
      declared.filter((route) => !documented.includes(route)),
      'declared, not documented',
    ).toEqual([]);
    expect(
      documented.filter((route) => !declared.includes(route)),
      'documented, not declared',
    ).toEqual([]);
    // The counts, for the record: they are equal by the two checks above.
    console.log(
      `[api document] ${documented.length} operations documented, ${declared.length} routes declared`,
    );
    expect(declared.length).toBeGreaterThan(50);
  });
});

describe("the journeys' check of an answer against the document", () => {
  const json = 'application/json; charset=utf-8';

  it('passes an answer the document describes', () => {
    expect(checkAnswer('GET', '/api/classes', 200, { items: [] }, json)).toEqual([]);
    expect(checkAnswer('GET', '/api/classes/me/assignments', 200, { items: [] }, json)).toEqual([]);
    expect(checkAnswer('GET', '/api/classes/12', 404, { code: 'not_found', message: 'Yok' }, json)).toEqual(
      [],
    );
  });

  it('names a body its schema refuses, and a status the route does not list', () => {
    const wrongBody = checkAnswer('GET', '/api/classes', 200, { items: [{ id: 'one' }] }, json);
    expect(wrongBody.length).toBeGreaterThan(0);
    expect(wrongBody[0]).toMatch(/^GET \/api\/classes 200: \/items\/0/);
    expect(checkAnswer('POST', '/api/classes', 500, { code: 'internal_error', message: 'x' }, json)).toEqual([
      'POST /api/classes answered 500, which the document does not list',
    ]);
    expect(checkAnswer('GET', '/api/statistics', 200, { totalPoints: -1 }, json).length).toBeGreaterThan(0);
  });
});
