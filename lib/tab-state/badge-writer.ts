import type { Badge } from './badge';

/**
 * How late a tab's badge may follow its state. The first badge asked for a tab starts the wait and the
 * last one asked within it is set: a "looking up" answered within it never reaches the toolbar, and the
 * badge's three browser calls are made after the card's paint instead of beside it (on 2 cores they
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
