/**
 * When a device sends again the results it keeps (offline games, sends refused for now): the queue is looked
 * at every `checkEveryMs` while the app is open, and after a failed send the next waits longer each time, up
 * to `maxBackoffMs`, so a classroom's tabs do not feed a 503 storm. The web app follows it, and the load
 * bench plays it to measure what a refused result costs.
 */
export const RESEND_SCHEDULE = { checkEveryMs: 5_000, maxBackoffMs: 60_000 } as const;

/** The wait after a failed send, given the wait before it (0 after a success): 5 s, then doubling to a minute. */
export const nextResendBackoff = (previousMs: number): number =>
  Math.min(RESEND_SCHEDULE.maxBackoffMs, previousMs ? previousMs * 2 : RESEND_SCHEDULE.checkEveryMs);
