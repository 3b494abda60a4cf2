import { checkIsDue } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { GUEST_MASTERY_KEY, readGuestMastery, recordGuestMastery } from './guest-mastery.js';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-02T10:00:00Z');
const at = (days: number) => new Date(START.getTime() + days * DAY);

/** Five addition questions within 10 (MAT.1.2.2 and MAT.1.2.4), the first `right` answered right. */
const additionGame = (right: number) =>
  ['2 + 3', '4 + 4', '1 + 6', '5 + 5', '3 + 3'].map((question, i) => ({ question, isCorrect: i < right }));

describe("a guest's outcome map on the device", () => {
  it('starts at practising after the first game, whatever its score, and keeps it in local storage', () => {
    expect(readGuestMastery()).toEqual([]);
    const map = recordGuestMastery(additionGame(1), START);
    expect(map.map((s) => [s.outcome, s.level, s.games])).toEqual([
      ['MAT.1.2.2', 'practising', 1],
      ['MAT.1.2.4', 'practising', 1],
    ]);
    expect(readGuestMastery()).toEqual(map);
    expect(JSON.parse(localStorage.getItem(GUEST_MASTERY_KEY) ?? '[]')).toHaveLength(2);
  });

  it('climbs one step per game of at least 80 %, reaches mastered after three, and its check falls due 7 days later', () => {
    recordGuestMastery(additionGame(2), START);
    expect(recordGuestMastery(additionGame(4), at(1))[0]!.level).toBe('familiar');
    // Between 50 % and 80 %: stays.
    expect(recordGuestMastery(additionGame(3), at(1))[0]!.level).toBe('familiar');
    expect(recordGuestMastery(additionGame(5), at(2))[0]!.level).toBe('proficient');
    const mastered = recordGuestMastery(additionGame(5), at(3))[0]!;
    expect(mastered).toMatchObject({ level: 'mastered', checksPassed: 0, games: 5 });
    expect(mastered.checkDueAt).toBe(at(10).toISOString());
    expect(checkIsDue(readGuestMastery()[0], at(9))).toBe(false);
    expect(checkIsDue(readGuestMastery()[0], at(10))).toBe(true);
    // The check passed: the 30-day one is next.
    const checked = recordGuestMastery(additionGame(5), at(11))[0]!;
    expect(checked).toMatchObject({ level: 'mastered', checksPassed: 1, checkDueAt: at(33).toISOString() });
  });

  it('leaves the map alone for questions no outcome covers (fractions, beyond the table)', () => {
    recordGuestMastery(additionGame(5), START);
    const before = localStorage.getItem(GUEST_MASTERY_KEY);
    const map = recordGuestMastery([{ question: '1/4 + 2/4', isCorrect: true }], at(1));
    expect(map.map((s) => s.outcome)).toEqual(['MAT.1.2.2', 'MAT.1.2.4']);
    expect(localStorage.getItem(GUEST_MASTERY_KEY)).toBe(before);
  });

  it('drops what it cannot read (edited by hand, an unknown outcome, not JSON) instead of failing', () => {
    const [good] = recordGuestMastery(additionGame(5), START);
    localStorage.setItem(
      GUEST_MASTERY_KEY,
      JSON.stringify([{ ...good, outcome: 'MAT.9.9.9' }, { ...good, level: 'wizard' }, 42, good]),
    );
    expect(readGuestMastery()).toEqual([good]);
    localStorage.setItem(GUEST_MASTERY_KEY, '{not json');
    expect(readGuestMastery()).toEqual([]);
    expect(recordGuestMastery(additionGame(5), START).map((s) => s.level)).toEqual([
      'practising',
      'practising',
    ]);
  });
});
