import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatHistoryDate,
  formatLastLogin,
  formatMinutesSeconds,
  formatRelativeTime,
  formatTotalTime,
} from './formatting.js';

describe('durations', () => {
  it('shows the clock as mm:ss with two-digit seconds', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(3_600_000)).toBe('60:00');
    expect(formatMinutesSeconds(9)).toBe('00:09');
  });

  it('shows total time in seconds under a minute, otherwise in minutes', () => {
    expect(formatTotalTime(59, 'en')).toBe('59 seconds');
    expect(formatTotalTime(1, 'en')).toBe('1 second');
    expect(formatTotalTime(60, 'en')).toBe('1 minute');
    expect(formatTotalTime(150, 'tr')).toBe('2 dakika');
    expect(formatTotalTime(42, 'tr')).toBe('42 saniye');
  });
});

describe('relative registration time', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  it('counts days under 30, months of 30 days under 365, then years', () => {
    expect(formatRelativeTime(daysAgo(0), now, 'en')).toBe('Today');
    expect(formatRelativeTime(daysAgo(29), now, 'en')).toBe('29 days ago');
    expect(formatRelativeTime(daysAgo(30), now, 'en')).toBe('1 month ago');
    expect(formatRelativeTime(daysAgo(364), now, 'tr')).toBe('12 ay önce');
    expect(formatRelativeTime(daysAgo(365), now, 'tr')).toBe('1 yıl önce');
    expect(formatRelativeTime(daysAgo(800), now, 'en')).toBe('2 years ago');
  });
});

describe('dates', () => {
  const at = new Date('2026-11-22T12:04:00Z');
  it('shows history dates in the Turkish locale in the product time zone', () => {
    expect(formatHistoryDate(at, 'Europe/Istanbul')).toBe('22.11.2026 15:04');
  });
  it('shows the last login in the interface language, or a dash', () => {
    expect(formatLastLogin(at, 'en', 'Europe/Istanbul')).toContain('November 2026');
    expect(formatLastLogin(at, 'tr', 'Europe/Istanbul')).toContain('Kasım 2026');
    expect(formatLastLogin(null, 'en', 'Europe/Istanbul')).toBe('—');
  });
});
