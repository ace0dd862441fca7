import { useEffect, useRef } from 'react';
import { browser } from 'wxt/browser';
import { WATCH_PORT, type WatchMessage } from '../../lib/messaging/watch-port';

/**
 * Tells the worker which tab this panel shows, over a port held open while the panel lives: the tab is
 * then "watched" and its profiles are looked up automatically. The worker may restart (its ports
 * drop): reconnect and say it again.
 */
export function useWatchTab(tabId: number | null): void {
  const latest = useRef<number | null>(tabId);
  const port = useRef<ReturnType<typeof browser.runtime.connect> | null>(null);
  latest.current = tabId;

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (!live) return;
      try {
        const p = browser.runtime.connect({ name: WATCH_PORT });
        port.current = p;
        p.onDisconnect.addListener(() => {
          if (port.current === p) port.current = null;
          retry = setTimeout(connect, 100);
        });
        p.postMessage({ tabId: latest.current } satisfies WatchMessage);
      } catch {
        retry = setTimeout(connect, 500);
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
