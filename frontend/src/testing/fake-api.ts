import { vi } from 'vitest';

/**
 * The network edge of a component test: `fetch` answers from a table of path → JSON that the test changes
 * between polls (the browser is the edge here; the real API is covered by the e2e suite).
 */
export function fakeApi(initial: Record<string, unknown>) {
  const routes = new Map<string, unknown>(Object.entries(initial));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (!routes.has(path)) return new Response('{"code":"not_found","message":"x"}', { status: 404 });
      return new Response(JSON.stringify(routes.get(path)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    set(path: string, body: unknown) {
      routes.set(path, body);
    },
  };
}

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A `fetch` stand-in that records each request (method, path, JSON body) and answers 200 with the body given for
 * its path (`{}` when none); `fail` paths reject like a dropped connection.
 */
export function recordingApi(answers: Record<string, unknown>, fail: string[] = []): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      sent.push({
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (fail.includes(path)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answers[path] ?? {}), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}
