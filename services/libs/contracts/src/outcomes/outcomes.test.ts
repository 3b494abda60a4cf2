import { describe, expect, it } from 'vitest';
import { generateQuestions, seededRandom } from '../questions/generator.js';
import { FRACTION_FALLBACKS, FRACTION_POOLS, INTEGER_POOLS } from '../questions/pools.js';
import { DIFFICULTIES, type Difficulty, GAME_TYPES, type GameType, QUESTION_COUNTS } from '../values.js';
import {
  AGE_HINT_GRADE,
  LEVEL_SCOPE,
  levelForOutcome,
  levelOutcomes,
  OUTCOMES,
  outcomesOf,
  outcomesPractised,
  SKILL_IDS,
  SKILLS,
  type SkillId,
  skillOf,
} from './index.js';

const SEEDS = 200;

describe('the outcome map', () => {
  it('is well formed: every skill named in tr and en, every outcome code it cites exists with its text', () => {
    expect(Object.keys(SKILLS).sort()).toEqual([...SKILL_IDS].sort());
    for (const id of SKILL_IDS) {
      const s = SKILLS[id];
      expect(s.name.tr.length).toBeGreaterThan(0);
      expect(s.name.en.length).toBeGreaterThan(0);
      for (const o of outcomesOf(id)) {
        expect(o, `${id} cites an outcome the map holds`).toBeDefined();
        expect(o.grade, `${id}: ${o.code} is of the skill's grade`).toBe(s.grade);
        expect(o.code).toMatch(/^MAT\.[1-4]\.[1-4]\.\d+$/);
        expect(o.text.tr.length * o.text.en.length).toBeGreaterThan(0);
      }
    }
    const codes = OUTCOMES.map((o) => o.code);
    expect(new Set(codes).size, 'outcome codes are unique').toBe(codes.length);
    const cited = new Set(SKILL_IDS.flatMap((id) => SKILLS[id].outcomes));
    expect([...codes].sort(), 'every outcome held is practised by some skill').toEqual([...cited].sort());
    const grades = new Set(SKILL_IDS.map((id) => SKILLS[id].grade));
    console.log(
      `outcome map: ${SKILL_IDS.length} skills, ${OUTCOMES.length} confirmed outcomes (grades ${[
        ...new Set(OUTCOMES.map((o) => o.grade)),
      ].join(', ')}), skills span grades ${[...grades].sort().join(', ')}; ` +
        `${SKILL_IDS.filter((id) => SKILLS[id].outcomes.length === 0).length} skills without a confirmed code`,
    );
  });

  it('tags known questions by what they practise', () => {
    const cases: Array<[string | number, string, string | number, SkillId | null]> = [
      [3, '+', 4, 'add-within-10'],
      [9, '+', 9, 'add-within-20'],
      [46, '+', 19, 'add-within-100'],
      [88, '+', 75, 'add-within-1000'],
      [10, '-', 3, 'sub-within-10'],
      [301, '-', 145, 'sub-within-1000'],
      [4, '×', 5, 'mul-facts-to-5'],
      [7, '×', 8, 'mul-table-10'],
      [12, '×', 7, 'mul-beyond-table'],
      [56, '÷', 7, 'div-table-10'],
      [132, '÷', 11, 'div-beyond-table'],
      [7, '÷', 2, null],
      ['1/4', '+', '1/4', 'fraction-same-denominator'],
      ['1/2', '+', '1/4', 'fraction-multiple-denominator'],
      ['5/8', '+', '7/11', 'fraction-unrelated-denominator'],
      ['3/5', '×', '7/9', 'fraction-multiply'],
      [900, '+', 900, null],
    ];
    for (const [a, op, b, want] of cases)
      expect(skillOf({ num1: a, operator: op, num2: b }), `${a} ${op} ${b}`).toBe(want);
  });

  it('sweeps the generator: every item tagged, none outside its level scope or grade', () => {
    let items = 0;
    let tagged = 0;
    let inScope = 0;
    const outside: string[] = [];
    const seen = new Map<string, Set<SkillId>>();
    for (const gameType of GAME_TYPES) {
      for (const difficulty of DIFFICULTIES) {
        const level = LEVEL_SCOPE[gameType][difficulty];
        const used = new Set<SkillId>();
        for (let seed = 1; seed <= SEEDS; seed++) {
          const count = QUESTION_COUNTS[seed % QUESTION_COUNTS.length]!;
          for (const q of generateQuestions({ gameType, difficulty, count, random: seededRandom(seed) })) {
            items += 1;
            const s = skillOf(q);
            if (s === null) {
              outside.push(`${gameType}/${difficulty}: ${q.num1} ${q.operator} ${q.num2} untagged`);
              continue;
            }
            tagged += 1;
            used.add(s);
            if (level.skills.includes(s) && SKILLS[s].grade <= level.grade) inScope += 1;
            else outside.push(`${gameType}/${difficulty}: ${q.num1} ${q.operator} ${q.num2} is ${s}`);
          }
        }
        seen.set(`${gameType}/${difficulty}`, used);
      }
    }
    console.log(`${items} items, ${tagged} tagged, ${inScope} in scope, ${outside.length} outside`);
    expect(outside.slice(0, 10)).toEqual([]);
    expect(tagged).toBe(items);
    expect(inScope).toBe(items);
    // The map says no more than the generator does: every skill a level lists is practised there (fractions: or
    // by the fallback questions, which the sweep rarely reaches).
    const fallbackSkills = FRACTION_FALLBACKS.map(([n1, d1, op, n2, d2]) =>
      skillOf({ num1: `${n1}/${d1}`, operator: op, num2: `${n2}/${d2}` }),
    );
    for (const gameType of GAME_TYPES)
      for (const difficulty of DIFFICULTIES) {
        const practised = new Set(seen.get(`${gameType}/${difficulty}`));
        if (gameType === 'kesirler') for (const s of fallbackSkills) if (s) practised.add(s);
        expect([...LEVEL_SCOPE[gameType][difficulty].skills].sort(), `${gameType}/${difficulty}`).toEqual(
          [...practised].sort(),
        );
      }
    const above = GAME_TYPES.flatMap((g) =>
      DIFFICULTIES.filter((d) => LEVEL_SCOPE[g][d].grade > AGE_HINT_GRADE[d]).map(
        (d) => `${g}/${d} (grade ${LEVEL_SCOPE[g][d].grade}, age hint grade ${AGE_HINT_GRADE[d]})`,
      ),
    );
    console.log(`levels practising content above their age hint: ${above.join('; ')}`);
  });

  it('tags every fixed pool and fallback sample within its level', () => {
    for (const difficulty of DIFFICULTIES) {
      for (const type of ['toplama', 'çıkarma', 'çarpma', 'bölme'] as const) {
        const op = { toplama: '+', çıkarma: '-', çarpma: '×', bölme: '÷' }[type];
        for (const [a, b] of INTEGER_POOLS[type][difficulty]) {
          const s = skillOf({ num1: a, operator: op, num2: b });
          expect(LEVEL_SCOPE[type][difficulty].skills, `${a} ${op} ${b}`).toContain(s);
        }
      }
      for (const [n1, d1, op, n2, d2] of [...FRACTION_POOLS[difficulty], ...FRACTION_FALLBACKS]) {
        const s = skillOf({ num1: `${n1}/${d1}`, operator: op, num2: `${n2}/${d2}` });
        expect(LEVEL_SCOPE.kesirler[difficulty].skills, `${n1}/${d1} ${op} ${n2}/${d2}`).toContain(s);
      }
    }
  });
});

