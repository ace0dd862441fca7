import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_MS, parseHeaderNumber, parseRateLimit, resetAtFrom, retryAfterFrom, retryAtFor429 } from './rate-limit-headers';

const NOW = 1_750_000_000_000; // realistic epoch ms
const NOW_S = NOW / 1000;

describe('parseHeaderNumber', () => {
  it.each([
    ['120', 120],
    [' 7 ', 7],
    ['0', 0],
    ['1.5', 1.5],
    ['', null],
    ['  ', null],
    ['-1', null],
    ['abc', null],
    ['1e3', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(parseHeaderNumber(value)).toBe(expected);
  });
});

describe('X-RateLimit-Reset units', () => {
  it.each([
    [60, NOW, 'delta-seconds'],
    [0, NOW, 'delta-seconds'],
    [3600, NOW, 'delta-seconds'],
    [86_400, NOW, 'delta-seconds'],
    [NOW_S + 60, NOW, 'epoch-seconds'],
    [NOW_S - 5, NOW, 'epoch-seconds'], // slightly in the past (clock skew)
    [NOW + 60_000, NOW, 'epoch-ms'],
    [NOW - 2_000, NOW, 'epoch-ms'],
    // An injected clock far from today still decides by distance to it.
    [1_060, 1_000_000, 'epoch-seconds'],
    [60, 1_000_000, 'delta-seconds'],
    [1_060_000, 1_000_000, 'epoch-ms'],
  ] as const)('%d at now=%d reads as %s', (value, now, unit) => {
    const readAs = { 'delta-seconds': now + value * 1000, 'epoch-seconds': value * 1000, 'epoch-ms': value };
    expect(resetAtFrom(String(value), now)).toBe(Math.round(readAs[unit]));
  });

  it.each([
    ['delta seconds', '60', NOW + 60_000],
    ['delta seconds, fractional', '1.5', NOW + 1_500],
    ['epoch seconds', String(NOW_S + 60), NOW + 60_000],
    ['epoch ms', String(NOW + 60_000), NOW + 60_000],
    ['absent', null, null],
    ['junk', 'soon', null],
  ])('resetAtFrom %s', (_label, value, expected) => {
    expect(resetAtFrom(value, NOW)).toBe(expected);
  });
});

describe('parseRateLimit', () => {
  it('reads all three headers', () => {
    const headers = new Headers({ 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '119', 'X-RateLimit-Reset': '42' });
    expect(parseRateLimit(headers, NOW)).toEqual({ limit: 120, remaining: 119, resetAt: NOW + 42_000 });
  });

  it('is all null without headers', () => {
    expect(parseRateLimit(new Headers(), NOW)).toEqual({ limit: null, remaining: null, resetAt: null });
  });
});

describe('Retry-After and retryAt on 429', () => {
  const httpDate = new Date(NOW + 90_000).toUTCString();

  it.each([
    ['seconds', '30', NOW + 30_000],
    ['an HTTP date', httpDate, Math.floor((NOW + 90_000) / 1000) * 1000],
    ['empty', '', null],
    ['junk', 'later', null],
    ['absent', null, null],
  ])('retryAfterFrom %s', (_label, value, expected) => {
    expect(retryAfterFrom(value, NOW)).toBe(expected);
  });

  it.each([
    ['Retry-After wins over the reset', { 'Retry-After': '10', 'X-RateLimit-Reset': '50' }, NOW + 10_000],
    ['the reset when no Retry-After', { 'X-RateLimit-Reset': String(NOW_S + 50) }, NOW + 50_000],
    ['the reset when Retry-After is junk', { 'Retry-After': 'soon', 'X-RateLimit-Reset': '20' }, NOW + 20_000],
    ['a minute when neither', {}, NOW + DEFAULT_RETRY_MS],
    ['now, never the past', { 'Retry-After': new Date(NOW - 60_000).toUTCString() }, NOW],
  ])('uses %s', (_label, headers, expected) => {
    expect(retryAtFor429(new Headers(headers), NOW)).toBe(expected);
  });
});
