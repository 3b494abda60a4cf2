import { describe, expect, it } from 'vitest';
import { REFRESH_BADGES_EVENT } from '../events.js';
import { createQueryClient } from '../query-client.js';
import { refreshAfterSavedResults } from './saved-results.js';

describe('the refresh after saved game results', () => {
  it("fires the spec's refresh-badges window event", async () => {
    const seen: string[] = [];
    const listener = (event: Event) => seen.push(event.type);
    window.addEventListener('refresh-badges', listener);
    try {
      await refreshAfterSavedResults(createQueryClient());
    } finally {
      window.removeEventListener('refresh-badges', listener);
    }
    expect(REFRESH_BADGES_EVENT).toBe('refresh-badges');
    expect(seen).toEqual(['refresh-badges']);
  });
});
