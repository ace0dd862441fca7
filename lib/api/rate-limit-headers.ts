// `X-RateLimit-*` and `Retry-After`. The spec states no unit for `X-RateLimit-Reset`: it is read from the value's magnitude.
import type { RateLimitInfo } from './result';

const RATE_LIMIT_HEADERS = { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset' } as const;

/** Used on a 429 that carries neither `Retry-After` nor a reset. */
export const DEFAULT_RETRY_MS = 60_000;

/** A finite number ≥ 0 from a header value; '' and junk are null (Number('') would be 0). */
export function parseHeaderNumber(value: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/**
 * Epoch ms of a reset value, read in whichever unit lands nearest the clock (a window resets within an hour;
 * 60 → now+60 s, 1.7e9 → epoch s, 1.7e12 → epoch ms). Ties go to delta-seconds, the common convention.
 * Limitation (mind it in tests): with a clock near the epoch (now ≈ 0) the units are indistinguishable.
 */
export function resetAtFrom(value: string | null, now: number): number | null {
  const n = parseHeaderNumber(value);
  if (n === null) return null;
  const readings = [now + n * 1000, n * 1000, n];
  return Math.round(readings.reduce((best, reading) => (Math.abs(reading - now) < Math.abs(best - now) ? reading : best)));
}

export function parseRateLimit(headers: Headers, now: number): RateLimitInfo {
  return {
    limit: parseHeaderNumber(headers.get(RATE_LIMIT_HEADERS.limit)),
    remaining: parseHeaderNumber(headers.get(RATE_LIMIT_HEADERS.remaining)),
    resetAt: resetAtFrom(headers.get(RATE_LIMIT_HEADERS.reset), now),
  };
}

/** `Retry-After` as delay-seconds or an HTTP date, in epoch ms; null when absent or unreadable. */
export function retryAfterFrom(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = parseHeaderNumber(value);
  if (seconds !== null) return Math.round(now + seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

/** When to retry after a 429: `Retry-After`, else the reset, else a minute. Never in the past. */
export function retryAtFor429(headers: Headers, now: number): number {
  const at =
    retryAfterFrom(headers.get('Retry-After'), now) ?? resetAtFrom(headers.get(RATE_LIMIT_HEADERS.reset), now) ?? now + DEFAULT_RETRY_MS;
  return Math.max(at, now);
}
