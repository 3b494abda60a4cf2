/**
 * Where the badge summary poll spends CPU: starts the processes the poll touches (gateway, badges, auth for the
 * login) through @mathgames/test-stack with `--cpu-prof`, drives the poll through the gateway for 10 s, stops them (profiles are written on
 * exit) and prints each process's top functions by self time. Run: node --conditions=source --import tsx infra/bench/profile-summary.ts
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '@mathgames/test-stack';
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

// Only what the poll touches, each from its built dist (built first when missing) with --cpu-prof, which
// NODE_OPTIONS refuses; each profile is named after its process id.
const dir = mkdtempSync(join(tmpdir(), 'mg-profile-'));
const stack = await startStack({
  run: 'built',
  only: ['auth', 'badges', 'gateway'],
  amqp: false,
  env: { LOG_LEVEL: 'warn', GAME_RESULTS_URL: 'http://127.0.0.1:9', RATE_LIMIT_API_PER_MINUTE: '100000000' },
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  onLine: (name, line) => process.stderr.write(`[${name}] ${line}\n`),
});
const names = new Map(Object.entries(stack.pids()).map(([name, pid]) => [String(pid), name]));
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
    `summary via gateway: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
} finally {
  await stack.stop(); // the profiles are written as the processes exit
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const busy = profile.samples.filter((id) => {
    const name = profile.nodes.find((n) => n.id === id)?.callFrame.functionName;
    return name !== '(idle)' && name !== '(program)';
  }).length;
  // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile
  const name = names.get(file.split('.')[3] ?? '') ?? file;
  process.stdout.write(`\n== ${name}: ${((busy / profile.samples.length) * 100).toFixed(0)} % busy ==\n`);
  for (const line of topFunctions(profile, 18)) process.stdout.write(`${line}\n`);
}
process.stdout.write(`\nprofiles in ${dir} (open in Chrome DevTools → Performance)\n`);
