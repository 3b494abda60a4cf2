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
