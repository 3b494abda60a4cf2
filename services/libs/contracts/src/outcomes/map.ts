/**
 * The outcome map (docs/product-rules.md#the-outcome-map): every question the generator makes belongs to one named skill, and each skill to the
 * learning outcomes of the 2024 mathematics programme (MEB, "Türkiye Yüzyılı Maarif Modeli", outcomes coded
 * `MAT.<grade>.<theme>.<n>`) that it practises. The spec's five topics and five levels stay; LEVEL_SCOPE says what
 * each topic and level practises, and `skillOf` (skill-of.ts) tags any question (generated, pooled or saved with a result).
 *
 * Where the codes and texts come from (see also docs/product-rules.md#the-outcome-map):
 * - Grades 1-3: code, theme and Turkish wording of each outcome as transcribed, with the programme PDF's page
 *   numbers, in a public curriculum matrix found with the search tool (themes "Sayılar ve Nicelikler",
 *   "İşlemlerden Cebirsel Düşünmeye"). No primary copy of the programme could be read here; the English texts are
 *   our translations of those Turkish texts.
 * - Grade 4 and beyond (grades 5-6 are middle school): no source here confirms the Maarif codes or wording (public
 *   sources disagree on grade 4 codes), so those skills carry only a grade and no outcome: left out, not invented.
 *   Their grade is the grade the previous (2018) programme taught them in.
 */
import type { Difficulty, GameType, Lang } from '../values.js';

export type Grade = 1 | 2 | 3 | 4 | 5 | 6;

export const MAARIF_THEMES = {
  1: { tr: 'Sayılar ve Nicelikler', en: 'Numbers and quantities' },
  2: { tr: 'İşlemlerden Cebirsel Düşünmeye', en: 'From operations to algebraic thinking' },
} as const;
export type MaarifTheme = keyof typeof MAARIF_THEMES;

export interface Outcome {
  /** `MAT.<grade>.<theme>.<n>` */
  code: string;
  grade: Grade;
  theme: MaarifTheme;
  text: Record<Lang, string>;
  /** Page of the programme PDF the transcription cites. */
  page: number;
}

function outcome(code: string, page: number, tr: string, en: string): Outcome {
  const [, g, t] = code.split('.');
  return { code, grade: Number(g) as Grade, theme: Number(t) as MaarifTheme, text: { tr, en }, page };
}

/** The confirmed outcomes the games practise (grades 1-3). */
export const OUTCOMES: readonly Outcome[] = [
  outcome(
    'MAT.1.2.2',
    34,
    'Toplama ve çıkarma işlemlerinin sonuçlarını tahminde bulunarak ve zihinden işlem yaparak muhakeme edebilme',
    'Reason about the results of addition and subtraction by estimating and calculating mentally',
  ),
  outcome(
    'MAT.1.2.4',
    34,
    'Toplama ve çıkarma işlemlerinin ilişkisini yorumlayabilme',
    'Interpret the relation between addition and subtraction',
  ),
  outcome(
    'MAT.2.2.2',
    66,
    'Toplama ve çıkarma işlemlerinin sonuçlarını tahminde bulunarak ve zihinden işlem yaparak muhakeme edebilme',
    'Reason about the results of addition and subtraction by estimating and calculating mentally',
  ),
  outcome(
    'MAT.2.2.3',
    66,
    'Toplama ve çıkarma işlemlerinin ilişkisini yorumlayabilme',
    'Interpret the relation between addition and subtraction',
  ),
  outcome(
    'MAT.2.2.4',
    66,
    'Çarpma ve bölme işlemlerini toplama ve çıkarma işlemlerine dayalı olarak çözümleyebilme',
    'Analyse multiplication and division on the basis of addition and subtraction',
  ),
  outcome(
    'MAT.2.2.5',
    66,
    'Çarpma ve bölme işlemlerinin sonuçlarını tahminde bulunarak ve zihinden işlem yaparak muhakeme edebilme',
    'Reason about the results of multiplication and division by estimating and calculating mentally',
  ),
  outcome(
    'MAT.3.2.1',
    100,
    'Toplama ve çıkarma işlemlerinin sonuçlarını tahminde bulunarak ve zihinden işlem yaparak muhakeme edebilme',
    'Reason about the results of addition and subtraction by estimating and calculating mentally',
  ),
  outcome(
    'MAT.3.2.2',
    100,
    'Toplama ve çıkarma işlemlerini çözümleyebilme',
    'Analyse addition and subtraction',
  ),
  outcome(
    'MAT.3.2.3',
    100,
    'Çarpma ve bölme işlemlerinin sonuçlarını tahminde bulunarak ve zihinden işlem yaparak muhakeme edebilme',
    'Reason about the results of multiplication and division by estimating and calculating mentally',
  ),
  outcome(
    'MAT.3.2.4',
    100,
    'Çarpma ve bölme işlemlerini çözümleyebilme',
    'Analyse multiplication and division',
  ),
];

