import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_CARD_MS, type TabState } from '@/lib/tab-state/tab-state';
import { useHeldCard } from './use-panel-view';

const base = { tabId: 1, profile: null, hints: {} };
const card = (name: string, updatedAt = 1) => ({ ...base, updatedAt, status: 'matched', name }) as unknown as TabState;
const lookingUp = (updatedAt = 2): TabState => ({ ...base, updatedAt, status: 'looking-up' });
const error = (): TabState => ({ ...base, updatedAt: 3, status: 'error', message: 'The API did not answer.', retryable: true });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function shown(initial: TabState | null | undefined) {
  return renderHook(({ state }) => useHeldCard(state), { initialProps: { state: initial } });
}

describe('useHeldCard', () => {
  it('keeps the card while the next profile is looked up, and replaces it with the answer in place', () => {
    const ada = card('Ada');
    const { result, rerender } = shown(ada);
    const looking = lookingUp();
    rerender({ state: looking });
    expect(result.current).toBe(ada);
    act(() => vi.advanceTimersByTime(HOLD_CARD_MS / 2));
    expect(result.current).toBe(ada);
    const bob = card('Bob', 3);
    rerender({ state: bob });
    expect(result.current).toBe(bob);
    // Nothing is left to fire: the skeleton never shows.
    act(() => vi.advanceTimersByTime(HOLD_CARD_MS * 2));
    expect(result.current).toBe(bob);
  });

  it('shows the skeleton once the lookup outlasts the hold', () => {
    const { result, rerender } = shown(card('Ada'));
    const looking = lookingUp();
    rerender({ state: looking });
    act(() => vi.advanceTimersByTime(HOLD_CARD_MS - 1));
    expect(result.current).not.toBe(looking);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(looking);
  });

  it('counts the hold from the first lookup: a second move during it does not extend it', () => {
    const { result, rerender } = shown(card('Ada'));
    rerender({ state: lookingUp(2) });
    act(() => vi.advanceTimersByTime(HOLD_CARD_MS - 50));
    const second = lookingUp(5);
    rerender({ state: second });
    expect(result.current).not.toBe(second);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(second);
  });

  it('shows any other state at once: an error during the hold replaces the card', () => {
    const { result, rerender } = shown(card('Ada'));
    rerender({ state: lookingUp() });
    const failed = error();
    rerender({ state: failed });
    expect(result.current).toBe(failed);
  });

  it('holds nothing when the panel opens on a lookup', () => {
    const looking = lookingUp();
    const { result } = shown(looking);
    expect(result.current).toBe(looking);
  });
});
