import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BADGE_DELAY_MS, badgeFor, delayedBadges, type Badge } from './badge';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const LOOKING = badgeFor('looking-up');
const MATCHED = badgeFor('matched');
const ERROR = badgeFor('error');

describe('delayedBadges', () => {
  it.each<[string, Array<[number, Badge]>, Array<[number, string]>]>([
    [
      'a lookup answered within the wait: only the answer reaches the toolbar',
      [
        [1, LOOKING],
        [1, MATCHED],
      ],
      [[1, '✓']],
    ],
    [
      'a storm of states: the last one',
      [
        [1, LOOKING],
        [1, ERROR],
        [1, LOOKING],
        [1, MATCHED],
      ],
      [[1, '✓']],
    ],
    [
      'two tabs: each its own',
      [
        [1, LOOKING],
        [2, MATCHED],
        [1, ERROR],
      ],
      [
        [1, '!'],
        [2, '✓'],
      ],
    ],
  ])('%s', (_, asked, set) => {
    const applied: Array<[number, string]> = [];
    const setBadge = delayedBadges((tabId, badge) => applied.push([tabId, badge.text]));
    for (const [tabId, badge] of asked) setBadge(tabId, badge);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(BADGE_DELAY_MS);
    expect(applied.sort()).toEqual(set);
  });

  it('never later than the wait, however long the storm lasts', () => {
    const applied: string[] = [];
    const setBadge = delayedBadges((_, badge) => applied.push(badge.text));
    setBadge(1, LOOKING);
    vi.advanceTimersByTime(BADGE_DELAY_MS - 1);
    setBadge(1, MATCHED);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(['✓']);
    setBadge(1, ERROR);
    vi.advanceTimersByTime(BADGE_DELAY_MS);
    expect(applied).toEqual(['✓', '!']);
  });
});
