import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@mathgames/contracts';
import { onExitKill, waitFor } from '@mathgames/platform/testing';
import { type BalancedPool, haproxyConfig } from './haproxy-config.js';
import { keepLines } from './processes.js';

/** One replica as HAProxy sees it: `UP`, `DOWN`, `UP 1/2` (one failed check), `MAINT`… */
export interface ServerState {
  backend: string;
  server: string;
  status: string;
  /** Connections (HTTP: requests) it was given so far. */
  total: number;
}

/** HAProxy, as a child of the stack, standing in for the Ingress and the Services in front of replicas. */
export interface Balancer {
  /** HAProxy's stats page (servers, states, sessions); `;csv` after it gives the same as CSV. */
  statsUrl: string;
  pid: number | undefined;
  servers(): Promise<ServerState[]>;
  /** Waits until every replica is in rotation (its readiness check passed). */
  untilAllUp(timeoutMs?: number): Promise<void>;
  logs(): string;
  stop(): Promise<void>;
}

export interface BalancerOptions {
  /** The gateways, behind an HTTP frontend (the Ingress). */
  front?: BalancedPool;
  /** The HTTP services, each behind a TCP frontend (its Service). */
  services: readonly BalancedPool[];
  statsPort: number;
  onLine?: (line: string) => void;
  /** SIGKILL it when this process ends, even abruptly. */
  killOnExit?: boolean;
}

// Debian puts it in /usr/sbin, which is not on a normal user's PATH.
const HAPROXY =
  process.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
const CONSOLE_COPY = /^\[(WARNING|NOTICE|ALERT)\]\s+\(\d+\) : (Server|backend) /;

/** Starts HAProxy on its own config (never the system service) and resolves once its stats page answers. */
export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'mg-balancer-'));
  const messagesFile = join(dir, 'unavailable.map');
  // The gateway's own text for a 503, JSON-escaped: HAProxy pastes the map's value into its JSON answer.
  const message = (lang: 'tr' | 'en') => JSON.stringify(translate('service_unavailable', lang)).slice(1, -1);
  writeFileSync(messagesFile, `tr ${message('tr')}\nen ${message('en')}\n`);
  const configFile = join(dir, 'haproxy.cfg');
  const { front, services, statsPort } = options;
  writeFileSync(configFile, haproxyConfig({ front, services, statsPort, messagesFile }));

  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  // In the foreground HAProxy also prints each server's change of state to the console: the log line has it.
  keepLines(child, lines, (line) => {
    if (!CONSOLE_COPY.test(line)) options.onLine?.(line);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      resolve();
    };
    child.once('exit', done);
    child.once('error', (err) => {
      lines.push(`${HAPROXY}: ${err.message} (Debian: apt-get install -y haproxy)`);
      done();
    });
  });
  const forget = options.killOnExit
    ? onExitKill(() => {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      })
    : () => {};
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    forget();
    rmSync(dir, { recursive: true, force: true });
  };

  const statsUrl = `http://127.0.0.1:${statsPort}/`;
  const servers = async (): Promise<ServerState[]> => {
    const res = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2_000) });
    const [header = '', ...rows] = (await res.text()).trim().split('\n');
    // Anything else on that port is not our HAProxy (it failed to bind, and a stranger answered).
    if (!header.startsWith('# pxname,')) throw new Error(`${statsUrl} is not HAProxy's stats page`);
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('svname')] !== 'FRONTEND' && cells[at('svname')] !== 'BACKEND')
      .map((cells) => ({
        backend: cells[at('pxname')]!,
        server: cells[at('svname')]!,
        status: cells[at('status')]!,
        total: Number(cells[at('stot')]),
      }));
  };

  // Up once its stats page answers; a bad config or a port already taken ends the process first.
  const answered = await waitFor(async () => exited || (await servers().then(() => true)), {
    timeoutMs: 10_000,
    intervalMs: 100,
  }).catch(() => false);
  if (exited || !answered) {
    await stop();
    throw new Error(`HAProxy did not start:\n${lines.join('\n')}`);
  }

  return {
    statsUrl,
    get pid() {
      return exited ? undefined : child.pid;
    },
    servers,
    async untilAllUp(timeoutMs = 60_000) {
      await waitFor(async () => (await servers()).every((s) => s.status === 'UP'), {
        timeoutMs,
        intervalMs: 200,
        message: `every replica in HAProxy's rotation (${statsUrl})`,
      });
    },
    logs: () => lines.join('\n'),
    stop,
  };
}
