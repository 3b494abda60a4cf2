import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '../values.js';
import { suggestNextStep } from './next-step.js';

describe('the next step', () => {
  it('goes one up after two games of 90 % or more at a level', () => {
    expect(suggestNextStep('kolay', [95, 90])).toEqual({ step: 'up', difficulty: 'orta' });
    expect(suggestNextStep('kolay', [90])).toEqual({ step: 'same', difficulty: 'kolay' });
    expect(suggestNextStep('kolay', [100, 80, 95])).toEqual({ step: 'same', difficulty: 'kolay' });
  });
  it('goes one down under 50 %, and stays at the ends of the scale', () => {
    expect(suggestNextStep('orta', [100, 40])).toEqual({ step: 'down', difficulty: 'kolay' });
    expect(suggestNextStep('orta', [50])).toEqual({ step: 'same', difficulty: 'orta' });
    expect(suggestNextStep('çok kolay', [0])).toEqual({ step: 'same', difficulty: 'çok kolay' });
    expect(suggestNextStep('çok zor', [100, 100])).toEqual({ step: 'same', difficulty: 'çok zor' });
  });
  it('never moves more than one level (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DIFFICULTIES),
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 6 }),
        (d, recent) => {
          const next = suggestNextStep(d, recent);
          const move = DIFFICULTIES.indexOf(next.difficulty) - DIFFICULTIES.indexOf(d);
          expect(Math.abs(move)).toBeLessThanOrEqual(1);
          expect(move).toBe(next.step === 'up' ? 1 : next.step === 'down' ? -1 : 0);
        },
      ),
    );
  });
});
