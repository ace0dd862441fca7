import type { IdleReason, TabStatus } from './tab-state';
import { BUDGET_PAUSED_LABEL, KEY_REJECTED, OUT_OF_CREDITS_LABEL, WRONG_HOST_LABEL } from '@/lib/messages/texts';

export type Badge = { text: string; color: string; title: string };

// One glance at the toolbar tells the state of this tab; idle pages show nothing.
const BADGES: Record<TabStatus, Badge> = {
  'no-key': { text: 'KEY', color: '#b45309', title: 'Add your API key in the options' },
  idle: { text: '', color: '#6b7280', title: 'Crypto Directory' },
  'looking-up': { text: '…', color: '#6b7280', title: 'Looking up…' },
  matched: { text: '✓', color: '#15803d', title: 'In the directory' },
  candidates: { text: '?', color: '#1d4ed8', title: 'Several people match: pick one' },
  'not-found': { text: '–', color: '#6b7280', title: 'Not in the directory' },
  'handle-reused': { text: '!', color: '#b45309', title: 'This handle now belongs to another X account' },
  sample: { text: 'S', color: '#b45309', title: 'NOT REAL DATA: sample answer' },
  'paused-budget': { text: '$', color: '#b45309', title: BUDGET_PAUSED_LABEL },
  'out-of-credits': { text: '0', color: '#b91c1c', title: OUT_OF_CREDITS_LABEL },
  'rate-limited': { text: '⏳', color: '#b45309', title: 'Rate limited: resuming shortly' },
  'bad-key': { text: '!', color: '#b91c1c', title: KEY_REJECTED },
  'missing-scope': { text: '!', color: '#b45309', title: 'The key cannot reveal contacts' },
  'wrong-host': { text: '!', color: '#b91c1c', title: `${WRONG_HOST_LABEL}: fix the API base URL in the options` },
  error: { text: '!', color: '#b91c1c', title: 'Lookup failed: retry from the panel' },
};

// A detected profile costs nothing until someone opens the panel: say so on the icon.
const IDLE_BADGES: Partial<Record<IdleReason, Badge>> = {
  unwatched: { text: '•', color: '#1d4ed8', title: 'Profile detected: open the side panel to look it up' },
  'navigating-fast': { text: '⏸', color: '#b45309', title: 'Paused: this page is navigating fast' },
};

export function badgeFor(status: TabStatus, reason?: IdleReason): Badge {
  return (status === 'idle' && reason && IDLE_BADGES[reason]) || BADGES[status];
}

/** The toolbar's badge where no tab shows its own: follow-ups due today (none: no badge). */
export function followUpBadge(due: number): Badge {
  const title = due <= 0 ? BADGES.idle.title : due === 1 ? '1 follow-up due today' : `${due} follow-ups due today`;
  return { text: due > 0 ? (due > 99 ? '99+' : String(due)) : '', color: '#7c3aed', title };
}

/**
 * How late a tab's badge may follow its state: a "looking up" answered within it never shows, and the three browser
 * calls come after the card's paint (on 2 cores they compete with the answer's path through the browser process).
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
