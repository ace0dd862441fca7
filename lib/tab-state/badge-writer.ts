import type { Badge } from './badge';

/**
 * How late a tab's badge may follow its state: the last one asked within the wait is set, so a "looking up"
 * answered within it never shows, and the three browser calls come after the card's paint (on 2 cores they
 * compete with the answer's path through the browser process).
 */
export const BADGE_DELAY_MS = 100;

/** Sets each tab's badge through `apply` at most `delayMs` after it was asked for, the latest one only. */
export function delayedBadges(
  apply: (tabId: number, badge: Badge) => void,
  delayMs = BADGE_DELAY_MS,
): (tabId: number, badge: Badge) => void {
  const waiting = new Map<number, Badge>();
  return (tabId, badge) => {
    const first = !waiting.has(tabId);
    waiting.set(tabId, badge);
    if (!first) return;
    setTimeout(() => {
      const latest = waiting.get(tabId)!;
      waiting.delete(tabId);
      apply(tabId, latest);
    }, delayMs);
  };
}