describe("a pupil's outcomes practised", () => {
  it("counts each game for every outcome of its level's skills, once per outcome, in the map's order", () => {
    const game = (gameType: GameType, difficulty: Difficulty, correctAnswers: number) => ({
      gameType,
      difficulty,
      questionsCount: 10,
      correctAnswers,
    });
    const practised = outcomesPractised([
      game('toplama', 'çok kolay', 9),
      game('toplama', 'çok kolay', 7),
      game('kesirler', 'zor', 5),
    ]);
    const additionTo10 = levelOutcomes('toplama', 'çok kolay').map((o) => o.code);
    expect(additionTo10).toEqual(['MAT.1.2.2', 'MAT.1.2.4']);
    expect(practised.map((p) => [p.outcome.code, p.games, p.questions, p.correct])).toEqual(
      additionTo10.map((code) => [code, 2, 20, 16]),
    );
    // Fractions at zor practise grade 4-6 skills, whose codes could not be confirmed: no outcome, none invented.
    expect(levelOutcomes('kesirler', 'zor')).toEqual([]);
    expect(outcomesPractised([])).toEqual([]);
  });
});

describe('the topic and level an outcome is practised with (assigned by outcome, a check)', () => {
  it('practises the outcome, at the difficulty meant for its grade when there is one, for every outcome', () => {
    for (const outcome of OUTCOMES) {
      const level = levelForOutcome(outcome.code);
      expect(level, outcome.code).toBeDefined();
      const { gameType, difficulty } = level!;
      expect(levelOutcomes(gameType, difficulty).map((o) => o.code)).toContain(outcome.code);
      const covering = DIFFICULTIES.filter((d) =>
        levelOutcomes(gameType, d).some((o) => o.code === outcome.code),
      );
      const matching = covering.find((d) => AGE_HINT_GRADE[d] === outcome.grade);
      expect(difficulty, outcome.code).toBe(matching ?? covering[0]);
    }
  });

  it("keeps the teacher's topic when it practises the outcome, and knows no code it cannot place", () => {
    expect(levelForOutcome('MAT.3.2.3')).toEqual({ gameType: 'çarpma', difficulty: 'orta' });
    expect(levelForOutcome('MAT.3.2.3', 'bölme')).toEqual({ gameType: 'bölme', difficulty: 'orta' });
    expect(levelForOutcome('MAT.1.2.2', 'çıkarma')).toEqual({ gameType: 'çıkarma', difficulty: 'çok kolay' });
    // Subtraction reaches the grade 3 outcome only at "hard" (age hint grade 4): the lowest that covers it.
    expect(levelForOutcome('MAT.3.2.2', 'çıkarma')).toEqual({ gameType: 'çıkarma', difficulty: 'zor' });
    expect(levelForOutcome('MAT.9.9.9')).toBeUndefined();
  });

  it('gives a check of each grade the level meant for it', () => {
    expect(levelForOutcome('MAT.1.2.2')).toEqual({ gameType: 'toplama', difficulty: 'çok kolay' });
    expect(levelForOutcome('MAT.2.2.4')).toEqual({ gameType: 'çarpma', difficulty: 'kolay' });
    expect(levelForOutcome('MAT.3.2.1')).toEqual({ gameType: 'toplama', difficulty: 'orta' });
  });
});
