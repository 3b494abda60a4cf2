import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { byKind, OVERLAYS, type OverlayName, renderKustomization, repoPath } from './manifest-helpers.js';

// The observability component (docs/operations/runbooks.md, "Service levels, alerts and runbooks"): its rules pass
// `promtool check rules` and their unit tests (`promtool test rules`), every alert links a runbook that exists,
// and both overlays ship the rules, the scrape job and the dashboards.
const COMPONENT = 'k8s/components/observability';
const RULES = `${COMPONENT}/prometheus-rules.yaml`;
const RULE_TESTS = `${COMPONENT}/prometheus-rules.test.yaml`;
const SCRAPE = `${COMPONENT}/prometheus-scrape.yaml`;
const DASHBOARDS = ['school', 'event-path', 'resources'];

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const groups = (parseYaml(readFileSync(repoPath(RULES), 'utf8')) as { groups: { rules: Rule[] }[] }).groups;
const alerts = groups.flatMap((g) => g.rules).filter((r) => r.alert);

function promtool(...args: string[]): string {
  try {
    return execFileSync('promtool', args, { encoding: 'utf8', cwd: repoPath(COMPONENT), stdio: 'pipe' });
  } catch (err) {
    const e = err as { code?: string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error("promtool is not on PATH: install Debian's `prometheus` package (.ci/run does)");
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/**
 * The shipped scrape job with its Kubernetes discovery (which Debian's Prometheus is built without) swapped for
 * static targets labelled as the relabelling would label a pod.
 */
function staticScrapeJob(targets: { address: string; deployable: string }[]): Record<string, unknown> {
  const shipped = parseYaml(readFileSync(repoPath(SCRAPE), 'utf8')) as {
    scrape_configs: Record<string, unknown>[];
  };
  const { kubernetes_sd_configs: _sd, relabel_configs: _relabel, ...job } = shipped.scrape_configs[0]!;
  return {
    ...job,
    static_configs: targets.map((t) => ({ targets: [t.address], labels: { deployable: t.deployable } })),
  };
}

describe('the Prometheus rules and scrape job', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mg-promtool-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pass promtool check rules', () => {
    const out = promtool('check', 'rules', 'prometheus-rules.yaml');
    console.log(out.trim());
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('pass their unit tests (promtool test rules)', () => {
    const out = promtool('test', 'rules', 'prometheus-rules.test.yaml');
    console.log(out.trim());
    expect(out).toContain('SUCCESS');
  });

  it('unit-test every alert firing', () => {
    const tests = parseYaml(readFileSync(repoPath(RULE_TESTS), 'utf8')) as {
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = new Set(
      tests.tests
        .flatMap((t) => t.alert_rule_test ?? [])
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    // The burn-rate alerts are generated alike for each SLO: one fast and one slow per SLO; at least one of
    // each kind, and every other alert, fires in a test.
    const untested = alerts
      .map((a) => a.alert!)
      .filter((name) => !name.startsWith('SLO') && !fired.has(name));
    expect(untested).toEqual([]);
    expect([...fired].filter((name) => name.startsWith('SLO')).length).toBeGreaterThanOrEqual(3);
  });

  it('link every alert to a runbook section of docs/operations/runbooks.md', () => {
    const operations = readFileSync(repoPath('docs/operations/runbooks.md'), 'utf8');
    const listed: string[] = [];
    for (const alert of alerts) {
      const url = alert.annotations?.runbook_url ?? '';
      const anchor = /^docs\/operations\/runbooks\.md#([a-z0-9-]+)$/.exec(url)?.[1];
      expect(anchor, `${alert.alert}'s runbook_url ${url}`).toBeTruthy();
      expect(operations, `${alert.alert}: no <a id="${anchor}"> in docs/operations/runbooks.md`).toContain(
        `<a id="${anchor}"></a>`,
      );
      expect(alert.labels?.severity, alert.alert).toMatch(/^(page|ticket)$/);
      expect(alert.annotations?.summary, alert.alert).toBeTruthy();
      listed.push(`${alert.alert} (${alert.labels?.severity}) → ${url}`);
    }
    console.log(`${alerts.length} alerts:\n${listed.join('\n')}`);
  });

  it('ship a scrape job that promtool accepts once its discovery is static', () => {
    const file = join(dir, 'prometheus.yml');
    writeFileSync(
      file,
      stringifyYaml({
        rule_files: [repoPath(RULES)],
        scrape_configs: [staticScrapeJob([{ address: '127.0.0.1:4012', deployable: 'statistics-worker' }])],
      }),
    );
    const out = promtool('check', 'config', file);
    expect(out).toContain('SUCCESS');
  });

  it.each(Object.keys(OVERLAYS) as OverlayName[])(
    '%s overlay renders the rules, the scrape job and the dashboards',
    (overlay) => {
      const configMaps = byKind(renderKustomization(OVERLAYS[overlay]), 'ConfigMap');
      const named = (prefix: string) => configMaps.find((c) => c.metadata.name.startsWith(`${prefix}-`));
      expect(named('mathgames-prometheus-rules')?.data['prometheus-rules.yaml']).toBe(
        readFileSync(repoPath(RULES), 'utf8'),
      );
      expect(named('mathgames-prometheus-scrape')?.data['prometheus-scrape.yaml']).toBe(
        readFileSync(repoPath(SCRAPE), 'utf8'),
      );
      const dashboards = named('mathgames-grafana-dashboards');
      expect(dashboards?.metadata.labels?.grafana_dashboard).toBe('1');
      for (const name of DASHBOARDS) {
        const json = JSON.parse(dashboards?.data[`${name}.json`] ?? '{}');
        expect(json.uid).toBe(`mathgames-${name}`);
        expect(json.panels.length).toBeGreaterThan(0);
      }
    },
  );
});
