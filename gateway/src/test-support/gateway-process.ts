import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePorts, onExitKill, waitFor } from '@mathgames/platform/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface GatewayProcess {
  url: string;
  port: number;
  exit: { code: number | null; signal: string | null; exited: boolean };
  stderr(): string;
  kill(): void;
}

/**
 * The gateway as its own process, as in production (an uncaught exception shows as an exit), on a free port
 * with its own Redis prefix; every upstream is `upstreamUrl`. Resolves once /healthz answers.
 */
export async function startGatewayProcess(
  upstreamUrl: string,
  spaDir: string,
  env: Record<string, string>,
): Promise<GatewayProcess> {
  const [port] = await freePorts(1);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'gateway/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        PORT: String(port),
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `mgtest:${randomBytes(6).toString('hex')}:`,
        AUTH_URL: upstreamUrl,
        GAME_RESULTS_URL: upstreamUrl,
        BADGES_URL: upstreamUrl,
        SPA_DIR: spaDir,
        RATE_LIMIT_API_PER_MINUTE: '10000000',
        // No warm-up play against the stand-in upstream before the test's own requests (the test stacks skip it too).
        GATEWAY_WARM_UP_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const kill = () => child.kill('SIGKILL');
  onExitKill(kill);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exit = { code: null as number | null, signal: null as string | null, exited: false };
  child.once('exit', (code, signal) => Object.assign(exit, { code, signal, exited: true }));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (exit.exited) throw new Error(`gateway exited: ${stderr}`);
      return fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return { url, port: port!, exit, stderr: () => stderr, kill };
}
