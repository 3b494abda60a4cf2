import { describe, expect, it } from 'vitest';
import { catalogueWith } from '../../../testing/badge-items.js';
import { nearestBadge } from './nearest-badge.js';

describe('the nearest badge', () => {
  it('is the unfinished badge of the topic and difficulty that needs the fewest more correct answers', () => {
    // 38 correct in easy addition: Novice (50) needs 12 more.
    const items = catalogueWith((d) => (d.category === 'toplama' && d.difficulty === 'kolay' ? 38 : 0));
    const nearest = nearestBadge(items, 'toplama', 'kolay')!;
    expect(nearest.missing).toBe(12);
    expect(nearest.item.badge.tier).toBe('novice');
    expect(nearest.item.badge.category).toBe('toplama');
  });

  it('skips completed badges and other topics or difficulties', () => {
    const items = catalogueWith((d) => (d.category === 'bölme' && d.difficulty === 'zor' ? 60 : 0));
    const nearest = nearestBadge(items, 'bölme', 'zor')!;
    expect(nearest.item.badge.tier).toBe('rookie');
    expect(nearest.missing).toBe(40);
    expect(nearestBadge([], 'bölme', 'zor')).toBeNull();
  });
});
