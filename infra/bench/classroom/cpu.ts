/** Each process's CPU share over a window, from /proc (of 100 % per core). */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sleep } from '@mathgames/platform';

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in seconds (null when it is gone or unreadable). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

export function pidsNamed(comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Which processes to measure: the stack's, this database's Postgres backends, RabbitMQ, Redis, and us. */
export type ProcessGroups = () => Promise<Record<string, number[]>>;

export class CpuMeter {
  private readonly before = new Map<number, number>();
  private startedAt = 0;
  private groups: Record<string, number[]> = {};
  private ownBefore = process.cpuUsage();

  constructor(private readonly which: ProcessGroups) {}

  async start(): Promise<void> {
    this.groups = await this.which();
    this.before.clear();
    for (const pids of Object.values(this.groups))
      for (const pid of pids) {
        const s = cpuSeconds(pid);
        if (s !== null) this.before.set(pid, s);
      }
    this.ownBefore = process.cpuUsage();
    this.startedAt = performance.now();
  }

  /**
   * The product's idle CPU (timers, polls, heartbeats) over 2 s, to subtract from the window that follows (`cpuPer`);
   * the meter is started again for that window.
   */
  async idle(): Promise<CpuUsage> {
    await this.start();
    await sleep(2_000);
    const idle = await this.usage();
    await this.start();
    return idle;
  }

  /** CPU seconds of each group (and of this process, 'load generator') since start(), over `seconds`. */
  async usage(): Promise<{ seconds: number; used: Array<[string, number]> }> {
    const seconds = (performance.now() - this.startedAt) / 1000;
    // Backends that connected during the window count from their start.
    const now = await this.which();
    const used: Array<[string, number]> = [];
    for (const [name, pids] of Object.entries({ ...this.groups, ...now })) {
      let sum = 0;
      for (const pid of new Set([...(this.groups[name] ?? []), ...pids])) {
        const after = cpuSeconds(pid);
        if (after !== null) sum += after - (this.before.get(pid) ?? 0);
      }
      used.push([name, sum]);
    }
    const own = process.cpuUsage(this.ownBefore);
    used.push([LOAD_GENERATOR, (own.user + own.system) / 1e6]);
    return { seconds, used };
  }

  /** "gateway 61 %, game-results 40 %, …" over the window since start(), of 100 % per core. */
  async line(): Promise<string> {
    const { seconds, used } = await this.usage();
    const total = used.reduce((n, [, s]) => n + s, 0);
    const pct = (s: number) => `${((s / seconds) * 100).toFixed(0)} %`;
    return `cpu (of ${availableParallelism() * 100} %): ${used
      .sort((a, b) => b[1] - a[1])
      .map(([name, s]) => `${name} ${pct(s)}`)
      .join(', ')}; total ${pct(total)}`;
  }
}

export const LOAD_GENERATOR = 'load generator';

export type CpuUsage = Awaited<ReturnType<CpuMeter['usage']>>;

/**
 * "4.9 ms over 500 results (postgres 1.6, game-results 1.3, …)": the window's CPU of the product (the load
 * generator left out) less each process's idle rate (measured just before, `idle`), per unit of work.
 */
export function cpuPer(idle: CpuUsage, window: CpuUsage, count: number, unit: string): string {
  if (count === 0) return `no ${unit}`;
  const idleOf = new Map(idle.used.map(([name, s]) => [name, s / idle.seconds]));
  const parts = window.used
    .filter(([name]) => name !== LOAD_GENERATOR)
    .map(([name, s]): [string, number] => [name, Math.max(0, s - (idleOf.get(name) ?? 0) * window.seconds)])
    .sort((a, b) => b[1] - a[1]);
  const ms = (s: number) => ((s / count) * 1000).toFixed(2);
  const total = parts.reduce((n, [, s]) => n + s, 0);
  return `${ms(total)} ms over ${count} ${unit} (${parts.map(([name, s]) => `${name} ${ms(s)}`).join(', ')})`;
}

/** The whole box's busy and total time (jiffies, every core), kernel work included: /proc/stat's first line. */
function boxTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((n, v) => n + v, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** How long a process's main thread (a node process's event loop) has waited, runnable, for a core: ms. */
function runQueueWaitMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * Connections the kernel completed and the process listening on `port` has not accepted yet (IPv4). The kernel
 * lists the listening sockets first, and writes /proc/net/tcp as it is read: reading only as far as they go spares
 * walking every established socket (thousands here), which a whole read 10 times a second cost the load generator.
 */
const page = Buffer.alloc(64 * 1024);
function acceptQueue(port: number): number {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const fd = openSync('/proc/net/tcp', 'r');
  let queued = 0;
  let rest = '';
  try {
    // Each read returns about a page of lines; stop at the first socket that is not listening.
    for (let first = true; ; first = false) {
      const n = readSync(fd, page, 0, page.length, null);
      if (n === 0) return queued;
      const lines = (rest + page.toString('latin1', 0, n)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of first ? lines.slice(1) : lines) {
        const f = line.trim().split(/\s+/);
        // local address, remote, state (0A: listening), tx_queue:rx_queue (a listener's rx_queue: its accept queue)
        if (f[3] !== '0A') return queued;
        if (f[1]?.endsWith(hexPort)) queued += Number.parseInt(f[4]!.split(':')[1]!, 16);
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Each of the next `seconds` seconds' CPU, as "box 196 %, cpu 185 %: gateway 47, load generator 41, postgres 25"
 * (the whole box from /proc/stat, then the measured processes and the three busiest), while the meter's own window
 * (start() … line()) runs on: this one reads the meter without resetting it. With the gateway's pid and port, also
 * how much of the second its event loop waited for a core (runnable, not running) and the most connections its
 * accept queue held (sampled every 100 ms): node ≥ 20 accepts one connection per event-loop turn, so a gateway
 * short of CPU leaves new connections there.
 */
export async function cpuBySecond(
  cpu: CpuMeter,
  seconds: number,
  end: number,
  gateway?: { pid: number; port: number },
): Promise<string[]> {
  const lines: string[] = [];
  let before = await cpu.usage();
  let box = boxTimes();
  let waited = gateway ? runQueueWaitMs(gateway.pid) : 0;
  for (let i = 0; i < seconds && performance.now() < end; i++) {
    let queued = 0;
    for (let tick = 0; tick < 10; tick++) {
      await sleep(100);
      if (gateway) queued = Math.max(queued, acceptQueue(gateway.port));
    }
    const after = await cpu.usage();
    const boxNow = boxTimes();
    const was = new Map(before.used);
    const span = after.seconds - before.seconds;
    const shares = after.used
      .map(([name, s]): [string, number] => [name, ((s - (was.get(name) ?? 0)) / span) * 100])
      .sort((a, b) => b[1] - a[1]);
    const total = shares.reduce((n, [, p]) => n + p, 0);
    const boxShare = ((boxNow.busy - box.busy) / (boxNow.total - box.total)) * availableParallelism() * 100;
    let gatewayPart = '';
    if (gateway) {
      const waitedNow = runQueueWaitMs(gateway.pid);
      gatewayPart = `; gateway waited for a core ${((waitedNow - waited) / (span * 10)).toFixed(0)} % of it, accept queue up to ${queued}`;
      waited = waitedNow;
    }
    lines.push(
      `box ${boxShare.toFixed(0)} %, cpu ${total.toFixed(0)} %: ${shares
        .slice(0, 3)
        .map(([name, p]) => `${name} ${p.toFixed(0)}`)
        .join(', ')}${gatewayPart}`,
    );
    before = after;
    box = boxNow;
  }
  return lines;
}
