export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
}

/** Inclusive bounds of the delay before retry number `retry` (1 = first retry). */
export function backoffBounds(retry: number, { baseMs = 500, maxMs = 30_000 }: BackoffOptions = {}): [min: number, max: number] {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return [ceiling / 2, ceiling];
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random. Spreads retries from
 * several tabs/devices apart (the limit is per account) without ever retrying immediately.
 */
export function backoffDelay(retry: number, opts: BackoffOptions = {}): number {
  const [min, max] = backoffBounds(retry, opts);
  const r = Math.min(Math.max((opts.random ?? Math.random)(), 0), 1);
  return Math.round(min + r * (max - min));
}
