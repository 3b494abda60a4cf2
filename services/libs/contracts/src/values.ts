/** Game types, difficulties, category keys and question counts, with every alias (docs/product-rules.md#values). */

export const GAME_TYPES = ['toplama', 'çıkarma', 'çarpma', 'bölme', 'kesirler'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** English key per game type: i18n keys, URLs, CSS classes. */
export const GAME_TYPE_KEYS = {
  toplama: 'addition',
  çıkarma: 'subtraction',
  çarpma: 'multiplication',
  bölme: 'division',
  kesirler: 'fractions',
} as const satisfies Record<GameType, string>;
export type GameTypeKey = (typeof GAME_TYPE_KEYS)[GameType];

export const DIFFICULTIES = ['çok kolay', 'kolay', 'orta', 'zor', 'çok zor'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** English key per difficulty: i18n keys and URLs. */
export const DIFFICULTY_KEYS = {
  'çok kolay': 'very-easy',
  kolay: 'easy',
  orta: 'medium',
  zor: 'hard',
  'çok zor': 'very-hard',
} as const satisfies Record<Difficulty, string>;

/** The badge category "all" (every badge, no filter); its wire value (query strings, cached counts) is 'tumu'. */
export const ALL_BADGE_CATEGORIES = 'tumu';
export const CATEGORY_KEYS = [
  ALL_BADGE_CATEGORIES,
  'toplama',
  'cikarma',
  'carpma',
  'bolme',
  'kesirler',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];
/** One game type's badge category: every category key except ALL_BADGE_CATEGORIES. */
export type GameCategoryKey = Exclude<CategoryKey, typeof ALL_BADGE_CATEGORIES>;

export const QUESTION_COUNTS = [5, 10, 15, 20] as const;
export type QuestionCount = (typeof QUESTION_COUNTS)[number];
export const DEFAULT_QUESTION_COUNT: QuestionCount = 10;
export const DEFAULT_DIFFICULTY: Difficulty = 'kolay';
export const DEFAULT_GAME_TYPE: GameType = 'toplama';

/**
 * The most badges one `GET /api/user-badges` answers (and what the web app asks for). A constant here, not in
 * schemas/: the browser imports it on the game screen, where the zod schemas would cost 25 KB for one number.
 */
export const USER_BADGES_MAX_LIMIT = 1000;

/**
 * Folds case, Turkish letters and separators so 'ÇIKARMA', 'Çıkarma', 'cikarma' and 'çok-kolay' all meet one
 * table entry. Plain toLowerCase (not the Turkish locale) so English 'I' stays 'i'.
 */
export function foldKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

const GAME_TYPE_ALIASES: Record<string, GameType> = {};
function gameAlias(type: GameType, ...aliases: string[]): void {
  for (const a of [type, GAME_TYPE_KEYS[type], ...aliases]) GAME_TYPE_ALIASES[foldKey(a)] = type;
}
gameAlias('toplama', 'add', 'top', 'plus');
gameAlias('çıkarma', 'cikarma', 'sub', 'cik', 'minus');
gameAlias('çarpma', 'carpma', 'mul', 'carp', 'multiply');
gameAlias('bölme', 'bolme', 'div', 'bol', 'divide');
gameAlias('kesirler', 'frac', 'fraction', 'kes', 'kesir');

/** The game type for an alias, or null when unknown. */
export function parseGameType(s: unknown): GameType | null {
  if (typeof s !== 'string') return null;
  return GAME_TYPE_ALIASES[foldKey(s)] ?? null;
}

/** Reading a game type: every alias (docs/product-rules.md#values); unknown falls back to addition. */
export function normalizeGameType(s: unknown): GameType {
  return parseGameType(s) ?? DEFAULT_GAME_TYPE;
}

const DIFFICULTY_ALIASES: Record<string, Difficulty> = {};
function difficultyAlias(d: Difficulty, ...aliases: string[]): void {
  for (const a of [d, DIFFICULTY_KEYS[d], ...aliases]) DIFFICULTY_ALIASES[foldKey(a)] = d;
}
difficultyAlias('çok kolay', 'cok kolay', 'very easy', 'veryeasy', '1');
difficultyAlias('kolay', 'easy', '2');
difficultyAlias('orta', 'medium', 'normal', '3');
difficultyAlias('zor', 'hard', '4');
difficultyAlias('çok zor', 'cok zor', 'very hard', 'veryhard', '5');

/** The difficulty for an alias, or null when unknown (history shows the stored text as is). */
export function parseDifficulty(s: unknown): Difficulty | null {
  if (typeof s !== 'string' && typeof s !== 'number') return null;
  return DIFFICULTY_ALIASES[foldKey(String(s))] ?? null;
}

/** For play: unknown falls back to easy. */
export function normalizeDifficulty(s: unknown): Difficulty {
  return parseDifficulty(s) ?? DEFAULT_DIFFICULTY;
}

const CATEGORY_BY_GAME_TYPE = {
  toplama: 'toplama',
  çıkarma: 'cikarma',
  çarpma: 'carpma',
  bölme: 'bolme',
  kesirler: 'kesirler',
} as const satisfies Record<GameType, CategoryKey>;

export function categoryKeyFromGameType(type: GameType): GameCategoryKey {
  return CATEGORY_BY_GAME_TYPE[type];
}

/** ALL_BADGE_CATEGORIES (or 'all') and unknown keys give null: no filter. */
export function gameTypeFromCategoryKey(key: unknown): GameType | null {
  if (typeof key !== 'string') return null;
  const k = foldKey(key);
  if (k === ALL_BADGE_CATEGORIES || k === 'all') return null;
  return parseGameType(k);
}

export function isQuestionCount(n: unknown): n is QuestionCount {
  return typeof n === 'number' && (QUESTION_COUNTS as readonly number[]).includes(n);
}

/** Question count from session storage or a query string; anything else gives the default 10. */
export function normalizeQuestionCount(n: unknown): QuestionCount {
  const v = typeof n === 'string' ? Number(n) : n;
  return isQuestionCount(v) ? v : DEFAULT_QUESTION_COUNT;
}

export const LANGUAGES = ['tr', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The locale a language formats dates and numbers in, and reads aloud in. */
export function localeOf(lang: Lang): 'tr-TR' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'tr-TR';
}

/**
 * The supported language a language tag names: 'en', 'en-GB', 'EN', ' tr_TR' → 'en' or 'tr'; null for any other tag
 * (a chain of sources tries the next one). The one reading of a language tag: the gateway's headers and cookie, the
 * services' Accept-Language, the web app and its service worker all use it (or `normalizeLang`).
 */
export function langOf(tag: unknown): Lang | null {
  const match = typeof tag === 'string' ? /^\s*(tr|en)(?:[-_]|\s*$)/i.exec(tag) : null;
  return match ? (match[1]!.toLowerCase() as Lang) : null;
}

/** `langOf`, with Turkish, the fallback language, for anything it does not name. */
export function normalizeLang(tag: unknown): Lang {
  return langOf(tag) ?? 'tr';
}

export const DIFFICULTY_LABELS: Record<Difficulty, Record<Lang, string>> = {
  'çok kolay': { tr: 'Çok Kolay', en: 'Very Easy' },
  kolay: { tr: 'Kolay', en: 'Easy' },
  orta: { tr: 'Orta', en: 'Medium' },
  zor: { tr: 'Zor', en: 'Hard' },
  'çok zor': { tr: 'Çok Zor', en: 'Very Hard' },
};

/** Localised difficulty; an unknown stored value is shown as given. */
export function difficultyLabel(value: unknown, lang: Lang): string {
  const d = parseDifficulty(value);
  return d ? DIFFICULTY_LABELS[d][lang] : String(value ?? '');
}
