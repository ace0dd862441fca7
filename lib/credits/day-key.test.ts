import { describe, expect, it } from 'vitest';
import { dayKey, lastDayKeys, shiftDay } from './day-key';

// Built with the local-time Date constructor, so these hold in whatever zone the tests run in.
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms).getTime();

describe('dayKey (local calendar day)', () => {
  it.each([
    [local(2025, 1, 15, 0, 0), '2025-01-15'],
    [local(2025, 1, 15, 23, 59, 59, 999), '2025-01-15'],
    [local(2025, 1, 16, 0, 0), '2025-01-16'],
    [local(2024, 12, 31, 23, 30), '2024-12-31'],
    [local(2024, 2, 29, 12), '2024-02-29'],
    [local(2025, 3, 30, 2, 30), '2025-03-30'], // EU DST change night
    [local(2025, 11, 2, 1, 30), '2025-11-02'], // US DST change night
  ])('%i → %s', (now, key) => {
    expect(dayKey(now)).toBe(key);
  });
});

describe('shiftDay', () => {
  it.each([
    ['2025-01-15', 1, '2025-01-16'],
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-30', 1, '2025-03-31'],
    ['2025-10-26', -1, '2025-10-25'],
    ['2025-05-01', -90, '2025-01-31'],
  ])('%s %+i → %s', (day, delta, expected) => {
    expect(shiftDay(day, delta)).toBe(expected);
  });
});

it('lastDayKeys lists n days ending today, oldest first', () => {
  expect(lastDayKeys(local(2025, 3, 2, 9), 4)).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
  expect(lastDayKeys(local(2025, 3, 2, 9), 30)).toHaveLength(30);
});
