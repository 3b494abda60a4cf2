import { describe, expect, it } from 'vitest';
import { factKeyOf } from '../learning/fact-fluency.js';
import { skillOf, skillOfText } from '../outcomes/skill-of.js';
import { checkAnswer, validateGameResult } from './answer-check.js';
import { parseQuestionText, roundToTen } from './arithmetic.js';
import { ESTIMATE_LEVELS, estimateFits } from './estimation.js';
import { formatQuestionText, generateQuestions, questionFitsDifficulty, seededRandom } from './generator.js';
import { deriveMistakeKind } from './mistakes.js';

const parsed = (text: string) => parseQuestionText(text)!;

describe('estimation items (round each operand to the nearest ten first)', () => {
  it('are asked only at the levels whose grade estimates, one in five, spread through the game', () => {
    expect(ESTIMATE_LEVELS).toEqual({ toplama: ['zor', 'çok zor'], çıkarma: ['zor', 'çok zor'] });
    const spreads = new Set<string>();
    for (let seed = 1; seed <= 10; seed++) {
      const game = generateQuestions({
        gameType: 'çıkarma',
        difficulty: 'zor',
        count: 20,
        random: seededRandom(seed),
      });
      const positions = game.flatMap((q, i) => (q.estimate ? [i] : []));
      expect(positions).toHaveLength(4);
      spreads.add(positions.join(','));
    }
    expect(spreads.size, 'spread differently through each game, not a block').toBe(10);
    for (const difficulty of ['çok kolay', 'kolay', 'orta'] as const)
      expect(generateQuestions({ gameType: 'toplama', difficulty, count: 20 }).some((q) => q.estimate)).toBe(
        false,
      );
    expect(
      generateQuestions({ gameType: 'çarpma', difficulty: 'zor', count: 20 }).some((q) => q.estimate),
    ).toBe(false);
  });

  it('are saved as `≈ a op b` and checked against the rounded result, never the exact one', () => {
    const [item] = generateQuestions({
      gameType: 'toplama',
      difficulty: 'zor',
      count: 5,
      random: seededRandom(1),
    }).filter((q) => q.estimate);
    const text = formatQuestionText(item!);
    expect(text).toBe(`≈ ${item!.num1} + ${item!.num2}`);
    expect(parseQuestionText(text)).toMatchObject({ estimate: true, operator: '+' });
    expect(checkAnswer({ question: '≈ 48 + 31', answer: 80, userAnswer: 80 })).toMatchObject({
      valid: true,
      correct: true,
    });
    expect(checkAnswer({ question: '≈ 48 + 31', answer: 80, userAnswer: 70 })).toMatchObject({
      correct: false,
    });
    // A saved answer that is the exact result is a forged or mistaken item, not an estimate.
    expect(checkAnswer({ question: '≈ 48 + 31', answer: 79, userAnswer: 79 })).toMatchObject({
      valid: false,
    });
    expect(checkAnswer({ question: '≈ 147 - 62', answer: 90, userAnswer: 90 })).toMatchObject({
      correct: true,
    });
    expect(parseQuestionText('≈ 1/2 + 1/4'), 'fractions are never estimated').toBeNull();
    expect(roundToTen(44)).toBe(40);
    expect(roundToTen(46)).toBe(50);
  });

  it('fit a level only inside its range, with something to round and no tie, and a positive difference', () => {
    expect(questionFitsDifficulty(parsed('≈ 48 + 31'), 'toplama', 'zor')).toBe(true);
    expect(questionFitsDifficulty(parsed('≈ 48 + 31'), 'toplama', 'kolay')).toBe(false);
    expect(questionFitsDifficulty(parsed('≈ 48 + 35'), 'toplama', 'zor')).toBe(false);
    expect(questionFitsDifficulty(parsed('≈ 40 + 31'), 'toplama', 'zor')).toBe(false);
    expect(questionFitsDifficulty(parsed('≈ 48 + 31'), 'çarpma', 'zor')).toBe(false);
    expect(estimateFits('çıkarma', 'zor', 62, 58)).toBe(false);
    expect(estimateFits('çıkarma', 'zor', 147, 62)).toBe(true);
  });

  it('are their own question beside the exact one, practise the estimation skill, and are no fact and no mistake kind', () => {
    const q = (question: string, answer: number) => ({
      question,
      answer,
      userAnswer: answer,
      isCorrect: true,
    });
    const questions = [
      q('≈ 48 + 31', 80),
      q('48 + 31', 79),
      q('26 + 27', 53),
      q('33 + 44', 77),
      q('61 + 29', 90),
    ];
    const problems = validateGameResult({
      gameType: 'toplama',
      difficulty: 'zor',
      questionsCount: 5,
      correctAnswers: 5,
      totalTime: 20,
      questions,
    });
    expect(problems).toEqual([]);
    expect(skillOfText('≈ 48 + 31')).toBe('estimate-add-sub');
    expect(skillOf({ num1: 147, operator: '-', num2: 62, estimate: true })).toBe('estimate-add-sub');
    expect(skillOfText('48 + 31')).toBe('add-within-100');
    expect(factKeyOf('≈ 8 + 3')).toBeNull();
    expect(deriveMistakeKind(parsed('≈ 48 + 31'), 70)).toBeNull();
  });
});
