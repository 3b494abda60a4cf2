import { localDateKey, weekDayIndex } from '@mathgames/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { statisticsKeys } from '../../../lib/queries/statistics.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import { resetWeeklyProgress } from '../api/reset-weekly-progress.js';

const DONE_KEY = 'weeklyProgressResetOn';

function readDone(): string | null {
  try {
    return localStorage.getItem(DONE_KEY);
  } catch {
    return null;
  }
}

/**
 * On Monday (in the server's time zone) the chart shows zeros and the reset call is made; on success statistics are refetched.
 * Done once per Monday per device (remembered in localStorage); returns true while the chart must show zeros.
 */
export function useMondayReset(enabled: boolean, now: () => Date = () => new Date()): boolean {
  const client = useQueryClient();
  const timeZone = useTimeZone();
  const today = now();
  const isMonday = weekDayIndex(today, timeZone) === 0;
  const dateKey = localDateKey(today, timeZone);
  const [pending, setPending] = useState(() => isMonday && readDone() !== dateKey);

  useEffect(() => {
    if (!enabled || !pending) return;
    let cancelled = false;
    resetWeeklyProgress()
      .then(async () => {
        try {
          localStorage.setItem(DONE_KEY, dateKey);
        } catch (error) {
          console.warn('storage write failed', error);
        }
        await client.refetchQueries({ queryKey: statisticsKeys.all });
        if (!cancelled) setPending(false);
      })
      .catch((error: unknown) => console.warn('weekly progress reset failed', error));
    return () => {
      cancelled = true;
    };
  }, [enabled, pending, dateKey, client]);

  return enabled && pending;
}
