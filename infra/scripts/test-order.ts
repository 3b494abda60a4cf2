// The order `make test` starts test files in: longest first, by each file's duration in the last run's Vitest JSON
// reports. With several files at once, a long file that starts last runs alone while the other workers idle; started
// first, it overlaps the short ones. Used by the sequencer in vitest.config.ts; `make test-timings` writes the
// committed fallback (infra/test-timings.json) for a fresh clone, where no report exists yet.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** Seconds per test file, keyed by its path relative to the repository root. */
export type Durations = Map<string, number>;

interface JsonReport {
  /** The json reporter's: per file, its first test's start and last test's end (no beforeAll). */
  testResults?: Array<{ name: string; startTime?: number; endTime?: number }>;
  /** file-durations-reporter.ts's: per file, its whole time in its worker, hooks included. */
  files?: Record<string, number>;
}

/**
 * Each file's duration in Vitest reports: a json reporter's report (`main.json`: each file's span of tests) and,
 * where it exists, the file-durations reporter's beside it (`main.files.json`: the whole file, its beforeAll
 * included), which wins. Missing or cut-short reports are skipped.
 */
export function durationsFromReports(root: string, reports: readonly string[]): Durations {
  const durations: Durations = new Map();
  const withFiles = reports.flatMap((report) => [report, report.replace(/\.json$/, '.files.json')]);
  for (const report of withFiles) {
    if (!existsSync(report)) continue;
    let parsed: JsonReport;
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    } catch {
      // A report cut short (a run killed while writing it) says nothing: the next source decides.
      continue;
    }
    for (const file of parsed.testResults ?? []) {
      if (typeof file.startTime !== 'number' || typeof file.endTime !== 'number') continue;
      const path = isAbsolute(file.name) ? relative(root, file.name) : file.name;
      durations.set(path, (file.endTime - file.startTime) / 1000);
    }
    for (const [path, seconds] of Object.entries(parsed.files ?? {})) durations.set(path, seconds);
  }
  return durations;
}

/** The committed timings (`{ "path": seconds }`), or none when the file is missing or unreadable. */
export function durationsFromTimings(path: string): Durations {
  if (!existsSync(path)) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>));
  } catch {
    return new Map();
  }
}

/** Later sources win per file: the newest measurement of each file counts. */
export function mergeDurations(...sources: readonly Durations[]): Durations {
  const merged: Durations = new Map();
  for (const source of sources) for (const [path, seconds] of source) merged.set(path, seconds);
  return merged;
}

/**
 * `files` (paths relative to the root, in the caller's order) longest first. A file without a measured duration
 * (new, or renamed since) goes before every measured one, in the caller's order: its length is unknown, and a short
 * one started early costs the others only its own seconds, while a long one started late would run alone at the end.
 */
export function longestFirst<T>(files: readonly T[], pathOf: (file: T) => string, durations: Durations): T[] {
  return files
    .map((file, index) => ({ file, index, seconds: durations.get(pathOf(file)) }))
    .sort((a, b) => {
      const unknownFirst = Number(a.seconds !== undefined) - Number(b.seconds !== undefined);
      if (unknownFirst !== 0) return unknownFirst;
      return (b.seconds ?? 0) - (a.seconds ?? 0) || a.index - b.index;
    })
    .map(({ file }) => file);
}

/** The timings file's content: every measured file, rounded to a tenth of a second, in path order (stable diffs). */
export function timingsJson(durations: Durations): string {
  const entries = [...durations]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, seconds]) => [path, Math.round(seconds * 10) / 10] as const);
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}
