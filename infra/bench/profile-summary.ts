/**
 * Where the badge summary poll spends CPU: starts the full stack with `--cpu-prof`, drives the poll through the
 * gateway for 10 s, stops the stack (profiles are written on exit) and prints each process's top functions by
 * self time. Run: node --conditions=source --import tsx infra/bench/profile-summary.ts
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../frontend/e2e/harness/index.js';
import { load } from './load.js';

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

const dir = mkdtempSync(join(tmpdir(), 'mg-profile-'));
const stack = await startStack({
  smtp: false,
  env: {
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
  },
});
try {
  const user = { username: 'profiled', email: 'profiled@bench.local', password: 'correct horse' };
  await post(`${stack.baseUrl}/api/auth/register`, user);
  const { cookie } = await post(`${stack.baseUrl}/api/auth/login`, {
    email: user.email,
    password: user.password,
  });
  const result = await load({
    url: `${stack.baseUrl}/api/user-badges/summary`,
    duration: 10,
    headers: { cookie },
  });
  process.stdout.write(
    `summary via gateway: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n`,
  );
} finally {
  await stack.stop();
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const seconds = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1e6;
  if (seconds < 5) continue; // short-lived helpers (tsc, npm)
  const busy = profile.samples.filter((id) => {
    const name = profile.nodes.find((n) => n.id === id)?.callFrame.functionName;
    return name !== '(idle)' && name !== '(program)';
  }).length;
  const entry = profile.nodes
    .map((n) => /(gateway|services\/[\w-]+)\/dist\/(main|worker)\.js/.exec(n.callFrame.url))
    .find(Boolean);
  const name = entry ? `${entry[1]} ${entry[2]}` : file;
  process.stdout.write(`\n== ${name}: ${((busy / profile.samples.length) * 100).toFixed(0)} % busy ==\n`);
  for (const line of topFunctions(profile, 18)) process.stdout.write(`${line}\n`);
}
process.stdout.write(`\nprofiles in ${dir} (open in Chrome DevTools → Performance)\n`);
