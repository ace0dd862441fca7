import { z } from 'zod';
import type { TabState } from '@/lib/tab-state/tab-state';

/**
 * The panel → worker "I am showing this tab" channel. A port rather than a message: its disconnect is
 * the only reliable signal that a panel closed, and a tab stops being watched the moment it does.
 */
export const WATCH_PORT = 'watch-tab';

/** Sent on connect and whenever the panel follows another tab; `tabId: null` when it shows none. Validated in the worker like every message. */
export const WatchMessageSchema = z.strictObject({ tabId: z.number().int().nonnegative().nullable() });
export type WatchMessage = z.infer<typeof WatchMessageSchema>;

/**
 * Worker → panel: a tab's state as written, a few ms before storage.session's copy is announced (`null`:
 * removed). storage.session stays the truth a panel reads at start and after a worker restart.
 */
export const TabStatePushSchema = z.strictObject({
  tabId: z.number().int().nonnegative(),
  state: z.looseObject({ tabId: z.number(), status: z.string(), updatedAt: z.number() }).nullable(),
});
/** What the schema checks the shape of; the state itself is the worker's own, as in storage.session. */
export interface TabStatePush {
  tabId: number;
  state: TabState | null;
}

type PushPort = { postMessage(message: TabStatePush): void };

/**
 * The panels' watch ports and the tab each shows (WATCH_PORT): a tab's state is posted to the
 * panels showing it as it is written, ahead of storage.session's copy.
 */
export class TabStatePushes {
  private readonly ports = new Map<string, { port: PushPort; tabId: number | null }>();

  open(portId: string, port: PushPort): void {
    this.ports.set(portId, { port, tabId: null });
  }

  show(portId: string, tabId: number | null): void {
    const entry = this.ports.get(portId);
    if (entry) entry.tabId = tabId;
  }

  close(portId: string): void {
    this.ports.delete(portId);
  }

  push(tabId: number, state: TabState | null): void {
    for (const [portId, entry] of this.ports) {
      if (entry.tabId !== tabId) continue;
      try {
        entry.port.postMessage({ tabId, state });
      } catch {
        this.ports.delete(portId); // a port that just closed: its disconnect is on its way
      }
    }
  }
}
