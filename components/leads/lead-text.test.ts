import { describe, expect, it } from 'vitest';
import type { LeadStatus } from '@/lib/leads/lead';
import { followUpDue, leadsCountText } from './lead-text';

describe('followUpDue: due today and overdue read differently', () => {
  it.each([
    ['2026-11-26', 'new', { text: 'due today', overdue: false }],
    ['2026-11-25', 'contacted', { text: 'overdue 1 d', overdue: true }],
    ['2026-11-24', 'new', { text: 'overdue 2 d', overdue: true }],
    // Across a month and a daylight-saving change.
    ['2026-10-20', 'replied', { text: 'overdue 37 d', overdue: true }],
    ['2026-11-27', 'new', null],
    [null, 'new', null],
    ['2026-11-01', 'do-not-contact', null],
  ] as const)('follow up on %s, %s: %j', (followUpOn, status, expected) =>
    expect(followUpDue({ followUpOn, status: status as LeadStatus }, '2026-11-26')).toEqual(expected),
  );
});

describe('leadsCountText: the status line counts the leads and what they cost', () => {
  const cost = (credits: number) => ({ cost: { credits, estimated: false } });
  it.each([
    [[cost(15), cost(0.05), cost(265)], 3, '3 leads · 280 credits'],
    [[cost(0.05)], 1, '1 lead · 0.05 credits'],
    [[cost(15), cost(10)], 31, '2 leads of 31 match · 25 credits'],
    [[], 4, '0 leads of 4 match · 0 credits'],
  ])('%j of %s: "%s"', (matching, total, text) => expect(leadsCountText(matching, total)).toBe(text));
});
