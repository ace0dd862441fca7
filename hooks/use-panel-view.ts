/*
 * What the side panel shows: the followed tab's state (pushed by the worker as it writes it, held while
 * the next profile is looked up), the popup's back stack over that tab, and the shown person's reveal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useReducer, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { readReveal } from '@/lib/credits/reveals';
import { TabStatePushSchema, WATCH_PORT, type TabStatePush, type WatchMessage } from '@/lib/messaging/watch-port';
import { selectionItem } from '@/lib/tab-state/items';
import { HOLD_CARD_MS, holdsCard, isMatchState, type SelectionEntry, type TabState } from '@/lib/tab-state/tab-state';
import { useStorageValue } from './use-storage-value';
import { useTabState } from './use-tab-state';

const NO_ENTRIES: readonly SelectionEntry[] = [];

export function usePanelView(tabId: number | null, accountId: string | null) {
  // While this panel shows a tab, profiles on it are looked up automatically (the default setting).
  // The worker pushes the shown tab's state as it writes it: the card need not wait for storage.session.
  const [pushed, setPushed] = useState<TabStatePush | null>(null);
  useWatchTab(tabId, setPushed);
  // A card stays while the tab's next profile is looked up, and the answer replaces it in place (no
  // skeleton for a few frames): see lib/tab-state/tab-state.ts `HOLD_CARD_MS`.
  const tabState = useHeldCard(useTabState(tabId, pushed));
  // The back stack is shown over the tab it was opened over only (the worker clears it when that tab is
  // left; a stack not yet bound to a tab is a popup pick waiting for this panel).
  const selection = useStorageValue(selectionItem) ?? null;
  const stack: readonly SelectionEntry[] =
    selection && (selection.tabId === null || selection.tabId === tabId) ? selection.entries : NO_ENTRIES;

  // Revealed channels have one copy, the reveal store: the shown person's entry for this account is
  // watched there, so a reveal made on another tab (or in the popup's card) shows here at no cost.
  const shown = stack.at(-1)?.state ?? tabState;
  const shownPersonId = isMatchState(shown) ? shown.person?.id : undefined;
  // The read names whose reveal it is: while the next person's is read, the last person's is not shown for them.
  const whose = accountId && shownPersonId ? `${accountId}\n${shownPersonId}` : null;
  const read = useLiveQuery(
    async () =>
      accountId && shownPersonId ? { whose, record: (await readReveal(accountId, shownPersonId).catch(() => undefined)) ?? null } : null,
    [accountId, shownPersonId],
  );
  const revealed = whose && read?.whose === whose ? read.record : undefined;
  return { tabState, stack, revealed };
}

/**
 * Tells the worker which tab this panel shows, over a port held open while the panel lives: the tab is
 * then "watched" and its profiles are looked up automatically. The worker may restart (its ports
 * drop): reconnect and say it again. `onPush` hears the shown tab's state as the worker writes it, and
 * null when the port drops (hooks/use-tab-state.ts).
 */
function useWatchTab(tabId: number | null, onPush: (push: TabStatePush | null) => void): void {
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
          if (parsed.success) pushed.current(parsed.data as TabStatePush);
        });
        p.onDisconnect.addListener(() => {
          if (port.current === p) port.current = null;
          // What the gone worker pushed may be older than what a new one writes: storage decides again.
          pushed.current(null);
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

/**
 * The tab state to show: `state`, except that a card stays up to `holdMs` while the tab's next profile is
 * looked up (lib/tab-state/tab-state.ts `holdsCard`). Any other state (the answer, an error, another tab) shows at once.
 */
export function useHeldCard(state: TabState | null | undefined, holdMs = HOLD_CARD_MS): TabState | null | undefined {
  const [, expired] = useReducer((n: number) => n + 1, 0);
  // What is on screen, and until when it is held (null: not held). A ref, not state: holding must not
  // cost a render of its own, and a render run twice (StrictMode) computes the same.
  const screen = useRef<{ shown: TabState | null | undefined; until: number | null }>({ shown: state, until: null });
  const now = performance.now();
  const on = screen.current;
  if (on.shown !== state) {
    if (!holdsCard(on.shown, state)) screen.current = { shown: state, until: null };
    else if (on.until === null) on.until = now + holdMs;
    else if (now >= on.until) screen.current = { shown: state, until: null };
  }
  const wait = screen.current.shown === state ? 0 : (screen.current.until ?? now) - now;
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(expired, wait);
    return () => clearTimeout(timer);
  });
  return screen.current.shown;
}
