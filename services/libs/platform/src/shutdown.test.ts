import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from './testing/wait-for.js';

const fixture = fileURLToPath(new URL('./testing/fixtures/slow-service.ts', import.meta.url));

/** The fixture process still running at the end of a test: killed then. */
let running: ChildProcess | undefined;

/** Starts the slow service fixture and waits until it listens; `base` is its URL. */
async function startFixture(extraEnv: Record<string, string> = {}): Promise<{
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  base: string;
}> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', fixture], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  running = child;
  const port = Number(
    await waitFor(() => /listening (\d+)/.exec(output)?.[1], {
      timeoutMs: 30_000,
      message: 'fixture did not start',
    }),
  );
  return { child, output: () => output, exited, base: `http://127.0.0.1:${port}` };
}

describe('graceful shutdown', () => {
  afterEach(() => {
    if (running && running.exitCode === null) running.kill('SIGKILL');
  });

  it('on SIGTERM finishes the request in flight, refuses new ones and exits 0', async () => {
    const { child, output, exited, base } = await startFixture();

    const inFlight = fetch(`${base}/slow`);
    await waitFor(() => output().includes('request started'), {
      message: 'request did not reach the handler',
    });
    child.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(await exited).toBe(0);
    expect(output()).toContain('server closed');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('with SHUTDOWN_DELAY_MS, fails readiness while still serving before it stops accepting', async () => {
    const { child, exited, base } = await startFixture({ SHUTDOWN_DELAY_MS: '3000' });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    child.kill('SIGTERM');
    await waitFor(async () => (await fetch(`${base}/readyz`)).status === 503, {
      message: 'readiness never failed',
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
