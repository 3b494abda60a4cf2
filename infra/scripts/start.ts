/**
 * `make start` / `npm start`: the whole product on this machine, one process per deployable.
 * `make start REPLICAS=2`: that many processes of each deployable, behind HAProxy (docs/operations/replicas.md "Replicas").
 * `make dev` / `npm run dev` (--dev): the same from TypeScript sources with restart on change, plus Vite.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '@mathgames/platform';
import {
  builtEntry,
  DEPLOYABLES,
  type DeployableName,
  isWritten,
  ROOT,
  type Stack,
  sourceEntry,
  startStack,
} from '@mathgames/test-stack';
import { missingServices } from './local-services.js';
import { buildSpaIfStale, spaIsStale } from './spa-build.js';

const dev = process.argv.includes('--dev');
const replicas = Number(process.env.REPLICAS || 1);
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95];
const say = (text: string) => process.stdout.write(`${paint(1, '[start]')} ${text}\n`);
const warn = (text: string) => process.stdout.write(`${paint(33, '[start] warning:')} ${text}\n`);
const fail = (text: string): never => {
  for (const line of text.split('\n')) process.stderr.write(`${paint(31, '[start] error:')} ${line}\n`);
  process.exit(1);
};

function run(command: string, args: string[], what: string): boolean {
  say(what);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return result.status === 0;
}

/** Pretty-prints pino's JSON lines ("12:01:02 INFO message {extras}"); anything else passes as is. */
const LEVELS: Record<number, [string, number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO', 32],
  40: ['WARN', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 41],
};
function formatLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const { level, time, msg, pid: _pid, hostname: _host, name: _name, ...rest } = JSON.parse(line);
    const [label, code] = LEVELS[level as number] ?? ['LOG', 0];
    const clock = new Date(time as number).toTimeString().slice(0, 8);
    const extras = Object.keys(rest).length > 0 ? ` ${paint(90, JSON.stringify(rest))}` : '';
    return `${paint(90, clock)} ${paint(code, label.padEnd(5))} ${msg ?? ''}${extras}`;
  } catch {
    return line;
  }
}

const prefixes = new Map<string, string>();
const prefixOf = (name: string) => {
  if (!prefixes.has(name))
    prefixes.set(
      name,
      paint(COLORS[prefixes.size % COLORS.length]!, `[${name}]`.padEnd(replicas > 1 ? 22 : 20)),
    );
  return prefixes.get(name)!;
};
/** A deployable's name, with its replica's number when there are several (`gateway-2`). */
const label = (name: string, replica?: number) => (replicas > 1 && replica ? `${name}-${replica}` : name);
const printLine = (name: string, line: string, replica?: number) =>
  process.stdout.write(`${prefixOf(label(name, replica))} ${formatLine(line)}\n`);
let stack: Stack | null = null;
let vite: ChildProcess | null = null;
let stopping = false;
// The balancer's checks find every replica down until it has started: its lines are shown once all are in.
let balancerSettled = false;

/** Vite's dev server (`make dev`): not a deployable, so not part of the stack. */
function startVite(env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['run', 'dev', '-w', '@mathgames/frontend', '--', '--strictPort'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  vite = child;
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => printLine('vite', line));
  child.on('exit', (code, signal) => {
    vite = null;
    if (!stopping) warn(`vite exited (${signal ?? `code ${code}`}); the others keep running`);
  });
}

async function waitForHealth(url: string, attempts = 120): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** With replicas: waits until HAProxy's checks have put every replica in rotation, then shows its log lines. */
async function untilInRotation({ balancer }: Stack): Promise<void> {
  try {
    await balancer?.untilAllUp(120_000);
  } catch {
    warn(`not every replica is in HAProxy's rotation: ${balancer?.statsUrl}`);
  }
  balancerSettled = true;
}

async function stopAll(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  const running = Object.values(stack?.replicas ?? {})
    .flat()
    .filter((r) => r.process.pid !== undefined).length;
  const others = (vite ? 1 : 0) + (stack?.balancer?.pid ? 1 : 0);
  say(`${signal}: stopping ${running + others} processes`);
  const viteExited = vite
    ? new Promise<void>((resolve) => vite?.once('exit', () => resolve()))
    : Promise.resolve();
  vite?.kill('SIGTERM');
  await Promise.all([stack?.stop(), viteExited]);
  say('stopped');
  process.exit(0);
}

