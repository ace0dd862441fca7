import { describe, expect, it } from 'vitest';
import { SlidingWindow, TokenBucket } from './limiters';

describe('SlidingWindow', () => {
  it('allows `limit` sends in a window, then waits for the oldest to leave', () => {
    const w = new SlidingWindow(3, 1_000);
    for (const t of [0, 100, 200]) {
      expect(w.msUntilFree(t)).toBe(0);
      w.record(t);
    }
    expect(w.msUntilFree(300)).toBe(700);
    expect(w.msUntilFree(1_000)).toBe(0);
    // t=0 has left: with 100 and 200 still in, one more send fits before the next must wait.
    w.record(1_000);
    expect(w.msUntilFree(1_000)).toBe(100);
  });

  it('shrinking the limit (stricter header) waits for enough sends to leave', () => {
    const w = new SlidingWindow(5, 1_000);
    [0, 10, 20, 30, 40].forEach((t) => w.record(t));
    w.configure(2, 1_000);
    // 5 in the window, 2 allowed: the 4th oldest (t=30) must leave first.
    expect(w.msUntilFree(50)).toBe(980);
  });
});

describe('TokenBucket', () => {
  it.each([
    // capacity, refill per ms, takes at t=0, then msUntil(1)
    [1, 0.002, 1, 500],
    [4, 0.002, 4, 500],
    [4, 0.002, 2, 0],
    [5, 0.005, 5, 200],
  ])('capacity %i, %d/ms, after %i takes → %i ms to the next token', (capacity, rate, takes, expected) => {
    const b = new TokenBucket(capacity, rate, () => 0);
    for (let i = 0; i < takes; i++) expect(b.tryTake()).toBe(true);
    expect(b.msUntil(1)).toBe(expected);
  });

  it('refills lazily with the clock, never beyond capacity', () => {
    let now = 0;
    const b = new TokenBucket(2, 0.001, () => now);
    b.tryTake();
    b.tryTake();
    expect(b.tryTake()).toBe(false);
    now = 1_000;
    expect(b.tryTake()).toBe(true);
    now = 60_000;
    expect([b.tryTake(), b.tryTake(), b.tryTake()]).toEqual([true, true, false]);
  });
});
