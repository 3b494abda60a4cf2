/** The badge catalogue: 5 categories × 5 difficulties × 7 tiers = 175 badges (docs/product-rules.md#values). */
import {
  categoryKeyFromGameType,
  DIFFICULTIES,
  type Difficulty,
  foldKey,
  GAME_TYPES,
  type GameCategoryKey,
  type GameType,
} from '../values.js';

export const BADGE_TIERS = [
  { tier: 'novice', requiredCount: 50, name: { en: 'Novice', tr: 'Acemi' } },
  { tier: 'rookie', requiredCount: 100, name: { en: 'Rookie', tr: 'Çaylak' } },
  { tier: 'explorer', requiredCount: 250, name: { en: 'Explorer', tr: 'Kaşif' } },
  { tier: 'master', requiredCount: 500, name: { en: 'Master', tr: 'Usta' } },
  { tier: 'hero', requiredCount: 1000, name: { en: 'Hero', tr: 'Kahraman' } },
  { tier: 'legendary', requiredCount: 2000, name: { en: 'Legendary', tr: 'Efsane' } },
  { tier: 'genius', requiredCount: 5000, name: { en: 'Genius', tr: 'Dahi' } },
] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number]['tier'];
export const BADGE_TIER_IDS = BADGE_TIERS.map((t) => t.tier) as BadgeTier[];

/** What a badge counts; every catalogue badge counts correct answers of one type and difficulty. */
export const BADGE_REQUIREMENT = 'correct_answers';

export type BadgeIcon =
  | 'addition'
  | 'subtraction'
  | 'multiplication'
  | 'division'
  | 'fractions'
  | 'speed'
  | 'expert'
  | 'master'
  | 'champion'
  | 'medal';

export interface BadgeDefinition {
  /** Stable, URL-safe ASCII: `<category key>.<folded difficulty>.<tier>`, e.g. `cikarma.cok-kolay.novice`. */
  id: string;
  category: GameType;
  categoryKey: GameCategoryKey;
  difficulty: Difficulty;
  tier: BadgeTier;
  /** 1-7, lowest tier first. */
  tierIndex: number;
  requiredCount: number;
  requirement: typeof BADGE_REQUIREMENT;
  name: { tr: string; en: string };
  description: { tr: string; en: string };
  icon: BadgeIcon;
}

// Turkish name stems carry the category keyword so the keyword icon rule (docs/product-rules.md#screens) finds it.
const CATEGORY_TEXT: Record<GameType, { tr: string; trNoun: string; en: string; enNoun: string }> = {
  toplama: { tr: 'Toplama', trNoun: 'toplama', en: 'Addition', enNoun: 'addition' },
  çıkarma: { tr: 'Çıkarma', trNoun: 'çıkarma', en: 'Subtraction', enNoun: 'subtraction' },
  çarpma: { tr: 'Çarpma', trNoun: 'çarpma', en: 'Multiplication', enNoun: 'multiplication' },
  bölme: { tr: 'Bölme', trNoun: 'bölme', en: 'Division', enNoun: 'division' },
  kesirler: { tr: 'Kesir', trNoun: 'kesir', en: 'Fraction', enNoun: 'fraction' },
};

// Possessive forms of the tier nouns ("Toplama Ustası").
const TIER_TR_POSSESSIVE: Record<BadgeTier, string> = {
  novice: 'Acemisi',
  rookie: 'Çaylağı',
  explorer: 'Kaşifi',
  master: 'Ustası',
  hero: 'Kahramanı',
  legendary: 'Efsanesi',
  genius: 'Dahisi',
};

const DIFFICULTY_TEXT: Record<Difficulty, { tr: string; trLocative: string; en: string }> = {
  'çok kolay': { tr: 'Çok Kolay', trLocative: 'çok kolay', en: 'Very Easy' },
  kolay: { tr: 'Kolay', trLocative: 'kolay', en: 'Easy' },
  orta: { tr: 'Orta', trLocative: 'orta', en: 'Medium' },
  zor: { tr: 'Zor', trLocative: 'zor', en: 'Hard' },
  'çok zor': { tr: 'Çok Zor', trLocative: 'çok zor', en: 'Very Hard' },
};

export function badgeId(category: GameType, difficulty: Difficulty, tier: BadgeTier): string {
  return `${categoryKeyFromGameType(category)}.${foldKey(difficulty).replace(/ /g, '-')}.${tier}`;
}

// Order matters: the category keyword wins over the tier words (a "Toplama Ustası" shows the addition icon).
const ICON_KEYWORDS: ReadonlyArray<[string, BadgeIcon]> = [
  ['toplama', 'addition'],
  ['çıkarma', 'subtraction'],
  ['çarpma', 'multiplication'],
  ['bölme', 'division'],
  ['kesir', 'fractions'],
  ['hız', 'speed'],
  ['uzman', 'expert'],
  ['usta', 'master'],
  ['şampiyon', 'champion'],
];

/** Icon chosen from Turkish keywords in a badge's name or description; a generic medal otherwise. */
export function badgeIcon(text: string): BadgeIcon {
  const t = text.toLocaleLowerCase('tr');
  for (const [word, icon] of ICON_KEYWORDS) if (t.includes(word)) return icon;
  return 'medal';
}

/** The top tiers get the special ribbon. */
export function isSpecialTier(tier: BadgeTier): boolean {
  return tier === 'legendary' || tier === 'genius';
}

function build(): BadgeDefinition[] {
  const out: BadgeDefinition[] = [];
  for (const category of GAME_TYPES) {
    const c = CATEGORY_TEXT[category];
    for (const difficulty of DIFFICULTIES) {
      const d = DIFFICULTY_TEXT[difficulty];
      BADGE_TIERS.forEach((t, i) => {
        const name = {
          tr: `${c.tr} ${TIER_TR_POSSESSIVE[t.tier]} (${d.tr})`,
          en: `${c.en} ${t.name.en} (${d.en})`,
        };
        const description = {
          tr: `${d.trLocative} seviyede ${t.requiredCount} ${c.trNoun} sorusunu doğru cevapla`.replace(
            /^./,
            (ch) => ch.toLocaleUpperCase('tr'),
          ),
          en: `Answer ${t.requiredCount} ${d.en.toLowerCase()} ${c.enNoun} questions correctly`,
        };
        out.push({
          id: badgeId(category, difficulty, t.tier),
          category,
          categoryKey: categoryKeyFromGameType(category),
          difficulty,
          tier: t.tier,
          tierIndex: i + 1,
          requiredCount: t.requiredCount,
          requirement: BADGE_REQUIREMENT,
          name,
          description,
          icon: badgeIcon(`${name.tr} ${description.tr}`),
        });
      });
    }
  }
  return out;
}

export const BADGE_CATALOGUE: readonly BadgeDefinition[] = Object.freeze(build());

const BY_ID = new Map(BADGE_CATALOGUE.map((b) => [b.id, b]));

export function findBadge(id: string): BadgeDefinition | undefined {
  return BY_ID.get(id);
}

/** The badges a result of this type and difficulty counts towards. */
export function badgesFor(category: GameType, difficulty: Difficulty): BadgeDefinition[] {
  return BADGE_CATALOGUE.filter((b) => b.category === category && b.difficulty === difficulty);
}

/** Progress percent of a badge, capped at 100. */
export function badgeProgressPercent(progress: number, requiredCount: number): number {
  if (!(requiredCount > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((progress / requiredCount) * 100)));
}
