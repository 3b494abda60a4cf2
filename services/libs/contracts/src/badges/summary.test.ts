import { describe, expect, it } from 'vitest';
import { BADGE_CATALOGUE } from './catalogue.js';
import {
  BADGE_TOTALS,
  badgeSummaryBody,
  badgeSummaryCacheKey,
  badgeSummaryEtag,
  badgeSummaryFromCounts,
  decodeCompletedCounts,
  encodeCompletedCounts,
  etagMatches,
} from './summary.js';

describe('the cached badge summary', () => {
  it('counts 175 badges in all and 35 per category', () => {
    expect(BADGE_TOTALS.tumu).toBe(BADGE_CATALOGUE.length);
    expect(BADGE_TOTALS.tumu).toBe(175);
    for (const key of ['toplama', 'cikarma', 'carpma', 'bolme', 'kesirler'] as const)
      expect(BADGE_TOTALS[key]).toBe(35);
  });

  it('round-trips the completed counts and reads each category at its place', () => {
    const counts = [9, 3, 0, 2, 4, 0];
    const decoded = decodeCompletedCounts(encodeCompletedCounts(counts))!;

    expect(decoded).toEqual(counts);
    expect(badgeSummaryFromCounts(decoded, 'tumu')).toEqual({ total: 175, completed: 9 });
    expect(badgeSummaryFromCounts(decoded, 'carpma')).toEqual({ total: 35, completed: 2 });
  });

  it('treats a value of another shape as missing, so it is recomputed rather than misread', () => {
    expect(decodeCompletedCounts(null)).toBeNull();
    expect(decodeCompletedCounts('1,2,3')).toBeNull();
    expect(decodeCompletedCounts('1,2,3,4,5,x')).toBeNull();
    expect(decodeCompletedCounts('1,2,3,4,5,-1')).toBeNull();
  });

  it('names the body exactly with a strong validator, matched in lists and weak form', () => {
    const summary = { total: 175, completed: 12 };
    const etag = badgeSummaryEtag(summary);

    expect(JSON.parse(badgeSummaryBody(summary))).toEqual(summary);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"s175-11"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('keys each user under the Redis prefix', () => {
    expect(badgeSummaryCacheKey('mg:', 42)).toBe('mg:badges:summary:42');
  });
});
