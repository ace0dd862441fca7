import { describe, expect, it } from 'vitest';
import { backoffBounds, backoffDelay } from './rate-governor';

describe('backoffDelay (equal jitter)', () => {
  it.each([
    // retry, random, expected delay (base 500 ms, cap 30 s)
    [1, 0, 250],
    [1, 0.5, 375],
    [1, 0.999999, 500],
    [2, 0, 500],
    [2, 0.999999, 1000],
    [3, 0.5, 1500],
    [10, 0, 15_000],
    [10, 0.999999, 30_000],
  ])('retry %i with random %d → %i ms', (retry, random, expected) => {
    expect(backoffDelay(retry, { random: () => random })).toBe(expected);
  });

  it.each([1, 2, 3, 4, 8])('retry %i stays within [ceiling/2, ceiling] over many draws', (retry) => {
    const [min, max] = backoffBounds(retry);
    for (let i = 0; i < 1_000; i++) {
      const d = backoffDelay(retry);
      expect(d).toBeGreaterThanOrEqual(min);
      expect(d).toBeLessThanOrEqual(max);
    }
  });

  it('spreads clients apart (not all the same delay)', () => {
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    expect(draws.size).toBeGreaterThan(10);
  });

  it('clamps a misbehaving random source', () => {
    expect(backoffDelay(1, { random: () => 7 })).toBe(500);
    expect(backoffDelay(1, { random: () => -1 })).toBe(250);
  });
});
