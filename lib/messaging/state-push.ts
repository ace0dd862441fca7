import type { TabState } from '@/lib/tab-state/tab-state';
import type { TabStatePush } from './watch-port';

/** The side of a panel's watch port the worker posts on. */
export interface PushPort {
  postMessage(message: TabStatePush): void;
}

/**
 * The panels' watch ports and the tab each shows (./watch-port.ts): a tab's state is posted to the
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
