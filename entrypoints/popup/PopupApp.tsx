import { useEffect, useRef, useState } from 'react';
import { PopupView } from '@/components/popup/PopupView';
import type { SearchState } from '@/components/popup/search-state';
import type { Person, Project } from '@/lib/api';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/storage/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { openSidePanel } from './open-side-panel';

const NO_ANSWER = "The extension's background did not answer. Nothing was charged. Close the popup and try again.";

/** Popup wiring: the meter from storage, searches through the background, rows shown in the side panel. */
export function PopupApp() {
  const [meter, setMeter] = useState<CreditMeter | null>(null);
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const windowId = useRef<number | undefined>(undefined);
  const inFlight = useRef(false);

  useEffect(() => {
    let live = true;
    void meterItem.getValue().then((value) => {
      if (live && value) setMeter((current) => current ?? value);
    });
    // The worker writes the meter as it changes; ask once too, in case it has not written one yet.
    sendMessage('getMeter')
      .then((value) => live && setMeter(value))
      .catch(() => undefined);
    const unwatch = meterItem.watch((value) => {
      if (value) setMeter(value);
    });
    void browser.windows
      .getCurrent()
      .then((w) => {
        windowId.current = w.id;
      })
      .catch(() => undefined);
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  async function runSearch(q: string, override: boolean) {
    if (inFlight.current) return; // one paid call at a time: a double Enter must not pay twice
    inFlight.current = true;
    setSearch({ status: 'searching', q });
    try {
      const outcome = await sendMessage('search', override ? { q, override: true } : { q });
      setSearch(outcome.ok ? { status: 'done', q, result: outcome } : { status: 'failed', q, failure: outcome });
    } catch {
      setSearch({ status: 'error', q, message: NO_ANSWER });
    } finally {
      inFlight.current = false;
    }
  }

  function show(record: { person: Person } | { organization: Project }) {
    openSidePanel(windowId.current); // first, while the click's user gesture is live
    void sendMessage('showRecord', record).catch(() => undefined);
  }

  return (
    <PopupView
      meter={meter}
      search={search}
      onSearch={(q) => void runSearch(q, false)}
      onSearchAnyway={() => {
        if (search.status === 'failed') void runSearch(search.q, true);
      }}
      onPickPerson={(person) => show({ person })}
      onPickProject={(organization) => show({ organization })}
      onOpenSidePanel={() => openSidePanel(windowId.current)}
      onOpenSettings={() => void browser.runtime.openOptionsPage()}
    />
  );
}
