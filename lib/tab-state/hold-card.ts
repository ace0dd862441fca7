import type { TabState } from './tab-state';

/**
 * How long a card stays while its tab's next profile is looked up: an answer within it updates the card in place, no
 * skeleton flashed (on 2 cores that halves the time to card: tests/bench/time-to-card.ts). As long as React's Suspense
 * waits, below the time to read a card and act; every action on the held card names its person.
 */
export const HOLD_CARD_MS = 300;

/** Whether `shown` stays on screen for now while the same tab's `next` state is a lookup under way. */
export function holdsCard(shown: TabState | null | undefined, next: TabState | null | undefined): boolean {
  return next?.status === 'looking-up' && shown?.status === 'matched' && shown.tabId === next.tabId;
}
