import { useEffect, useMemo, useState } from 'react';
import { sendMessage } from '@/lib/messaging/protocol';
import { tabStateItem } from '@/lib/tab-state/items';
import type { TabState } from '@/lib/tab-state/tab-state';
import type { TabStatePush } from '@/lib/messaging/watch-port';
import { useStorageValue } from './use-storage-value';

/**
 * What the worker knows about a tab, live: undefined while it is being read, null when the worker has
 * nothing for it. Nothing stored yet: the worker is asked once (it may know the tab and not have
 * written it); once it writes, storage is the truth — or, in the side panel, the state the worker
 * `pushed` over its watch port, when that is newer.
 */
export function useTabState(tabId: number | null, pushed?: TabStatePush | null): TabState | null | undefined {
  const item = useMemo(() => (tabId === null ? null : tabStateItem(tabId)), [tabId]);
  const stored = useStorageValue(item);
  const [asked, setAsked] = useState<{ tabId: number; state: TabState } | null>(null);

  useEffect(() => {
    if (tabId === null || stored !== null) return;
    let live = true;
    sendMessage('getTabState', { tabId })
      .then((state) => {
        if (live && state) setAsked({ tabId, state: { ...state, tabId } });
      })
      .catch(() => undefined); // the worker may be starting; the watch will catch up
    return () => {
      live = false;
    };
  }, [tabId, stored]);

  useEffect(() => {
    if (stored) setAsked(null); // the worker has written: its storage is the truth from now on
  }, [stored]);

  const read = stored ?? (asked && asked.tabId === tabId ? asked.state : stored);
  if (!pushed || pushed.tabId !== tabId) return read;
  // The worker pushes each write before storage.session has it (useWatchTab, hooks/use-panel-view.ts), so
  // while its port lives the last push is the newest state; storage may still hold an older one, or already
  // the same. A stored state stamped later came from a worker the port no longer reaches.
  return pushed.state && read && read.updatedAt > pushed.state.updatedAt ? read : pushed.state;
}
