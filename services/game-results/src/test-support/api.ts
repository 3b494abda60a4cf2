import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { TEST_INTERNAL_SECRET } from '@mathgames/platform/testing';

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
