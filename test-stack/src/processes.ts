import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onExitKill } from '@mathgames/platform/testing';
import { builtEntry, type Deployable, ROOT, sourceEntry } from './deployables.js';

/** built: from its `dist` (run `tsc -b` first); source: from TypeScript through tsx; watch: source, restarted on change. */
export type ProcessRun = 'built' | 'source' | 'watch';

export interface DeployableProcessOptions {
  run: ProcessRun;
  /** The whole environment of the process (PORT included). */
  env: NodeJS.ProcessEnv;
  /** Extra Node options (the benchmark's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
  /** Every line the process prints, as it prints it. */
  onLine?: (line: string) => void;
  /** Called when the process exits on its own (not through `stop` or `kill`). */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /** SIGKILL it when this process ends, even abruptly (a test file that fails half-way). */
  killOnExit?: boolean;
}

const REPORT_LISTENING = fileURLToPath(new URL('../src/report-listening.mjs', import.meta.url));
const KEPT_LINES = 300;

/** Splits a child's output into lines: the last KEPT_LINES stay in `lines` (for failure messages), each goes to `onLine`. */
export function keepLines(child: ChildProcess, lines: string[], onLine?: (line: string) => void): void {
  let partial = '';
  const keep = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      onLine?.(line);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
}

/** One deployable as its own OS process, as in production: it can be stopped, killed mid-work and started again. */
export class DeployableProcess {
  private child: ChildProcess | null = null;
  private expectedExit = false;
  private readonly lines: string[] = [];

  constructor(
    readonly deployable: Deployable,
    private readonly options: DeployableProcessOptions,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines it printed, for failure messages. */
  logs(): string {
    return this.lines.join('\n');
  }

  /**
   * Spawns it. The promise resolves when the process itself listens on `port` (reported over IPC by
   * report-listening.mjs, so a stranger on that port never counts) and rejects if it exits first.
   */
  start(port?: number): Promise<void> {
    const { run, env, nodeArgs = [], onLine, onExit, killOnExit } = this.options;
    const entry = run === 'built' ? builtEntry(this.deployable) : sourceEntry(this.deployable);
    const args =
      run === 'built'
        ? ['--enable-source-maps', ...nodeArgs, '--import', REPORT_LISTENING, entry]
        : run === 'source'
          ? ['--conditions=source', '--import', 'tsx', ...nodeArgs, '--import', REPORT_LISTENING, entry]
          : ['--conditions=source', '--watch', '--import', 'tsx', ...nodeArgs, entry];
    // Vitest's NODE_OPTIONS (its polyfill) is not meant for a process tsx compiles on its own.
    const childEnv = run === 'source' ? { ...env, NODE_OPTIONS: '' } : env;
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    this.expectedExit = false;
    keepLines(child, this.lines, onLine);
    const forget = killOnExit ? onExitKill(() => child.kill('SIGKILL')) : () => {};
    child.once('exit', (code, signal) => {
      forget();
      if (this.child === child) this.child = null;
      if (!this.expectedExit) onExit?.(code, signal);
    });
    const listening = new Promise<void>((resolve, reject) => {
      child.on('message', (message: { listening?: number }) => {
        if (port === undefined || message?.listening === port) resolve();
      });
      child.once('exit', (code, signal) => reject(new Error(`exited (${signal ?? `code ${code}`})`)));
    });
    listening.catch(() => {}); // a caller that does not wait must not see an unhandled rejection
    return listening;
  }

  /** SIGKILL: no shutdown hooks, no acks; whatever it held goes back to its queue. */
  kill(): Promise<void> {
    return this.end('SIGKILL', 0);
  }

  /** SIGTERM, and SIGKILL if it has not drained within `graceMs`. */
  stop(graceMs = 15_000): Promise<void> {
    return this.end('SIGTERM', graceMs);
  }

  private async end(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expectedExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const killer = graceMs > 0 ? setTimeout(() => child.kill('SIGKILL'), graceMs) : undefined;
    await exited;
    clearTimeout(killer);
  }
}
