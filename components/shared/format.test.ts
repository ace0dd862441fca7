import { describe, expect, it } from 'vitest';
import { formatLocalDay, formatMonthDay } from './format';

// Noon UTC: the same calendar day in every time zone a test machine is likely to use.
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('dates on cards', () => {
  it.each([
    ['2026-11-26', 'Nov 26', 'Nov 26, 2026'],
    ['2025-01-05', 'Jan 5', 'Jan 5, 2025'],
    ['2024-02-29', 'Feb 29', 'Feb 29, 2024'],
  ])('%s reads "%s" and "%s", as toLocaleDateString would', (iso, monthDay, localDay) => {
    expect(formatMonthDay(at(iso))).toBe(monthDay);
    expect(formatLocalDay(at(iso))).toBe(localDay);
    expect(formatMonthDay(at(iso))).toBe(new Date(at(iso)).toLocaleDateString('en-US', { month: 'short', day: 'numeric' }));
  });
});
