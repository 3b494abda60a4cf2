import { describe, expect, it } from 'vitest';
import { BADGE_CATALOGUE, BADGE_TIERS, badgeIcon, badgesFor, findBadge, isSpecialTier } from './catalogue.js';

describe('badge catalogue', () => {
  it('holds 5 categories × 5 difficulties × 7 tiers with unique URL-safe ids', () => {
    expect(BADGE_CATALOGUE).toHaveLength(175);
    expect(new Set(BADGE_CATALOGUE.map((b) => b.id)).size).toBe(175);
    for (const b of BADGE_CATALOGUE) expect(b.id).toMatch(/^[a-z]+\.[a-z-]+\.[a-z]+$/);
    expect(findBadge('cikarma.cok-kolay.novice')?.category).toBe('çıkarma');
    expect(findBadge('toplama.kolay.novice')?.requiredCount).toBe(50);
  });

  it('requires 50, 100, 250, 500, 1000, 2000 and 5000 correct answers', () => {
    expect(BADGE_TIERS.map((t) => t.requiredCount)).toEqual([50, 100, 250, 500, 1000, 2000, 5000]);
    expect(badgesFor('kesirler', 'zor').map((b) => b.requiredCount)).toEqual([
      50, 100, 250, 500, 1000, 2000, 5000,
    ]);
  });

  it('gives each badge the icon of its category by the Turkish keyword rule', () => {
    for (const b of BADGE_CATALOGUE) {
      expect(badgeIcon(b.name.tr)).toBe(b.icon);
      expect(b.icon).toBe(
        {
          toplama: 'addition',
          çıkarma: 'subtraction',
          çarpma: 'multiplication',
          bölme: 'division',
          kesirler: 'fractions',
        }[b.category],
      );
    }
  });

  it('reads the other keywords and falls back to a medal', () => {
    expect(badgeIcon('Hız Şampiyonu')).toBe('speed');
    expect(badgeIcon('ŞAMPİYON')).toBe('champion');
    expect(badgeIcon('Matematik Uzmanı')).toBe('expert');
    expect(badgeIcon('Usta')).toBe('master');
    expect(badgeIcon('Something else')).toBe('medal');
  });

  it('marks the two top tiers as special', () => {
    expect(isSpecialTier('genius')).toBe(true);
    expect(isSpecialTier('legendary')).toBe(true);
    expect(isSpecialTier('novice')).toBe(false);
  });
});
