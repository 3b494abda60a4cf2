import { describe, expect, it } from 'vitest';
import { localDateKey, weekDayIndex, weekStartKey } from './time.js';

const IST = 'Europe/Istanbul'; // UTC+3 all year

describe('Monday-first week in a time zone', () => {
  it('turns Sunday into Monday at local midnight in Istanbul, not at UTC midnight', () => {
    // 2026-11-22 is a Sunday; Istanbul midnight is 21:00 UTC the day before.
    expect(weekDayIndex(new Date('2026-11-22T20:59:59Z'), IST)).toBe(6);
    expect(weekDayIndex(new Date('2026-11-22T21:00:00Z'), IST)).toBe(0);
    expect(weekDayIndex(new Date('2026-11-22T21:00:00Z'), 'UTC')).toBe(6);
  });

  it('gives the local date and the week it belongs to', () => {
    expect(localDateKey(new Date('2026-11-22T21:30:00Z'), IST)).toBe('2026-11-23');
    expect(weekStartKey(new Date('2026-11-22T20:59:59Z'), IST)).toBe('2026-11-16');
    expect(weekStartKey(new Date('2026-11-22T21:00:00Z'), IST)).toBe('2026-11-23');
  });
});
