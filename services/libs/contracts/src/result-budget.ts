/**
 * How many game results one user may post, per window. The shortest game (5 questions) shows each answer's
 * feedback for 1.5 s and needs at least 0.5 s per answer, so even a flawless child needs 10 s a game: at most 6
 * a minute, and nobody keeps that up for an hour. Above these budgets the poster is a script. The per-minute
 * budget still leaves room for an offline queue synced in one go (the rest follows after Retry-After).
 */
export const RESULT_BUDGETS = {
  perMinute: { points: 12, durationSeconds: 60 },
  perHour: { points: 200, durationSeconds: 60 * 60 },
} as const;
