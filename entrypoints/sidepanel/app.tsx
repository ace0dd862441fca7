/*
 * The side panel's wiring: which tab to follow, the storage items to watch, and the messages user
 * actions send. Everything it renders is presentational (components/sidepanel).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { SidePanel } from '../../components/sidepanel/side-panel';
import type { RevealFailure, ViewActions } from '../../components/sidepanel/view-actions';
import type { Person } from '../../lib/api';
import { sendMessage, type ViewRef } from '../../lib/messaging/protocol';
import { meterItem, selectionItem, tabStateItem } from '../../lib/storage/items';
import type { CreditMeter, TabState } from '../../lib/tab-state/tab-state';
import { useFollowedTab } from './use-followed-tab';
import { useWatchTab } from './use-watch-tab';
import { useStorageValue } from './use-storage-value';

type ViewKey = 'tab' | 'selection';

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function App() {
  const { tabId, pinned } = useFollowedTab();
  // While this panel shows a tab, profiles on it are looked up automatically (the default setting).
  useWatchTab(tabId);
  const [actionError, setActionError] = useState<string | null>(null);
  const [revealFailures, setRevealFailures] = useState<Partial<Record<ViewKey, RevealFailure | null>>>({});
  const revealsInFlight = useRef(new Set<string>());

  // ── state ──────────────────────────────────────────────────────────────────
  const tabItem = useMemo(() => (tabId === null ? null : tabStateItem(tabId)), [tabId]);
  const stored = useStorageValue(tabItem);
  const [fetched, setFetched] = useState<{ tabId: number; state: TabState } | null>(null);
  // Nothing stored yet for this tab: ask the worker once (it may know the tab but not have written it).
  useEffect(() => {
    if (tabId === null || stored !== null) return;
    let live = true;
    sendMessage('getTabState', { tabId })
      .then((state) => {
        if (live && state) setFetched({ tabId, state });
      })
      .catch(() => undefined); // the worker may be starting; the watch will catch up
    return () => {
      live = false;
    };
  }, [tabId, stored]);
  useEffect(() => {
    if (stored) setFetched(null); // the worker has written: its storage is the truth from now on
  }, [stored]);
  const tabState: TabState | null | undefined = stored ?? (fetched && fetched.tabId === tabId ? fetched.state : stored);

  const selection = useStorageValue(selectionItem) ?? null;

  const storedMeter = useStorageValue(meterItem);
  const [fetchedMeter, setFetchedMeter] = useState<CreditMeter | null>(null);
  useEffect(() => {
    if (storedMeter !== null) return;
    let live = true;
    sendMessage('getMeter', undefined)
      .then((m) => live && setFetchedMeter(m))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [storedMeter]);
  const meter = storedMeter ?? fetchedMeter;

  // A failure belongs to the tab it happened on.
  useEffect(() => {
    setRevealFailures((f) => ({ ...f, tab: null }));
    setActionError(null);
  }, [tabId]);

  // ── actions ────────────────────────────────────────────────────────────────
  const send = useCallback(<T,>(p: Promise<T>) => {
    setActionError(null);
    p.catch((e: unknown) => setActionError(messageOf(e)));
  }, []);

  const reveal = useCallback(async (key: ViewKey, view: ViewRef, personId: string) => {
    // One reveal per person at a time, whatever the UI does.
    const flight = `${key}:${personId}`;
    if (revealsInFlight.current.has(flight)) return;
    revealsInFlight.current.add(flight);
    setRevealFailures((f) => ({ ...f, [key]: null }));
    try {
      const outcome = await sendMessage('reveal', { view, personId, confirmed: true });
      if (!outcome.ok) setRevealFailures((f) => ({ ...f, [key]: { personId, message: outcome.message } }));
    } catch (e) {
      setRevealFailures((f) => ({ ...f, [key]: { personId, message: messageOf(e) } }));
    } finally {
      revealsInFlight.current.delete(flight);
    }
  }, []);

  const openSettings = useCallback(() => void browser.runtime.openOptionsPage(), []);
  const showPerson = useCallback((person: Person) => send(sendMessage('showRecord', { person })), [send]);

  const tabActions = useMemo<ViewActions>(() => {
    if (tabId === null) return { openSettings };
    const view: ViewRef = { tabId };
    return {
      openSettings,
      lookUp: (o) => send(sendMessage('lookUp', o?.override ? { tabId, override: true } : { tabId })),
      refresh: () => send(sendMessage('lookUp', { tabId, refresh: true })),
      searchAs: (q) => send(sendMessage('lookUp', { tabId, q })),
      pickCandidate: (pick) => send(sendMessage('pickCandidate', { tabId, ...pick })),
      loadDetails: (target) => send(sendMessage('loadDetails', { view, target })),
      reveal: (personId) => void reveal('tab', view, personId),
      showPerson,
    };
  }, [tabId, openSettings, send, reveal, showPerson]);

  const selectionActions = useMemo<ViewActions>(() => {
    const view: ViewRef = { selection: true };
    return {
      openSettings,
      loadDetails: (target) => send(sendMessage('loadDetails', { view, target })),
      reveal: (personId) => void reveal('selection', view, personId),
      showPerson,
    };
  }, [openSettings, send, reveal, showPerson]);

  // No protocol message clears the selection; the panel is an extension page and may write session storage.
  const closeSelection = useCallback(() => {
    setRevealFailures((f) => ({ ...f, selection: null }));
    void selectionItem.setValue(null);
  }, []);

  const popOut = useCallback(() => {
    if (tabId === null) return;
    void browser.tabs.create({ url: `${browser.runtime.getURL('/sidepanel.html')}?tabId=${tabId}` });
  }, [tabId]);

  return (
    <>
      {actionError && (
        <p className="notice notice--danger app__error">
          The extension did not answer: {actionError}{' '}
          <button type="button" className="link-button" onClick={() => setActionError(null)}>
            Dismiss
          </button>
        </p>
      )}
      <SidePanel
        tabState={tabId === null ? undefined : tabState}
        selection={selection}
        meter={meter}
        tabActions={tabActions}
        selectionActions={selectionActions}
        tabRevealFailure={revealFailures.tab}
        selectionRevealFailure={revealFailures.selection}
        onCloseSelection={closeSelection}
        onPopOut={pinned || tabId === null ? undefined : popOut}
        pinnedTabId={pinned ? tabId : null}
      />
    </>
  );
}
