/** Durations and relative dates for the result, history and profile screens (docs/product-rules.md#screens). */

import { translate } from '../message-catalogue.js';
import { type Lang, localeOf } from '../values.js';
import { dateTimeFormatFor } from './intl-formats.js';

/** Elapsed milliseconds as mm:ss (minutes grow past 59, seconds always two digits). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  return formatMinutesSeconds(total);
}

/** Whole seconds as m:ss (history durations). */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function plural(lang: Lang, count: number, one: string, many: string): string {
  // Turkish nouns stay singular after a number.
  return lang === 'en' && count !== 1 ? many : one;
}

const UNITS: Record<Lang, Record<'second' | 'minute' | 'day' | 'month' | 'year', [string, string]>> = {
  tr: {
    second: ['saniye', 'saniye'],
    minute: ['dakika', 'dakika'],
    day: ['gün', 'gün'],
    month: ['ay', 'ay'],
    year: ['yıl', 'yıl'],
  },
  en: {
    second: ['second', 'seconds'],
    minute: ['minute', 'minutes'],
    day: ['day', 'days'],
    month: ['month', 'months'],
    year: ['year', 'years'],
  },
};

function unit(lang: Lang, count: number, u: keyof (typeof UNITS)['tr']): string {
  const [one, many] = (UNITS[lang] ?? UNITS.tr)[u];
  return `${count} ${plural(lang, count, one, many)}`;
}

/** Total game time: seconds under a minute, otherwise whole minutes (rounded down). */
export function formatTotalTime(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return s < 60 ? unit(lang, s, 'second') : unit(lang, Math.floor(s / 60), 'minute');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Registration time: days under 30, months of 30 days under 365, else years. */
export function formatRelativeTime(
  from: Date | string | number,
  now: Date | string | number,
  lang: Lang,
): string {
  const days = Math.max(0, Math.floor((new Date(now).getTime() - new Date(from).getTime()) / DAY_MS));
  if (Number.isNaN(days)) return '';
  if (days === 0) return translate('relative_today', lang);
  const ago = lang === 'en' ? ' ago' : ' önce';
  if (days < 30) return `${unit(lang, days, 'day')}${ago}`;
  if (days < 365) return `${unit(lang, Math.floor(days / 30), 'month')}${ago}`;
  return `${unit(lang, Math.floor(days / 365), 'year')}${ago}`;
}

function dateTimeFormat(locale: string, timeZone: string, style: 'short' | 'long'): Intl.DateTimeFormat {
  return dateTimeFormatFor(`formatting|${locale}|${timeZone}|${style}`, () =>
    style === 'long'
      ? new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long', timeStyle: 'short' })
      : new Intl.DateTimeFormat(locale, {
          timeZone,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }),
  );
}

/** History dates always use the Turkish format, e.g. `22.11.2026 15:04`. */
export function formatHistoryDate(date: Date | string | number, timeZone: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat('tr-TR', timeZone, 'short').format(d);
}

/** Last login as a long date and time in the interface language, or a dash when never. */
export function formatLastLogin(
  date: Date | string | number | null | undefined,
  lang: Lang,
  timeZone: string,
): string {
  if (date === null || date === undefined) return '—';
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat(localeOf(lang), timeZone, 'long').format(d);
}
