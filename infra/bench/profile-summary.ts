/**
 * Where the badge summary poll spends CPU: starts the processes the poll touches (gateway, badges, auth for the
 * login) with `--cpu-prof`, drives the poll through the gateway for 10 s, stops them (profiles are written on
 * exit) and prints each process's top functions by self time. Run: node --conditions=source --import tsx infra/bench/profile-summary.ts
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestEnvironment, freePorts } from '@mathgames/platform/testing';
import { load } from './load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function post(url: string, json: unknown, cookie = ''): Promise<{ status: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(json);
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const set = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('mg.sid='));
          resolve({ status: res.statusCode ?? 0, cookie: set ? set.split(';', 1)[0]! : cookie });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Self time per function (ms), top `limit`, with the file it lives in shortened to its package path. */
function topFunctions(profile: Profile, limit: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url
      .replace(/^file:\/\/.*?node_modules\//, '')
      .replace(/^file:\/\/\/work\/main\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, t]) => `${((t / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** A free TCP port (the gateway needs its upstreams' URLs before they start). */
async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready`);
}

// Only what the poll touches, each from its built dist with --cpu-prof (not allowed in NODE_OPTIONS).
spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'mg-profile-'));
const environment = await createTestEnvironment({ amqp: false });
const [authPort, badgesPort, gatewayPort] = await freePorts(3);
const ports = { auth: authPort!, badges: badgesPort!, gateway: gatewayPort! };
const env = {
  ...process.env,
  ...environment.env,
  LOG_LEVEL: 'warn',
  AUTH_URL: `http://127.0.0.1:${ports.auth}`,
  BADGES_URL: `http://127.0.0.1:${ports.badges}`,
  GAME_RESULTS_URL: 'http://127.0.0.1:9',
  RATE_LIMIT_API_PER_MINUTE: '100000000',
};
const children: ChildProcess[] = [];
for (const [name, entry] of [
  ['auth', 'services/auth/dist/main.js'],
  ['badges', 'services/badges/dist/main.js'],
  ['gateway', 'gateway/dist/main.js'],
] as const) {
  children.push(
    spawn(
      process.execPath,
      ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`, entry],
      {
        cwd: ROOT,
        env: { ...env, PORT: String(ports[name]) },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  );
}
const baseUrl = `http://127.0.0.1:${ports.gateway}`;
try {
  await Promise.all(Object.values(ports).map((port) => waitReady(`http://127.0.0.1:${port}/healthz`)));
  const user = { username: 'profiled', email: 'profiled@bench.local', password: 'correct horse' };
  await post(`${baseUrl}/api/auth/register`, user);
  const { cookie } = await post(`${baseUrl}/api/auth/login`, { email: user.email, password: user.password });
  const result = await load({ url: `${baseUrl}/api/user-badges/summary`, duration: 10, headers: { cookie } });
  process.stdout.write(
    `summary via gateway: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
} finally {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await environment.cleanup();
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const busy = profile.samples.filter((id) => {
    const name = profile.nodes.find((n) => n.id === id)?.callFrame.functionName;
    return name !== '(idle)' && name !== '(program)';
  }).length;
  const name = file.replace('.cpuprofile', '');
  process.stdout.write(`\n== ${name}: ${((busy / profile.samples.length) * 100).toFixed(0)} % busy ==\n`);
  for (const line of topFunctions(profile, 18)) process.stdout.write(`${line}\n`);
}
process.stdout.write(`\nprofiles in ${dir} (open in Chrome DevTools → Performance)\n`);
