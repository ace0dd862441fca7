/*
 * The side panel's wiring: which tab to follow, the storage items to watch, and the messages user
 * actions send. Everything it renders is presentational (components/sidepanel).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { LeadRows } from '@/components/shared/save-lead';
import type { PeopleOnPageProps } from '@/components/sidepanel/people-on-page';
import { SidePanel } from '@/components/sidepanel/side-panel';
import type { RevealFailure, ViewActions } from '@/components/sidepanel/view-actions';
import type { Person } from '@/lib/api';
import { sendMessage, type ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import { pagePeopleItem, selectionItem } from '@/lib/tab-state/items';
import { revealSource } from '@/lib/credits/page-reveals';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { useSettings } from '@/hooks/use-settings';
import { isMatchState, type SelectionEntry } from '@/lib/tab-state/tab-state';
import { peopleInView } from '@/lib/tab-state/people-in-view';
import { openLeadsPage } from '@/lib/leads/leads-page';
import { openProspectPage } from '@/lib/prospect/prospect-page';
import { useLeadStatuses } from '@/lib/leads/page-leads';
import { useFollowedTab } from '@/hooks/use-followed-tab';
import { useMeter } from '@/hooks/use-meter';
import { useStorageValue } from '@/hooks/use-storage-value';
import { useTabState } from '@/hooks/use-tab-state';
import { useHeldCard } from '@/hooks/use-held-card';
import { useHubSpotMarks } from '@/hooks/use-hubspot-marks';
import { bareHandle } from '@/lib/leads/lead';
import { useWatchTab } from '@/hooks/use-watch-tab';
import { useLeadWork } from '@/hooks/use-lead-work';
import type { TabStatePush } from '@/lib/messaging/watch-port';

type ViewKey = 'tab' | 'selection';

const NO_ENTRIES: readonly SelectionEntry[] = [];
const openLeads = () => openLeadsPage();

/** Why a save failed, by person id. */
type SaveFailures = ReadonlyMap<string, string>;
const NO_FAILURES: SaveFailures = new Map();

