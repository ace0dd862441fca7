import type { TabState } from './tab-state';

/**
 * How long a card stays once its tab moved on and the next profile is being looked up: an answer within it
 * updates the card in place, no skeleton flashed (on 2 cores that halves the time to card at low latency:
 * tests/bench/time-to-card.ts). Past it the skeleton says the lookup is under way. React's Suspense waits as
 * long; it is below the time a person takes to read a card and act on it, and every action on the held card
 * names its person (a reveal is confirmed).
 */
export const HOLD_CARD_MS = 300;

/** Whether `shown` stays on screen for now while the same tab's `next` state is a lookup under way. */
export function holdsCard(shown: TabState | null | undefined, next: TabState | null | undefined): boolean {
  return next?.status === 'looking-up' && shown?.status === 'matched' && shown.tabId === next.tabId;
}
