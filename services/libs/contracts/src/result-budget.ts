/**
 * How many game results one user may post, per window. The shortest game (5 questions) shows each answer's
 * feedback for 1.5 s, so even a flawless child needs 7.5 s a game (about 10 s at the real pace): at most 6-8
 * a minute, and nobody keeps that up for an hour. Above these budgets the poster is a script. The per-minute
 * budget still leaves room for an offline queue synced in one go (the rest follows after Retry-After).
 */
export const RESULT_BUDGETS = {
  perMinute: { points: 12, durationSeconds: 60 },
  perHour: { points: 200, durationSeconds: 60 * 60 },
} as const;
