import { describe, expect, it } from 'vitest';
import {
  CATEGORY_KEYS,
  categoryKeyFromGameType,
  difficultyLabel,
  GAME_TYPES,
  gameTypeFromCategoryKey,
  langOf,
  localeOf,
  normalizeDifficulty,
  normalizeGameType,
  normalizeLang,
  normalizeQuestionCount,
  parseDifficulty,
} from './values.js';

describe('game type aliases (product-rules.md#values)', () => {
  const table: Array<[string, string]> = [
    ['toplama', 'toplama'],
    ['add', 'toplama'],
    ['top', 'toplama'],
    ['addition', 'toplama'],
    ['Addition', 'toplama'],
    ['çıkarma', 'çıkarma'],
    ['cikarma', 'çıkarma'],
    ['ÇIKARMA', 'çıkarma'],
    ['sub', 'çıkarma'],
    ['cik', 'çıkarma'],
    ['subtraction', 'çıkarma'],
    ['çarpma', 'çarpma'],
    ['carpma', 'çarpma'],
    ['mul', 'çarpma'],
    ['carp', 'çarpma'],
    ['multiplication', 'çarpma'],
    ['bölme', 'bölme'],
    ['bolme', 'bölme'],
    ['div', 'bölme'],
    ['bol', 'bölme'],
    ['division', 'bölme'],
    ['kesirler', 'kesirler'],
    ['frac', 'kesirler'],
    ['kes', 'kesirler'],
    ['kesir', 'kesirler'],
    ['fractions', 'kesirler'],
    [' Kesirler ', 'kesirler'],
  ];
  it.each(table)('reads %j as %s', (alias, expected) => {
    expect(normalizeGameType(alias)).toBe(expected);
  });

  it('falls back to addition for anything unknown', () => {
    expect(normalizeGameType('geometri')).toBe('toplama');
    expect(normalizeGameType(undefined)).toBe('toplama');
    expect(normalizeGameType(42)).toBe('toplama');
  });
});

describe('difficulty aliases', () => {
  it.each([
    ['çok kolay', 'çok kolay'],
    ['cok kolay', 'çok kolay'],
    ['very-easy', 'çok kolay'],
    ['kolay', 'kolay'],
    ['easy', 'kolay'],
    ['orta', 'orta'],
    ['medium', 'orta'],
    ['zor', 'zor'],
    ['hard', 'zor'],
    ['çok zor', 'çok zor'],
    ['cok zor', 'çok zor'],
    ['ÇOK ZOR', 'çok zor'],
    ['very-hard', 'çok zor'],
  ])('reads %j as %s', (alias, expected) => {
    expect(normalizeDifficulty(alias)).toBe(expected);
  });

  it('plays an unknown difficulty as easy but shows it as given in history', () => {
    expect(normalizeDifficulty('imkansız')).toBe('kolay');
    expect(parseDifficulty('imkansız')).toBeNull();
  });
});

describe('category keys', () => {
  it('map both ways for every game type, and tumu means no filter', () => {
    for (const t of GAME_TYPES) expect(gameTypeFromCategoryKey(categoryKeyFromGameType(t))).toBe(t);
    expect(gameTypeFromCategoryKey('tumu')).toBeNull();
    expect(CATEGORY_KEYS).toEqual(['tumu', 'toplama', 'cikarma', 'carpma', 'bolme', 'kesirler']);
  });
});

describe('question counts and language', () => {
  it('accepts only 5, 10, 15 and 20, defaulting to 10', () => {
    expect(normalizeQuestionCount('15')).toBe(15);
    expect(normalizeQuestionCount(7)).toBe(10);
    expect(normalizeQuestionCount(null)).toBe(10);
  });
  it('reads a language tag one way everywhere, falling back to Turkish', () => {
    for (const tag of ['en', 'EN', 'en-GB', ' en_US', 'en-US,en;q=0.9']) expect(langOf(tag), tag).toBe('en');
    for (const tag of ['tr', 'tr-TR', 'TR_tr']) expect(langOf(tag), tag).toBe('tr');
    for (const tag of ['de', 'english', 'tra', '', undefined, 7]) expect(langOf(tag), String(tag)).toBeNull();
    expect(normalizeLang('en-GB')).toBe('en');
    expect(normalizeLang('de')).toBe('tr');
    expect(normalizeLang(undefined)).toBe('tr');
  });
  it('formats each language in its own locale: Turkish dates and numbers in tr, British ones in en', () => {
    expect(localeOf('tr')).toBe('tr-TR');
    expect(localeOf('en')).toBe('en-GB');
    expect(new Intl.NumberFormat(localeOf('tr')).format(1234.5)).toBe('1.234,5');
  });
});

describe('labels', () => {
  it('localises difficulties, showing an unknown stored difficulty as given', () => {
    expect(difficultyLabel('cok zor', 'tr')).toBe('Çok Zor');
    expect(difficultyLabel('efsane', 'en')).toBe('efsane');
  });
});
