import { z } from 'zod';

/**
 * The panel → worker "I am showing this tab" channel. A port rather than a message: its disconnect is
 * the only reliable signal that a panel closed, and a tab stops being watched the moment it does.
 */
export const WATCH_PORT = 'watch-tab';

/** Sent on connect and whenever the panel follows another tab; `tabId: null` when it shows none. Validated in the worker like every message. */
export const WatchMessageSchema = z.strictObject({ tabId: z.number().int().nonnegative().nullable() });
export type WatchMessage = z.infer<typeof WatchMessageSchema>;
