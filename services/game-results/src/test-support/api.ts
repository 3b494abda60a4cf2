import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import {
  createTestEnvironment,
  TEST_INTERNAL_SECRET,
  type TestEnvironment,
} from '@mathgames/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { createGameResultsService, startStatisticsWorker } from '../index.js';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls a service as the gateway would for a signed-in user (or anonymously with userId null). */
export function serviceClient(baseUrl: string, userId: number | null, lang: 'tr' | 'en' = 'tr') {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const identity = signIdentity(
      {
        userId,
        sessionId: userId === null ? null : `s-${userId}`,
        lang,
        requestId: randomUUID(),
        ip: '127.0.0.1',
      },
      TEST_INTERNAL_SECRET,
      { method, path },
    );
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        [IDENTITY_HEADER]: identity,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  };
}

/**
 * The game-results service (and, with `worker`, the statistics-worker) on a fresh test environment, listening on
 * a free port; `now` is the service's clock.
 */
export async function startServiceUnderTest(
  options: { amqp?: boolean; worker?: boolean; now?: () => Date } = {},
): Promise<{ env: TestEnvironment; baseUrl: string; close(): Promise<void> }> {
  const env = await createTestEnvironment({ amqp: options.amqp ?? true });
  const service = createGameResultsService(env.config, options.now ? { now: options.now } : {});
  const worker = options.worker ? startStatisticsWorker(env.config) : null;
  const server = await service.listen(0);
  return {
    env,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await service.close();
      await worker?.close();
      await env.cleanup();
    },
  };
}

/** startServiceUnderTest in this file's beforeAll, closed in its afterAll; read `env` and `baseUrl` inside tests. */
export function useServiceUnderTest(options: Parameters<typeof startServiceUnderTest>[0] = {}) {
  const running = {} as { env: TestEnvironment; baseUrl: string };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startServiceUnderTest(options);
    close = started.close;
    Object.assign(running, { env: started.env, baseUrl: started.baseUrl });
  });
  afterAll(async () => {
    await close?.();
  });
  return running;
}
