import { describe, expect, it } from 'vitest';
import { PUPIL_SIGN_IN_LIMITS, TWO_PICTURE_CARDS_END, twoPictureCardsValid } from './sign-in.js';

// Two-picture cards (72 values) stop signing in at TWO_PICTURE_CARDS_END (docs/decisions/0042-picture-password-daily-caps.md).
describe('two-picture cards', () => {
  it('sign in until the announced moment and never from it on', () => {
    const end = new Date(TWO_PICTURE_CARDS_END);
    expect(Number.isNaN(end.getTime())).toBe(false);
    expect(twoPictureCardsValid(new Date(end.getTime() - 1))).toBe(true);
    expect(twoPictureCardsValid(end)).toBe(false);
    expect(twoPictureCardsValid(new Date(end.getTime() + 86_400_000))).toBe(false);
  });

  it('the daily caps leave a forgetful child room and bound an outside guesser well below a pupil per week', () => {
    // A child who forgot their pictures gets two pauses' worth of tries (5 and 10) before the day's cap.
    expect(PUPIL_SIGN_IN_LIMITS.pupilDailyFailures).toBe(2 * PUPIL_SIGN_IN_LIMITS.pupilFailures);
    // Outside the school, a 25-pupil class of 3-of-12 cards (1,320 values): at most cap/1,320 per day.
    const perDay = PUPIL_SIGN_IN_LIMITS.classOutsideDailyFailures / 1320;
    expect(perDay).toBeLessThan(0.02);
    expect(1 - (1 - perDay) ** 7).toBeLessThan(0.11);
  });
});
