import { useEffect, useRef } from 'react';
import { browser } from 'wxt/browser';
import { TabStatePushSchema, WATCH_PORT, type TabStatePush, type WatchMessage } from '@/lib/messaging/watch-port';

/**
 * Tells the worker which tab this panel shows, over a port held open while the panel lives: the tab is
 * then "watched" and its profiles are looked up automatically. The worker may restart (its ports
 * drop): reconnect and say it again. `onPush` hears the shown tab's state as the worker writes it, and
 * null when the port drops (hooks/use-tab-state.ts).
 */
export function useWatchTab(tabId: number | null, onPush?: (push: TabStatePush | null) => void): void {
  const latest = useRef<number | null>(tabId);
  const port = useRef<ReturnType<typeof browser.runtime.connect> | null>(null);
  const pushed = useRef(onPush);
  latest.current = tabId;
  pushed.current = onPush;

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // Quick after a worker restart, slower if the worker keeps refusing (never a tight loop).
    const again = () => {
      failures++;
      retry = setTimeout(connect, Math.min(100 * 2 ** Math.min(failures, 6), 5_000));
    };
    const connect = () => {
      // An extension that was reloaded or removed leaves this page without a runtime: stop.
      if (!live || !browser.runtime?.id) return;
      try {
        const p = browser.runtime.connect({ name: WATCH_PORT });
        port.current = p;
        const opened = Date.now();
        // The worker's pushes of the shown tab's state (ahead of storage.session's copy). A port this page
        // opened reaches only this extension's background, and each message is checked for its shape.
        p.onMessage.addListener((message) => {
          const parsed = TabStatePushSchema.safeParse(message);
          if (parsed.success) pushed.current?.(parsed.data as TabStatePush);
        });
        p.onDisconnect.addListener(() => {
          if (port.current === p) port.current = null;
          // What the gone worker pushed may be older than what a new one writes: storage decides again.
          pushed.current?.(null);
          // A port that lived a while was a healthy one: the next attempt starts quick again.
          if (Date.now() - opened > 10_000) failures = 0;
          again();
        });
        p.postMessage({ tabId: latest.current } satisfies WatchMessage);
      } catch {
        again();
      }
    };
    connect();
    return () => {
      live = false;
      clearTimeout(retry);
      const p = port.current;
      port.current = null;
      p?.disconnect();
    };
  }, []);

  useEffect(() => {
    try {
      port.current?.postMessage({ tabId } satisfies WatchMessage);
    } catch {
      // the port just dropped; the reconnect says the latest tab
    }
  }, [tabId]);
}
