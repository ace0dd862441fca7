/**
 * The panel → worker "I am showing this tab" channel. A port rather than a message: its disconnect is
 * the only reliable signal that a panel closed, and a tab stops being watched the moment it does.
 * Types and the name only: extension pages import this without zod.
 */
export const WATCH_PORT = 'watch-tab';

/** Sent on connect and whenever the panel follows another tab; `tabId: null` when it shows none. */
export interface WatchMessage {
  tabId: number | null;
}
