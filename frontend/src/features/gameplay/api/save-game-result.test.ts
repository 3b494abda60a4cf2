import type { StatisticsResponse } from '@mathgames/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { statisticsKeys } from '../../../lib/queries/statistics.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { statisticsResponse } from '../../../testing/statistics.js';
import { bumpWeeklyProgress } from './save-game-result.js';

// Monday 22:30 UTC: already Tuesday in Istanbul (UTC+3), still Monday in New York.
const MONDAY_LATE_UTC = new Date('2026-11-23T22:30:00.000Z');

function bumpIn(timeZone: string) {
  const client = createQueryClient();
  client.setQueryData(statisticsKeys.all, statisticsResponse({ timeZone }));
  bumpWeeklyProgress(client, 4, MONDAY_LATE_UTC);
  return client.getQueryData<StatisticsResponse>(statisticsKeys.all)?.weeklyProgress;
}

describe('the weekly bump after a game', () => {
  afterEach(() => localStorage.clear());

  it("counts the day in the time zone the server's statistics answer names", () => {
    expect(bumpIn('Europe/Istanbul')).toEqual([0, 4, 0, 0, 0, 0, 0]);
    expect(bumpIn('America/New_York')).toEqual([4, 0, 0, 0, 0, 0, 0]);
  });
});
