/** The random source a game is drawn from, and the draws the generator makes with it. */

export type Random = () => number;

/** A seeded random source (mulberry32): the same seed replays the same game (tests, fixtures, benchmarks). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function int(random: Random, min: number, max: number): number {
  const r = Math.min(Math.max(random(), 0), 0.999999999);
  return min + Math.floor(r * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[int(random, 0, items.length - 1)]!;
}

export function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(random, 0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
