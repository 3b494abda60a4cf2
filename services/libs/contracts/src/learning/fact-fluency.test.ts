import { describe, expect, it } from 'vitest';
import { formatQuestionText, generateQuestions, questionFitsDifficulty } from '../questions/generator.js';
import { seededRandom } from '../questions/random.js';
import { type FactsResponse, factKeyOf, factState, factsToPractise } from './fact-fluency.js';

const cell = (fact: string, state: FactsResponse['facts'][number]['state']) => ({ fact, state, tries: 3 });

describe('the facts a game practises', () => {
  it('takes a topic’s wrong facts first, then its slow ones, never its fluent ones or another topic’s', () => {
    const facts = [
      cell('7×8', 'slow'),
      cell('6×7', 'fluent'),
      cell('9×6', 'wrong'),
      cell('7+5', 'wrong'),
      cell('4×8', 'slow'),
    ];
    expect(factsToPractise(facts, 'çarpma')).toEqual(['9×6', '7×8', '4×8']);
    expect(factsToPractise(facts, 'toplama')).toEqual(['7+5']);
    expect(factsToPractise(facts, 'kesirler')).toEqual([]);
  });

  it('follows the 2-of-the-last-3 rule the matrix shows', () => {
    expect(
      factState([
        { correct: true, ms: 2000 },
        { correct: true, ms: 2500 },
      ]),
    ).toBe('fluent');
    expect(factState([{ correct: true, ms: 5000 }])).toBe('slow');
    expect(factState([{ correct: true, ms: 5000 }], 6000)).toBe('slow');
    expect(
      factState([
        { correct: true, ms: 1000 },
        { correct: false, ms: 900 },
      ]),
    ).toBe('wrong');
  });
});

describe('a game that favours slow facts', () => {
  const favour = ['7×8', '9×6', '4×8', '8×7', '6×9', '3×9', '7×7'];

  it('asks the favoured facts its level could ask, at most half the game, spread through it', () => {
    for (let seed = 0; seed < 40; seed++) {
      const questions = generateQuestions({
        gameType: 'çarpma',
        difficulty: 'orta',
        count: 10,
        random: seededRandom(seed),
        favour,
      });
      expect(questions).toHaveLength(10);
      const practised = questions.filter((q) => q.source === 'practice');
      expect(practised.length).toBe(5);
      // The five most wanted, since all seven fit this level.
      expect(practised.map((q) => factKeyOf(formatQuestionText(q))).sort()).toEqual(
        favour.slice(0, 5).sort(),
      );
      for (const q of questions) {
        expect(
          questionFitsDifficulty(
            {
              left: { n: Number(q.num1), d: 1 },
              operator: q.operator,
              right: { n: Number(q.num2), d: 1 },
              fractions: false,
            },
            'çarpma',
            'orta',
          ),
        ).toBe(true);
      }
      expect(new Set(questions.map(formatQuestionText)).size).toBe(10);
    }
  });

  it('does not always ask them first', () => {
    const firsts = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const [first] = generateQuestions({
        gameType: 'çarpma',
        difficulty: 'orta',
        random: seededRandom(seed),
        favour,
      });
      firsts.add(first!.source);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('leaves out facts of another topic or outside the level, and changes nothing without favoured facts', () => {
    const easy = generateQuestions({
      gameType: 'toplama',
      difficulty: 'çok kolay',
      random: seededRandom(3),
      favour: ['7×8', '120+5', '2+3'],
    });
    expect(easy.filter((q) => q.source === 'practice').map(formatQuestionText)).toEqual(['2 + 3']);
    const plain = generateQuestions({ gameType: 'bölme', difficulty: 'orta', random: seededRandom(9) });
    const none = generateQuestions({
      gameType: 'bölme',
      difficulty: 'orta',
      random: seededRandom(9),
      favour: [],
    });
    expect(none).toEqual(plain);
  });
});
