/** Calendar arithmetic in a named time zone with Intl only (runs in the browser too). */

import { dateTimeFormatFor } from './intl-formats.js';

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormatFor(
    `day parts|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        weekday: 'short',
      }),
  );
}

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

interface LocalDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

function localDay(date: Date | number | string, timeZone: string): LocalDay {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError('invalid date');
  let year = 0;
  let month = 0;
  let day = 0;
  let weekday = 0;
  for (const p of formatterFor(timeZone).formatToParts(d)) {
    if (p.type === 'year') year = Number(p.value);
    else if (p.type === 'month') month = Number(p.value);
    else if (p.type === 'day') day = Number(p.value);
    else if (p.type === 'weekday') weekday = WEEKDAYS[p.value] ?? 0;
  }
  return { year, month, day, weekday };
}

function key(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Day of the week in the time zone, Monday = 0 … Sunday = 6. */
export function weekDayIndex(date: Date | number | string, timeZone: string): number {
  return localDay(date, timeZone).weekday;
}

/** The calendar date in the time zone as 'YYYY-MM-DD'. */
export function localDateKey(date: Date | number | string, timeZone: string): string {
  const { year, month, day } = localDay(date, timeZone);
  return key(year, month, day);
}

/** Adds days to a 'YYYY-MM-DD' key (pure calendar arithmetic, no time zone involved). */
export function addDaysToKey(dateKey: string, days: number): string {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return key(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The Monday of the date's week in the time zone, as 'YYYY-MM-DD'. */
export function weekStartKey(date: Date | number | string, timeZone: string): string {
  const { year, month, day, weekday } = localDay(date, timeZone);
  return addDaysToKey(key(year, month, day), -weekday);
}

/**
 * The zone days and weeks are counted in unless the deployment's TIME_ZONE says otherwise (the platform config
 * defaults to it). The browser uses it only until the statistics answer names the server's zone.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';
