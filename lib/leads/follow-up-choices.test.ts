import { describe, expect, it } from 'vitest';
import { followUpChoices } from './follow-up-choices';

describe('followUpChoices', () => {
  it.each([
    // today (weekday), in 3 days, next week (Monday), in 2 weeks
    ['2026-11-27', '2026-11-30', '2026-11-30', '2026-12-11'], // Friday
    ['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-14'], // Monday: a week on
    ['2026-11-29', '2026-12-02', '2026-11-30', '2026-12-13'], // Sunday: tomorrow
    ['2026-12-30', '2027-01-02', '2027-01-04', '2027-01-13'], // over the new year
    ['2026-03-27', '2026-03-30', '2026-03-30', '2026-04-10'], // over a DST change in Europe
  ])('%s → %s, %s, %s', (today, three, nextWeek, twoWeeks) => {
    expect(followUpChoices(today).map((c) => c.day)).toEqual([three, nextWeek, twoWeeks]);
  });
});