export const SKILL_IDS = [
  'add-within-10',
  'add-within-20',
  'add-within-100',
  'add-within-1000',
  'sub-within-10',
  'sub-within-20',
  'sub-within-100',
  'sub-within-1000',
  'estimate-add-sub',
  'mul-facts-to-5',
  'mul-table-10',
  'mul-beyond-table',
  'div-facts-to-5',
  'div-table-10',
  'div-beyond-table',
  'fraction-same-denominator',
  'fraction-multiple-denominator',
  'fraction-unrelated-denominator',
  'fraction-multiply',
] as const;
export type SkillId = (typeof SKILL_IDS)[number];

export interface Skill {
  id: SkillId;
  /** The first grade whose programme covers the skill (5-6: middle school, beyond the 1-4 programme). */
  grade: Grade;
  /** Confirmed Maarif outcome codes (empty where no code could be confirmed here). */
  outcomes: readonly string[];
  name: Record<Lang, string>;
}

function skill(id: SkillId, grade: Grade, outcomes: string[], tr: string, en: string): Skill {
  return { id, grade, outcomes, name: { tr, en } };
}

export const SKILLS: Record<SkillId, Skill> = {
  'add-within-10': skill(
    'add-within-10',
    1,
    ['MAT.1.2.2', 'MAT.1.2.4'],
    "10'a kadar toplama",
    'Adding within 10',
  ),
  'add-within-20': skill(
    'add-within-20',
    1,
    ['MAT.1.2.2', 'MAT.1.2.4'],
    "20'ye kadar toplama",
    'Adding within 20',
  ),
  'add-within-100': skill(
    'add-within-100',
    2,
    ['MAT.2.2.2', 'MAT.2.2.3'],
    "100'e kadar toplama",
    'Adding within 100',
  ),
  'add-within-1000': skill(
    'add-within-1000',
    3,
    ['MAT.3.2.1', 'MAT.3.2.2'],
    "1000'e kadar toplama",
    'Adding within 1000',
  ),
  'sub-within-10': skill(
    'sub-within-10',
    1,
    ['MAT.1.2.2', 'MAT.1.2.4'],
    "10'a kadar çıkarma",
    'Subtracting within 10',
  ),
  'sub-within-20': skill(
    'sub-within-20',
    1,
    ['MAT.1.2.2', 'MAT.1.2.4'],
    "20'ye kadar çıkarma",
    'Subtracting within 20',
  ),
  'sub-within-100': skill(
    'sub-within-100',
    2,
    ['MAT.2.2.2', 'MAT.2.2.3'],
    "100'e kadar çıkarma",
    'Subtracting within 100',
  ),
  'sub-within-1000': skill(
    'sub-within-1000',
    3,
    ['MAT.3.2.1', 'MAT.3.2.2'],
    "1000'e kadar çıkarma",
    'Subtracting within 1000',
  ),
  'estimate-add-sub': skill(
    'estimate-add-sub',
    3,
    ['MAT.3.2.1'],
    'Toplama ve çıkarmada tahmin (en yakın onluğa yuvarlayarak)',
    'Estimating sums and differences (rounding to the nearest ten)',
  ),
  'mul-facts-to-5': skill(
    'mul-facts-to-5',
    2,
    ['MAT.2.2.4', 'MAT.2.2.5'],
    '5 × 5 içinde çarpma',
    'Multiplying within 5 × 5',
  ),
  'mul-table-10': skill(
    'mul-table-10',
    3,
    ['MAT.3.2.3', 'MAT.3.2.4'],
    'Çarpım tablosu (10 × 10)',
    'The times table (10 × 10)',
  ),
  'mul-beyond-table': skill(
    'mul-beyond-table',
    4,
    [],
    'Çarpım tablosunun ötesinde çarpma',
    'Multiplying beyond the table',
  ),
  'div-facts-to-5': skill(
    'div-facts-to-5',
    2,
    ['MAT.2.2.4', 'MAT.2.2.5'],
    '5 × 5 içinde bölme',
    'Dividing within 5 × 5',
  ),
  'div-table-10': skill(
    'div-table-10',
    3,
    ['MAT.3.2.3', 'MAT.3.2.4'],
    'Çarpım tablosundan bölme',
    'Division facts of the 10 × 10 table',
  ),
  'div-beyond-table': skill(
    'div-beyond-table',
    4,
    [],
    'Çarpım tablosunun ötesinde bölme',
    'Dividing beyond the table',
  ),
  'fraction-same-denominator': skill(
    'fraction-same-denominator',
    4,
    [],
    'Paydaları eşit kesirlerle toplama ve çıkarma',
    'Adding and subtracting fractions with like denominators',
  ),
  'fraction-multiple-denominator': skill(
    'fraction-multiple-denominator',
    5,
    [],
    'Paydalarından biri diğerinin katı olan kesirlerle işlemler',
    'Fractions where one denominator is a multiple of the other',
  ),
  'fraction-unrelated-denominator': skill(
    'fraction-unrelated-denominator',
    6,
    [],
    'Paydaları farklı kesirlerle işlemler',
    'Fractions with unrelated denominators',
  ),
  'fraction-multiply': skill('fraction-multiply', 6, [], 'Kesirlerle çarpma', 'Multiplying fractions'),
};

