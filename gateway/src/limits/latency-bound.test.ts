import { describe, expect, it } from 'vitest';
import { createLatencyBound } from './latency-bound.js';

describe('the results latency bound (AIMD on answer time)', () => {
  const bound = (clock: { t: number }) =>
    createLatencyBound({ targetMs: 200, minLimit: 16, maxLimit: 1_000, now: () => clock.t });
  const acquire = (b: ReturnType<typeof createLatencyBound>, n: number) =>
    Array.from({ length: n }, () => b.tryAcquire()).filter(Boolean).length;

  it('lets everything in up to its maximum while answers are quick', () => {
    const b = bound({ t: 0 });
    expect(acquire(b, 1_200)).toBe(1_000);
    for (let i = 0; i < 1_000; i++) b.release(20);
    expect(b.inFlight).toBe(0);
    expect(b.limit).toBe(1_000);
  });

  it('a slow answer halves it to half the concurrency it was measured at, once per target period', () => {
    const clock = { t: 0 };
    const b = bound(clock);
    expect(acquire(b, 100)).toBe(100);
    b.release(900);
    expect(b.limit).toBe(50);
    // The rest of the same burst, within the target period: no further cut.
    for (let i = 0; i < 60; i++) b.release(900);
    expect(b.limit).toBe(50);
    expect(b.inFlight).toBe(39);
    // New requests wait for room: 39 open of 50.
    expect(acquire(b, 20)).toBe(11);
    // A target period later, still slow: halved again, never below the minimum.
    clock.t += 200;
    b.release(900);
    expect(b.limit).toBe(25);
    clock.t += 200;
    b.release(900);
    expect(b.limit).toBe(16);
    clock.t += 200;
    b.release(900);
    expect(b.limit).toBe(16);
  });

  it('at an ordinary load (few open), a slow answer refuses nothing', () => {
    const b = bound({ t: 0 });
    expect(acquire(b, 3)).toBe(3);
    b.release(5_000);
    expect(b.limit).toBe(16);
    expect(acquire(b, 13)).toBe(13);
  });

  it('grows back by about one per round trip of quick answers while it is in use', () => {
    const clock = { t: 0 };
    const b = bound(clock);
    acquire(b, 32);
    b.release(900);
    expect(b.limit).toBe(16);
    for (let i = 0; i < 31; i++) b.release(900);
    // Kept full by new requests, 160 quick answers (about eight round trips of the bound): 16 → 24
    // (each answer adds 1/bound, so the bound squared grows by two per answer).
    acquire(b, 16);
    for (let i = 0; i < 160; i++) {
      b.release(50);
      acquire(b, b.limit - b.inFlight);
    }
    expect(b.limit).toBeGreaterThanOrEqual(23);
    expect(b.limit).toBeLessThanOrEqual(24);
    // Quick answers while the bound is mostly idle do not raise it.
    while (b.inFlight > 0) b.release(50);
    const before = b.limit;
    for (let i = 0; i < 500; i++) {
      b.tryAcquire();
      b.release(50);
    }
    expect(b.limit).toBe(before);
  });
});
