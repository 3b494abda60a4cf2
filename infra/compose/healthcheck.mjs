// Container healthcheck without curl or wget in the slim image: `node infra/compose/healthcheck.mjs [/path]`.
// Exits 0 when http://127.0.0.1:$PORT<path> answers 2xx within the time limit, 1 otherwise.
const path = process.argv[2] ?? '/healthz';
const port = process.env.PORT ?? '8080';
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS ?? 3000);

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) process.stderr.write(`${path} answered ${response.status}\n`);
  process.exitCode = response.ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`${path} unreachable on port ${port}: ${err instanceof Error ? err.message : err}\n`);
  process.exitCode = 1;
}