/** What each topic and level practises: the skills its questions belong to and the highest grade among them. */
export interface LevelScope {
  grade: Grade;
  skills: readonly SkillId[];
}

const scope = (grade: Grade, ...skills: SkillId[]): LevelScope => ({ grade, skills });

export const LEVEL_SCOPE: Record<GameType, Record<Difficulty, LevelScope>> = {
  toplama: {
    'çok kolay': scope(1, 'add-within-10'),
    kolay: scope(2, 'add-within-10', 'add-within-20', 'add-within-100'),
    orta: scope(3, 'add-within-20', 'add-within-100', 'add-within-1000'),
    zor: scope(3, 'add-within-100', 'add-within-1000', 'estimate-add-sub'),
    'çok zor': scope(3, 'add-within-1000', 'estimate-add-sub'),
  },
  çıkarma: {
    'çok kolay': scope(1, 'sub-within-10'),
    kolay: scope(2, 'sub-within-10', 'sub-within-20', 'sub-within-100'),
    orta: scope(2, 'sub-within-100'),
    zor: scope(3, 'sub-within-100', 'sub-within-1000', 'estimate-add-sub'),
    'çok zor': scope(3, 'sub-within-1000', 'estimate-add-sub'),
  },
  çarpma: {
    'çok kolay': scope(2, 'mul-facts-to-5'),
    kolay: scope(3, 'mul-facts-to-5', 'mul-table-10'),
    orta: scope(3, 'mul-facts-to-5', 'mul-table-10'),
    zor: scope(4, 'mul-facts-to-5', 'mul-table-10', 'mul-beyond-table'),
    'çok zor': scope(4, 'mul-beyond-table'),
  },
  bölme: {
    'çok kolay': scope(2, 'div-facts-to-5'),
    kolay: scope(3, 'div-facts-to-5', 'div-table-10'),
    orta: scope(3, 'div-facts-to-5', 'div-table-10'),
    zor: scope(4, 'div-facts-to-5', 'div-table-10', 'div-beyond-table'),
    'çok zor': scope(4, 'div-table-10', 'div-beyond-table'),
  },
  kesirler: {
    'çok kolay': scope(4, 'fraction-same-denominator'),
    kolay: scope(4, 'fraction-same-denominator'),
    orta: scope(5, 'fraction-same-denominator', 'fraction-multiple-denominator'),
    zor: scope(
      6,
      'fraction-same-denominator',
      'fraction-multiple-denominator',
      'fraction-unrelated-denominator',
    ),
    'çok zor': scope(
      6,
      'fraction-same-denominator',
      'fraction-multiple-denominator',
      'fraction-unrelated-denominator',
      'fraction-multiply',
    ),
  },
};

/** The grade a level's age hint in the spec points at (çok kolay 6-7 … çok zor 10-11): the class it is meant for. */
export const AGE_HINT_GRADE: Record<Difficulty, Grade> = {
  'çok kolay': 1,
  kolay: 2,
  orta: 3,
  zor: 4,
  'çok zor': 4,
};

/** The outcomes a skill practises, with their texts. */
export function outcomesOf(id: SkillId): Outcome[] {
  return SKILLS[id].outcomes.map((code) => OUTCOMES.find((o) => o.code === code)!);
}

const OUTCOME_ORDER = new Map(OUTCOMES.map((o, i) => [o.code, i]));

/** The map's outcome order (an outcome no longer on the map goes last, by code), for answers. */
export function byOutcomeOrder(a: { outcome: string }, b: { outcome: string }): number {
  const ia = OUTCOME_ORDER.get(a.outcome) ?? OUTCOMES.length;
  const ib = OUTCOME_ORDER.get(b.outcome) ?? OUTCOMES.length;
  return ia - ib || (a.outcome < b.outcome ? -1 : a.outcome > b.outcome ? 1 : 0);
}