async function main() {
  say(`Node ${process.version}`);
  if (!existsSync(join(ROOT, 'node_modules'))) {
    const installed =
      run('npm', ['ci', '--no-audit', '--no-fund'], 'installing dependencies (npm ci)') ||
      run('npm', ['install', '--no-audit', '--no-fund'], 'npm ci refused the lock file; npm install instead');
    if (!installed) fail('installing dependencies failed');
  }

  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8)
    fail(`REPLICAS must be a whole number from 1 to 8, not "${process.env.REPLICAS}"`);
  if (dev && replicas > 1) fail('make dev runs one process of each deployable; REPLICAS is for make start');

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    return fail((err as Error).message);
  }
  const missing = await missingServices({
    Postgres: config.DATABASE_URL,
    Redis: config.REDIS_URL,
    RabbitMQ: config.AMQP_URL,
  });
  if (missing.length > 0) fail(missing.join('\n'));

  const tsx = ['--conditions=source', '--import', 'tsx'];
  if (!run(process.execPath, [...tsx, 'services/libs/platform/src/migrate-cli.ts'], 'migrating the database'))
    fail('migration failed (see above)');

  if (!dev) {
    if (
      !run(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b'],
        'type-checking and building (tsc -b)',
      )
    )
      warn('tsc -b reported errors; starting what was built');
    if (!existsSync(join(ROOT, 'frontend/vite.config.ts')))
      warn('frontend has no build yet; the gateway will say so');
    else if (spaIsStale()) {
      say('building the web app (its sources are newer than frontend/dist)');
      if (!buildSpaIfStale({ force: true }))
        warn('the web app build failed; serving the previous build if any');
    }
  }

  const gatewayPort = Number(process.env.PORT ?? 8080);
  const only: DeployableName[] = [];
  for (const d of DEPLOYABLES) {
    if (!isWritten(d)) warn(`${d.name}: ${sourceEntry(d).slice(ROOT.length)} does not exist yet, skipping`);
    else if (!dev && !existsSync(builtEntry(d)))
      warn(`${d.name}: ${builtEntry(d).slice(ROOT.length)} was not built (type errors?), skipping`);
    else only.push(d.name);
  }
  // The same start as the tests' (@mathgames/test-stack), each deployable its own process on its usual port,
  // against this machine's services; a deployable that exits leaves the others running. With replicas the
  // balancer takes the usual ports of the gateway and the services, and the processes get free ones.
  stack = await startStack({
    run: dev ? 'watch' : 'built',
    replicas,
    only,
    environment: Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    ports: { ...Object.fromEntries(DEPLOYABLES.map((d) => [d.name, d.port])), gateway: gatewayPort },
    wait: false,
    // Each deployable drains within its own 25 s budget; past 30 s something is stuck and is killed.
    stopGraceMs: 30_000,
    onLine: (name, line, replica) => {
      if (name !== 'balancer' || balancerSettled) printLine(name, line, replica);
    },
    onExit: (name, code, signal, replica) => {
      if (!stopping)
        warn(`${label(name, replica)} exited (${signal ?? `code ${code}`}); the others keep running`);
    },
  });
  if (dev && existsSync(join(ROOT, 'frontend/vite.config.ts')))
    startVite({ ...process.env, ...stack.env, GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` });

  process.on('SIGINT', () => void stopAll('SIGINT'));
  process.on('SIGTERM', () => void stopAll('SIGTERM'));

  const gateways = stack.replicas.gateway ?? [];
  const gatewayUp =
    gateways.length > 0 &&
    (await Promise.all(gateways.map((g) => waitForHealth(`${g.url}/healthz`)))).every(Boolean);
  await untilInRotation(stack);
  // In dev the browser talks to Vite, which takes a while to optimise dependencies on its first start.
  const viteUp = !vite || (await waitForHealth('http://127.0.0.1:5173/'));
  if (gatewayUp && viteUp) {
    const url = vite ? 'http://localhost:5173' : `http://localhost:${gatewayPort}`;
    say(paint(1, `Matematik Oyunları is running at ${paint(4, url)}  (Ctrl-C stops everything)`));
    if (stack.balancer)
      say(`${replicas} processes of each deployable behind HAProxy; its servers: ${stack.balancer.statsUrl}`);
  } else if (!stopping) {
    warn('the gateway is not answering; see its log lines above');
  }
}

await main();
