import { describe, expect, it } from 'vitest';
import { holdsCard, type TabState } from './tab-state';

const base = { profile: null, hints: {}, updatedAt: 1 };
const matched = (tabId = 1) => ({ ...base, tabId, status: 'matched', matchedOn: 'x-handle' }) as unknown as TabState;
const lookingUp = (tabId = 1, waitingFor?: 'name'): TabState => ({
  ...base,
  tabId,
  status: 'looking-up',
  ...(waitingFor ? { waitingFor } : {}),
});
const error = (): TabState => ({ ...base, tabId: 1, status: 'error', message: 'The API did not answer.', retryable: true });
const notFound = (): TabState => ({ ...base, tabId: 1, status: 'not-found', query: 'ada' });
const idle = (): TabState => ({ ...base, tabId: 1, status: 'idle', reason: 'no-profile' });

describe('holdsCard', () => {
  it.each<[string, TabState | null | undefined, TabState | null | undefined, boolean]>([
    ['a card, then the next profile looked up on the same tab', matched(), lookingUp(), true],
    ['a card, then LinkedIn still rendering the next name', matched(), lookingUp(1, 'name'), true],
    ['a card, then its answer', matched(), matched(), false],
    ['a card, then an error', matched(), error(), false],
    ['a card, then nobody found', matched(), notFound(), false],
    ['a card, then a lookup on another tab (the panel follows another tab)', matched(1), lookingUp(2), false],
    ['"nobody found" is not held: no card to update in place', notFound(), lookingUp(), false],
    ['an error is not held', error(), lookingUp(), false],
    ['a page that is no profile is not held', idle(), lookingUp(), false],
    ['nothing shown yet (the panel opening)', undefined, lookingUp(), false],
    ['nothing for the tab', null, lookingUp(), false],
    ['a lookup, then another lookup', lookingUp(), lookingUp(), false],
    ['a card, then the tab state removed', matched(), null, false],
  ])('%s → %s', (_, shown, next, held) => {
    expect(holdsCard(shown, next)).toBe(held);
  });
});