/** The same map without `personId`, or with its message. */
function withFailure(failures: SaveFailures | undefined, personId: string, message: string | null): SaveFailures {
  const next = new Map(failures);
  if (message === null) next.delete(personId);
  else next.set(personId, message);
  return next;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function App() {
  const { tabId, pinned } = useFollowedTab();
  // While this panel shows a tab, profiles on it are looked up automatically (the default setting).
  // The worker pushes the shown tab's state as it writes it: the card need not wait for storage.session.
  const [pushed, setPushed] = useState<TabStatePush | null>(null);
  useWatchTab(tabId, setPushed);
  const [actionError, setActionError] = useState<string | null>(null);
  const [revealFailures, setRevealFailures] = useState<Partial<Record<ViewKey, RevealFailure | null>>>({});
  const [saveFailures, setSaveFailures] = useState<Partial<Record<ViewKey, SaveFailures>>>({});
  const revealsInFlight = useRef(new Set<string>());

  // ── state ──────────────────────────────────────────────────────────────────
  // A card stays while the tab's next profile is looked up, and the answer replaces it in place (no
  // skeleton for a few frames): see lib/tab-state/hold-card.ts.
  const tabState = useHeldCard(useTabState(tabId, pushed));
  // The back stack is shown over the tab it was opened over only (the worker clears it when that tab is
  // left; a stack not yet bound to a tab is a popup pick waiting for this panel).
  const selection = useStorageValue(selectionItem) ?? null;
  const stack: readonly SelectionEntry[] =
    selection && (selection.tabId === null || selection.tabId === tabId) ? selection.entries : NO_ENTRIES;
  const meter = useMeter();
  const prices = pricesOf(meter);
  const { settings, update: updateSettings } = useSettings();

  // Revealed channels have one copy, the reveal store: the shown person's entry for this account is
  // watched there, so a reveal made on another tab (or in the popup's card) shows here at no cost.
  const shown = stack.at(-1)?.state ?? tabState;
  const shownPersonId = isMatchState(shown) ? shown.person?.id : undefined;
  const accountId = meter?.accountId ?? null;
  const shownReveal = useMemo(
    () => (accountId && shownPersonId ? revealSource(accountId, shownPersonId) : null),
    [accountId, shownPersonId],
  );
  const revealed = useStorageValue(shownReveal);

  // "Saved · Contacted" wherever a lead appears in either view: read live from the leads database, so a
  // status changed on the Leads page (or a save from another tab) shows here at once.
  // "People on this page": the rows the worker keeps for this tab while the panel watches it.
  const pagePeopleSource = useMemo(() => (tabId === null ? null : pagePeopleItem(tabId)), [tabId]);
  const pagePeople = useStorageValue(pagePeopleSource) ?? null;
  const pagePeopleIds = (pagePeople?.rows ?? []).flatMap((r) => (r.record?.kind === 'person' ? [r.record.id] : []));
  const saved = useLeadStatuses([...peopleInView(tabState), ...peopleInView(stack.at(-1)?.state), ...pagePeopleIds]);
  // "In HubSpot" for the card(s) shown (asked when the person changes; the worker caches and batches).
  const cardPeople = useMemo(
    () =>
      [tabState, stack.at(-1)?.state].flatMap((v) =>
        v && isMatchState(v) && v.person
          ? [{ personId: v.person.id, linkedinUrl: v.person.linkedinUrl ?? null, xHandle: bareHandle(v.person.twitterHandle) }]
          : [],
      ),
    [tabState, stack],
  );
  const marks = useHubSpotMarks(cardPeople);
  const crm = marks.marks;
  // A reveal or a save makes more of the person known: their mark is asked again (the worker searches by it).
  const recheckMarks = useRef(marks.refresh);
  recheckMarks.current = marks.refresh;

  // A failure belongs to the tab it happened on.
  useEffect(() => {
    setRevealFailures((f) => ({ ...f, tab: null }));
    setSaveFailures((f) => ({ ...f, tab: NO_FAILURES }));
    setActionError(null);
  }, [tabId]);

  // ── actions ────────────────────────────────────────────────────────────────
  // Settles (never rejects) when the worker answered: a priced button waits for it before sending again.
  const send = useCallback(<T,>(p: Promise<T>): Promise<void> => {
    setActionError(null);
    return p.then(
      () => undefined,
      (e: unknown) => setActionError(messageOf(e)),
    );
  }, []);

  const reveal = useCallback(async (key: ViewKey, view: ViewRef, personId: string, quoted: number) => {
    // One reveal per person at a time, whatever the UI does.
    const flight = `${key}:${personId}`;
    if (revealsInFlight.current.has(flight)) return;
    revealsInFlight.current.add(flight);
    setRevealFailures((f) => ({ ...f, [key]: null }));
    try {
      const outcome = await sendMessage('reveal', { view, personId, confirmed: true, quoted });
      if (!outcome.ok) setRevealFailures((f) => ({ ...f, [key]: { personId, message: outcome.message } }));
      else recheckMarks.current();
    } catch (e) {
      setRevealFailures((f) => ({ ...f, [key]: { personId, message: messageOf(e) } }));
    } finally {
      revealsInFlight.current.delete(flight);
    }
  }, []);

  // Free (the worker keeps the record it already has): the answer only says whether it was kept.
  const saveLead = useCallback(async (key: ViewKey, view: ViewRef, personId: string): Promise<string | null> => {
    setSaveFailures((f) => ({ ...f, [key]: withFailure(f[key], personId, null) }));
    let message: string | null;
    try {
      const outcome = await sendMessage('saveLead', { personId, view });
      message = outcome.ok ? null : outcome.message;
      if (outcome.ok) recheckMarks.current();
    } catch (e) {
      message = messageOf(e);
    }
    if (message !== null) setSaveFailures((f) => ({ ...f, [key]: withFailure(f[key], personId, message) }));
    return message;
  }, []);

  const openSettings = useCallback(() => void browser.runtime.openOptionsPage(), []);

  const tabActions = useMemo<ViewActions>(() => {
    if (tabId === null) return { openSettings };
    const view: ViewRef = { tabId };
    return {
      openSettings,
      lookUp: (o) => send(sendMessage('lookUp', o?.override ? { tabId, override: true } : { tabId })),
      refresh: () => send(sendMessage('lookUp', { tabId, refresh: true })),
      searchAs: (q) => send(sendMessage('lookUp', { tabId, q })),
      pickCandidate: (pick) => void send(sendMessage('pickCandidate', { tabId, ...pick })),
      loadDetails: (target) => send(sendMessage('loadDetails', { view, target })),
      raiseBudgetToday: () => send(sendMessage('raiseBudgetToday', { tabId })),
      reveal: (personId, quoted) => void reveal('tab', view, personId, quoted),
      showPerson: (person: Person) => void send(sendMessage('openPerson', { from: view, personId: person.id })),
    };
  }, [tabId, openSettings, send, reveal]);

  const selectionActions = useMemo<ViewActions>(
    () => ({
      openSettings,
      loadDetails: (target) => send(sendMessage('loadDetails', { view: SELECTION, target })),
      reveal: (personId, quoted) => void reveal('selection', SELECTION, personId, quoted),
      showPerson: (person: Person) => void send(sendMessage('openPerson', { from: SELECTION, personId: person.id })),
    }),
    [openSettings, send, reveal],
  );

  // Each view's card: its lead editor ("Saved · {status}" opening status, follow-up, tags, note) and
  // its outreach actions, on the same leads database as the Leads page.
  const tabCardId = isMatchState(tabState) ? tabState.person?.id : undefined;
  const tabCard = useLeadWork(tabCardId, {
    save: tabId === null || !tabCardId ? undefined : () => saveLead('tab', { tabId }, tabCardId),
  });
  const selectionState = stack.at(-1)?.state;
  const selectionCardId = selectionState && isMatchState(selectionState) ? selectionState.person?.id : undefined;
  const selectionCard = useLeadWork(selectionCardId, {
    save: selectionCardId ? () => saveLead('selection', SELECTION, selectionCardId) : undefined,
  });

  const tabLeads = useMemo<LeadRows>(
    () => ({
      saved,
      crm,
      errors: saveFailures.tab ?? NO_FAILURES,
      card: tabCard,
      ...(tabId === null ? {} : { onSave: (personId: string) => saveLead('tab', { tabId }, personId) }),
    }),
    [saved, crm, saveFailures.tab, tabId, saveLead, tabCard],
  );
  const selectionLeads = useMemo<LeadRows>(
    () => ({
      saved,
      crm,
      errors: saveFailures.selection ?? NO_FAILURES,
      card: selectionCard,
      onSave: (personId: string) => saveLead('selection', SELECTION, personId),
    }),
    [saved, crm, saveFailures.selection, saveLead, selectionCard],
  );

  const people = useMemo<PeopleOnPageProps | null>(
    () =>
      pagePeople && tabId !== null
        ? {
            state: pagePeople,
            meter,
            saved,
            onLookUp: async (keys, quoted) => {
              try {
                const outcome = await sendMessage('lookUpPeople', { tabId, keys, quoted });
                return outcome.ok ? null : outcome.message;
              } catch (e) {
                return messageOf(e);
              }
            },
            // Free, one at a time (each finds its record in the worker's knowledge index).
            onSave: async (personIds) => {
              for (const personId of personIds) await send(sendMessage('saveLead', { personId }));
            },
          }
        : null,
    [pagePeople, tabId, meter, saved, send],
  );

  const back = useCallback(() => {
    setRevealFailures((f) => ({ ...f, selection: null }));
    setSaveFailures((f) => ({ ...f, selection: NO_FAILURES }));
    void send(sendMessage('back', undefined));
  }, [send]);

  const showNote = !!meter?.hasKey && !!settings && !settings.lookupNoteSeen;
  const firstUse = useMemo(
    () =>
      showNote && settings
        ? {
            mode: settings.autoLookup,
            price: prices.search,
            onOpenSettings: openSettings,
            onDismiss: () => void updateSettings({ lookupNoteSeen: true }),
          }
        : null,
    [showNote, settings, prices.search, openSettings, updateSettings],
  );

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
        stack={stack}
        meter={meter}
        prices={prices}
        tabActions={tabActions}
        selectionActions={selectionActions}
        tabRevealFailure={revealFailures.tab}
        selectionRevealFailure={revealFailures.selection}
        revealed={revealed ?? null}
        tabLeads={tabLeads}
        people={people}
        selectionLeads={selectionLeads}
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
