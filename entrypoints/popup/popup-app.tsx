import { PopupView } from '@/components/popup/popup-view';
import { useCurrentWindowId } from '@/hooks/use-current-window-id';
import { useDirectorySearch } from '@/hooks/use-directory-search';
import { useMeter } from '@/hooks/use-meter';
import type { Person, Project } from '@/lib/api';
import { sendMessage } from '@/lib/messaging/protocol';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { openSidePanel } from './open-side-panel';

/** Popup wiring: the meter, searches through the background, rows shown in the side panel. */
export function PopupApp() {
  const meter = useMeter();
  const search = useDirectorySearch();
  const windowId = useCurrentWindowId();

  function show(record: { person: Person } | { organization: Project }) {
    openSidePanel(windowId.current); // first, while the click's user gesture is live
    void sendMessage('showRecord', record).catch(() => undefined);
  }

  return (
    <PopupView
      meter={meter}
      searchPrice={pricesOf(meter).search}
      search={search.state}
      onSearch={search.run}
      onSearchAnyway={search.runAnyway}
      onPickPerson={(person) => show({ person })}
      onPickProject={(organization) => show({ organization })}
      onOpenSidePanel={() => openSidePanel(windowId.current)}
      onOpenSettings={() => void browser.runtime.openOptionsPage()}
    />
  );
}
