import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAME_TYPES } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { freePorts, onExitKill, waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { ROOT } from '../../deployables.js';
import { type Stack, startStack } from '../../stack.js';
import { Browser, signUp } from '../test-client.js';

// A real Prometheus (Debian's, on a private port and temp data dir) scrapes the running product with the shipped
// scrape job and evaluates the shipped rules; a few games are played; then every dashboard panel's query and every
// recording rule must return data (docs/operations/runbooks.md, "Service levels, alerts and runbooks"). Debian's Prometheus
// has no Kubernetes discovery, so the job's discovery is swapped for the test processes' addresses with the labels
// its relabelling gives a pod (`deployable`); the scrape and rule intervals are shortened to 1 s so the test does
// not wait minutes for rates.
const COMPONENT = join(ROOT, 'k8s/components/observability');
const DASHBOARDS = ['school', 'event-path', 'resources'];

interface Query {
  where: string;
  expr: string;
}

function dashboardQueries(): Query[] {
  return DASHBOARDS.flatMap((name) => {
    const dashboard = JSON.parse(readFileSync(join(COMPONENT, 'dashboards', `${name}.json`), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    return dashboard.panels.flatMap((panel) =>
      panel.targets.map((target) => ({ where: `${name}: ${panel.title}`, expr: target.expr })),
    );
  });
}

function recordingRuleQueries(): Query[] {
  const rules = parseYaml(readFileSync(join(COMPONENT, 'prometheus-rules.yaml'), 'utf8')) as {
    groups: { rules: { record?: string; labels?: Record<string, string> }[] }[];
  };
  return rules.groups
    .flatMap((g) => g.rules)
    .filter((r) => r.record)
    .map((r) => {
      const selector = Object.entries(r.labels ?? {})
        .map(([k, v]) => `${k}="${v}"`)
        .join(',');
      const expr = `${r.record}{${selector}}`;
      return { where: `rule ${expr}`, expr };
    });
}

let stack: Stack;
let prometheus: ChildProcess;
let promUrl = '';
let dir = '';
let forget: () => void = () => {};
let promLog = '';

async function query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; error?: string; data?: { result: unknown[] } };
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
  return body.data!.result as { metric: Record<string, string>; value: [number, string] }[];
}

/** A query returns data when it gives at least one sample that is a number (not NaN from 0/0). */
const hasData = async (expr: string) =>
  (await query(expr)).some((sample) => !Number.isNaN(Number(sample.value[1])));

beforeAll(async () => {
  stack = await startStack({
    // The built deployables (`make test` builds them first), as the image runs them.
    run: 'built',
    readyTimeoutMs: 120_000,
    smtp: true,
    killOnExit: true,
    envFor: {
      gateway: { RATE_LIMIT_AUTH_PER_15_MINUTES: '100000', RATE_LIMIT_API_PER_MINUTE: '1000000' },
    },
  });
  const targets = Object.entries(stack.replicas).flatMap(([deployable, replicas]) =>
    (replicas ?? []).map((replica) => ({ address: `127.0.0.1:${replica.port}`, deployable })),
  );
  const shipped = parseYaml(readFileSync(join(COMPONENT, 'prometheus-scrape.yaml'), 'utf8')) as {
    scrape_configs: Record<string, unknown>[];
  };
  const { kubernetes_sd_configs: _sd, relabel_configs: _relabel, ...job } = shipped.scrape_configs[0]!;
  dir = mkdtempSync(join(tmpdir(), 'mg-prometheus-'));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringifyYaml({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [join(COMPONENT, 'prometheus-rules.yaml')],
      scrape_configs: [
        {
          ...job,
          scrape_interval: '1s',
          scrape_timeout: '1s',
          static_configs: targets.map((t) => ({
            targets: [t.address],
            labels: { deployable: t.deployable },
          })),
        },
      ],
    }),
  );
  const [port] = await freePorts(1);
  promUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stderr?.on('data', (chunk: Buffer) => {
    promLog = (promLog + chunk.toString()).slice(-4000);
  });
  forget = onExitKill(() => prometheus.kill('SIGKILL'));
  await waitFor(async () => (await fetch(`${promUrl}/-/ready`)).ok, {
    timeoutMs: 60_000,
    message: 'prometheus ready',
  });
  // Every target scraped at least twice before any game, so rates see the games as increases.
  await waitFor(
    async () =>
      (await query('count(count_over_time(up{job="mathgames"}[1m]) >= 2)'))[0]?.value[1] ===
      String(targets.length),
    {
      timeoutMs: 60_000,
      message: 'every target scraped',
    },
  );
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  forget();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

const firstGameScraped = () =>
  waitFor(
    async () =>
      (await query('http_requests_total{service="game-results",route="/api/game-results"}')).length > 0 &&
      (await query('consumer_event_lag_seconds_count{queue="statistics.game-result-recorded"}')).length > 0,
    { timeoutMs: 60_000, message: "the first game's series scraped" },
  );

describe('the dashboards and recording rules on a running product', () => {
  it('shows data in every panel and recording rule after a few games', { timeout: 240_000 }, async () => {
    // Three pupils register (a verification mail each), sign in, play, and look at statistics and badges.
    for (let n = 0; n < 3; n++) {
      const username = `obs${n}${randomUUID().slice(0, 6)}`;
      const browser = await signUp(new Browser(stack.baseUrl, n % 2 ? 'en' : 'tr'), {
        username,
        email: `${username}@example.com`,
      });
      for (let game = 0; game < 4; game++) {
        // A series Prometheus first sees at its final value has no increase to rate: the first game's series are
        // scraped before the other games are played (on a quiet machine all twelve fit in one 1 s scrape).
        if (n === 0 && game === 1) await firstGameScraped();
        const result = honestResult({
          gameType: GAME_TYPES[(n + game) % GAME_TYPES.length]!,
          questionsCount: 5,
          correct: game + 1,
          seed: n * 10 + game,
        });
        const posted = await browser.request('POST', '/api/game-results', {
          json: result,
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(posted.status).toBe(201);
      }
      expect((await browser.request('GET', '/api/statistics')).status).toBe(200);
      expect((await browser.request('GET', '/api/user-badges/summary')).status).toBe(200);
    }

    const queries = [...dashboardQueries(), ...recordingRuleQueries()];
    const empty = new Set(queries.map((q) => q.where));
    // The workers sample queue depths every 15 s and the mail goes out in the background: wait, bounded.
    await waitFor(
      async () => {
        for (const q of queries) if (empty.has(q.where) && (await hasData(q.expr))) empty.delete(q.where);
        return empty.size === 0;
      },
      { timeoutMs: 120_000, intervalMs: 1_000, message: `queries still empty` },
    ).catch(() => {});
    const returned = queries.length - empty.size;
    console.log(`${returned} of ${queries.length} queries returned data`);
    const dashboards = dashboardQueries().length;
    console.log(`(${dashboards} dashboard panel queries, ${queries.length - dashboards} recording rules)`);
    expect([...empty], `still empty: ${[...empty].join('; ')}\nPrometheus said: ${promLog}`).toEqual([]);

    // A query that falls back to `or vector(0)` (shedding, publish failures: none here) must still name metrics
    // the product exports: Prometheus knows each from the scraped HELP/TYPE lines.
    const names = new Set(
      queries.flatMap((q) =>
        [...q.expr.matchAll(/\b([a-z_]+_(?:total|seconds|bytes|rows|messages|requests|jobs|fds))\b/g)].map(
          (m) => m[1]!,
        ),
      ),
    );
    const unknown: string[] = [];
    for (const name of names) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      const res = await fetch(`${promUrl}/api/v1/metadata?metric=${family}`);
      const { data } = (await res.json()) as { data: Record<string, unknown[]> };
      if (!data[family] && !(await hasData(`count(${name})`))) unknown.push(name);
    }
    expect(unknown).toEqual([]);
  });
});
