import { useEffect, useReducer, useRef } from 'react';
import { HOLD_CARD_MS, holdsCard } from '@/lib/tab-state/hold-card';
import type { TabState } from '@/lib/tab-state/tab-state';

/**
 * The tab state to show: `state`, except that a card stays up to `holdMs` while the tab's next profile is
 * looked up (lib/tab-state/hold-card.ts). Any other state (the answer, an error, another tab) shows at once.
 */
export function useHeldCard(state: TabState | null | undefined, holdMs = HOLD_CARD_MS): TabState | null | undefined {
  const [, expired] = useReducer((n: number) => n + 1, 0);
  // What is on screen, and until when it is held (null: not held). A ref, not state: holding must not
  // cost a render of its own, and a render run twice (StrictMode) computes the same.
  const screen = useRef<{ shown: TabState | null | undefined; until: number | null }>({ shown: state, until: null });
  const now = performance.now();
  const on = screen.current;
  if (on.shown !== state) {
    if (!holdsCard(on.shown, state)) screen.current = { shown: state, until: null };
    else if (on.until === null) on.until = now + holdMs;
    else if (now >= on.until) screen.current = { shown: state, until: null };
  }
  const wait = screen.current.shown === state ? 0 : (screen.current.until ?? now) - now;
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(expired, wait);
    return () => clearTimeout(timer);
  });
  return screen.current.shown;
}
