import { useState } from 'react';
import { PopupView } from '@/components/popup/popup-view';
import type { LeadRows } from '@/components/shared/save-lead';
import { useCurrentWindowId } from '@/hooks/use-current-window-id';
import { useDirectorySearch } from '@/hooks/use-directory-search';
import { useFollowedTab } from '@/hooks/use-followed-tab';
import { useTabState } from '@/hooks/use-tab-state';
import { useMeter } from '@/hooks/use-meter';
import type { Person } from '@/lib/api';
import { dayKey } from '@/lib/credits/day-key';
import { openLeadsPage } from '@/lib/leads/leads-page';
import { openProspectPage } from '@/lib/prospect/prospect-page';
import { bareHandle } from '@/lib/leads/lead';
import { useHubSpotMarks } from '@/hooks/use-hubspot-marks';
import { useLeadWork } from '@/hooks/use-lead-work';
import { useLeadStatuses, useLeadsQuery } from '@/lib/leads/page-leads';
import { sendMessage, type MessageData } from '@/lib/messaging/protocol';
import { pricesOf } from '@/lib/tab-state/meter-prices';

/** Popup wiring: the meter, searches through the background, rows shown in the side panel or saved as leads. */
export function PopupApp() {
  const meter = useMeter();
  const search = useDirectorySearch();
  const windowId = useCurrentWindowId();
  // The active tab (or `?tabId=N`, as the panel takes it): who is on screen, read from the worker's tab state.
  const { tabId } = useFollowedTab(location.search);
  const tabState = useTabState(tabId);
  const tabPerson = tabState?.status === 'matched' ? tabState.person : undefined;
  const [saveErrors, setSaveErrors] = useState<ReadonlyMap<string, string>>(new Map());

  // Only a live answer's rows can be saved (and are marked): a sample's are NOT REAL DATA.
  const live = search.state.status === 'done' && !search.state.result.sample ? search.state.result.people : [];
  const saved = useLeadStatuses(live.map((p) => p.id));
  // "In HubSpot" for everyone the popup shows (the tab's person and the live rows), in one message.
  const crm = useHubSpotMarks(
    [...(tabPerson ? [tabPerson] : []), ...live].map((p: Person) => ({
      personId: p.id,
      linkedinUrl: p.linkedinUrl ?? null,
      xHandle: bareHandle(p.twitterHandle),
    })),
  ).marks;
  const dueCount = useLeadsQuery((l) => l.dueCount(dayKey(Date.now())), 'due');

  const setSaveError = (personId: string, message: string | null) =>
    setSaveErrors((errors) => {
      const next = new Map(errors);
      if (message === null) next.delete(personId);
      else next.set(personId, message);
      return next;
    });
  /** Free: the worker keeps its own copy of a row it showed (no call). Null when saved, else why not (kept by person). */
  const save = async (data: MessageData<'saveLead'>): Promise<string | null> => {
    setSaveError(data.personId, null);
    const message = await sendMessage('saveLead', data).then(
      (outcome) => (outcome.ok ? null : outcome.message),
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    setSaveError(data.personId, message);
    return message;
  };
  const leads: LeadRows = {
    saved,
    crm,
    errors: saveErrors,
    onSave: (personId) => (live.some((p) => p.id === personId) ? save({ personId }) : undefined),
  };

  // The person on the active tab: saved and worked from the popup's first card (0 credits, no call).
  const saveTabPerson = async () =>
    tabId === null || !tabPerson?.id ? 'nobody to save on this tab.' : save({ personId: tabPerson.id, view: { tabId } });
  const tabCard = useLeadWork(tabPerson?.id, { save: saveTabPerson });

  // The panel opens first, while the click's user gesture is live; then it is told what to show.
  const inPanel = (tell: () => Promise<unknown>) => {
    openSidePanel(windowId.current);
    void tell().catch(() => undefined);
  };

  return (
    <PopupView
      meter={meter}
      searchPrice={pricesOf(meter).search}
      search={search.state}
      onSearch={search.run}
      onSearchAnyway={search.runAnyway}
      onPick={(record) => inPanel(() => sendMessage('showRecord', record))}
      onOpenSidePanel={() => openSidePanel(windowId.current)}
      onOpenSettings={() => void browser.runtime.openOptionsPage()}
      leads={leads}
      dueCount={dueCount}
      onOpenLeads={openLeadsPage}
      onOpenProspects={openProspectPage}
      tabState={tabState}
      tabLead={{
        card: tabCard,
        onSave: saveTabPerson,
        saveError: tabPerson && saveErrors.get(tabPerson.id),
        crm: tabPerson && crm.get(tabPerson.id),
      }}
      onLookUpTab={() => tabId !== null && inPanel(() => sendMessage('lookUp', { tabId }))}
    />
  );
}

/**
 * Opens the side panel (Chrome) or sidebar (Firefox). Call it synchronously inside a click handler: both
 * `sidePanel.open` and `sidebarAction.open` need the user gesture, which is lost after an await.
 */
function openSidePanel(windowId: number | undefined): void {
  const firefox = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  if (browser.sidePanel?.open) {
    void browser.sidePanel.open({ windowId: windowId ?? browser.windows.WINDOW_ID_CURRENT }).catch(() => undefined);
  } else if (firefox?.open) {
    void firefox.open().catch(() => undefined);
  }
}
