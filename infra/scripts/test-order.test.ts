import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  durationsFromReports,
  durationsFromTimings,
  longestFirst,
  mergeDurations,
  timingsJson,
} from './test-order.js';

const root = '/repo';
const report = (files: Record<string, [number, number]>) =>
  JSON.stringify({
    testResults: Object.entries(files).map(([name, [startTime, endTime]]) => ({
      name: join(root, name),
      startTime,
      endTime,
    })),
  });

describe('the order test files start in', () => {
  it('reads each file’s seconds from Vitest JSON reports, skipping missing and cut-short ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-order-'));
    writeFileSync(join(dir, 'main.json'), report({ 'a.test.ts': [1_000, 31_000], 'b.test.ts': [0, 500] }));
    writeFileSync(join(dir, 'cut.json'), '{"testResults": [');
    const durations = durationsFromReports(root, [
      join(dir, 'main.json'),
      join(dir, 'cut.json'),
      join(dir, 'missing.json'),
    ]);
    expect(Object.fromEntries(durations)).toEqual({ 'a.test.ts': 30, 'b.test.ts': 0.5 });
  });

  it('prefers the whole-file durations beside a report (beforeAll included) to its spans of tests', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-order-'));
    writeFileSync(join(dir, 'main.json'), report({ 'a.test.ts': [0, 30_000], 'b.test.ts': [0, 5_000] }));
    writeFileSync(join(dir, 'main.files.json'), JSON.stringify({ files: { 'a.test.ts': 95.5 } }));
    const durations = durationsFromReports(root, [join(dir, 'main.json')]);
    expect(Object.fromEntries(durations)).toEqual({ 'a.test.ts': 95.5, 'b.test.ts': 5 });
  });

  it('takes the newest measurement of each file, and writes timings the fallback reads back', () => {
    const older = new Map([
      ['a.test.ts', 10],
      ['b.test.ts', 20],
    ]);
    const newer = new Map([['a.test.ts', 40.04]]);
    const merged = mergeDurations(older, newer);
    expect(Object.fromEntries(merged)).toEqual({ 'a.test.ts': 40.04, 'b.test.ts': 20 });
    const dir = mkdtempSync(join(tmpdir(), 'test-order-'));
    writeFileSync(join(dir, 'timings.json'), timingsJson(merged));
    expect(Object.fromEntries(durationsFromTimings(join(dir, 'timings.json')))).toEqual({
      'a.test.ts': 40,
      'b.test.ts': 20,
    });
    expect(durationsFromTimings(join(dir, 'none.json')).size).toBe(0);
  });

  it('starts unmeasured files first, then the measured ones longest first', () => {
    const durations = new Map([
      ['short.test.ts', 2],
      ['long.test.ts', 90],
      ['middle.test.ts', 30],
    ]);
    const files = ['short.test.ts', 'new-one.test.ts', 'long.test.ts', 'middle.test.ts', 'new-two.test.ts'];
    expect(longestFirst(files, (f) => f, durations)).toEqual([
      'new-one.test.ts',
      'new-two.test.ts',
      'long.test.ts',
      'middle.test.ts',
      'short.test.ts',
    ]);
  });
});
