/*
 * The side panel's wiring: which tab to follow, what it shows (hooks/use-panel-view.ts), the messages
 * user actions send and the leads in view (hooks/use-panel-actions.ts).
 * Everything it renders is presentational (components/sidepanel).
 */
import { useCallback, useMemo } from 'react';
import { browser } from 'wxt/browser';
import { SidePanel } from '@/components/sidepanel/side-panel';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { useSettings } from '@/hooks/use-settings';
import { openLeadsPage } from '@/lib/leads/leads-page';
import { openProspectPage } from '@/lib/prospect/prospect-page';
import { useFollowedTab } from '@/hooks/use-followed-tab';
import { useMeter } from '@/hooks/use-meter';
import { usePanelActions } from '@/hooks/use-panel-actions';
import { usePanelView } from '@/hooks/use-panel-view';

const openLeads = () => openLeadsPage();

export function App() {
  const { tabId, pinned } = useFollowedTab();
  const meter = useMeter();
  const prices = pricesOf(meter);
  const { settings, update: updateSettings } = useSettings();
  const { tabState, stack, revealed } = usePanelView(tabId, meter?.accountId ?? null);
  const { actionError, dismissError, openSettings, back, ...views } = usePanelActions(tabId, tabState, stack.at(-1)?.state, meter);

  const hasKey = !!meter?.hasKey;
  const firstUse = useMemo(
    () =>
      hasKey && settings && !settings.lookupNoteSeen
        ? {
            mode: settings.autoLookup,
            price: prices.search,
            onOpenSettings: openSettings,
            onDismiss: () => void updateSettings({ lookupNoteSeen: true }),
          }
        : null,
    [hasKey, settings, prices.search, openSettings, updateSettings],
  );

  // Offered only while a tab is known.
  const popOut = useCallback(
    () => void browser.tabs.create({ url: `${browser.runtime.getURL('/sidepanel.html')}?tabId=${tabId}` }),
    [tabId],
  );

  return (
    <>
      {actionError && (
        <p className="notice notice--danger app__error">
          The extension did not answer: {actionError}{' '}
          <button type="button" className="link-button" onClick={dismissError}>
            Dismiss
          </button>
        </p>
      )}
      <SidePanel
        tabState={tabId === null ? undefined : tabState}
        stack={stack}
        meter={meter}
        prices={prices}
        tab={views.tab}
        selection={views.selection}
        revealed={revealed ?? null}
        people={views.people}
        onOpenLeads={openLeads}
        onOpenProspects={openProspectPage}
        onBack={back}
        onPopOut={pinned || tabId === null ? undefined : popOut}
        pinnedTabId={pinned ? tabId : null}
        firstUse={firstUse}
      />
    </>
  );
}
