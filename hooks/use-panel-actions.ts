/*
 * The side panel's actions and leads: the messages its two views (the followed tab, the popup's
 * selection) send, what failed — a message the worker did not answer, a reveal or a save refused — kept
 * per view, and the leads in view: "Saved · {status}" and "In HubSpot" wherever a person appears in either
 * view, each view's card editor and outreach, and "People on this page" with its lookup and saves.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { LeadRows } from '@/components/shared/save-lead';
import type { PeopleOnPageProps } from '@/components/sidepanel/people-on-page';
import type { RevealFailure, ViewActions, ViewBinding } from '@/components/sidepanel/tab-state-view';
import { sendMessage, type ViewRef } from '@/lib/messaging/protocol';
import { isSelectionRef, SELECTION } from '@/lib/messaging/view-ref';
import { bareHandle } from '@/lib/leads/lead';
import { useLeadStatuses, useTagChoices } from '@/lib/leads/page-leads';
import { pagePeopleItem } from '@/lib/tab-state/items';
import { isMatchState, peopleInView, type CreditMeter, type ViewState } from '@/lib/tab-state/tab-state';
import { useHubSpotMarks } from './use-hubspot-marks';
import { useLeadWork } from './use-lead-work';
import { messageOf } from './use-status-line';
import { useStorageValue } from './use-storage-value';

type View = ViewState | null | undefined;

/** Settles (never rejects) when the worker answered: a priced button waits for it before sending again. */
type Send = <T>(p: Promise<T>) => Promise<void>;

/** Why a save failed, by person id. */
type SaveFailures = ReadonlyMap<string, string>;
const NO_FAILURES: SaveFailures = new Map();

/** The worker's refusal, or why it did not answer; null when it did what was asked. Never rejects. */
const refusalOf = (answer: Promise<{ ok: true } | { ok: false; message: string }>): Promise<string | null> =>
  answer.then((outcome) => (outcome.ok ? null : outcome.message), messageOf);

/** What both views share. `recheck`: a reveal or a save makes more of the person known, so their CRM mark is asked again (the worker searches by it). */
interface Shared extends Pick<LeadRows, 'saved' | 'crm'> {
  send: Send;
  recheck: () => void;
  openSettings: () => void;
}

/**
 * One view wired: the followed tab's (`view` null while no tab is known: only the settings, no saves) or
 * the selection's (a pick: no lookup). Its actions, its reveal and save failures, and its leads with its
 * card's lead editor and outreach, on the same leads database as the Leads page. A failure belongs to
 * the view it happened in: the tab's go with the tab, the selection's with "Back" (`clear`).
 */
function useView(view: ViewRef | null, state: View, shared: Shared): { binding: ViewBinding; clear: () => void } {
  const { send, openSettings, saved, crm } = shared;
  const [revealFailure, setRevealFailure] = useState<RevealFailure | null>(null);
  const [saveFailures, setSaveFailures] = useState<SaveFailures>(NO_FAILURES);
  const revealsInFlight = useRef(new Set<string>());
  const recheck = useRef(shared.recheck);
  recheck.current = shared.recheck;
  const clear = useCallback(() => {
    setRevealFailure(null);
    setSaveFailures(NO_FAILURES);
  }, []);
  useEffect(clear, [view, clear]);

  // Free (the worker keeps the record it already has): the answer only says whether it was kept.
  const save = useMemo(() => {
    if (!view) return undefined;
    return async (personId: string): Promise<string | null> => {
      const fail = (message: string | null) =>
        setSaveFailures((f) => {
          const next = new Map(f);
          if (message === null) next.delete(personId);
          else next.set(personId, message);
          return next;
        });
      fail(null);
      const message = await refusalOf(sendMessage('saveLead', { personId, view }));
      if (message === null) recheck.current();
      else fail(message);
      return message;
    };
  }, [view]);

  const actions = useMemo((): ViewActions => {
    if (!view) return { openSettings };
    // What either view's card asks for: its details, reveal and people.
    const card: ViewActions = {
      openSettings,
      loadDetails: (target) => send(sendMessage('loadDetails', { view, target })),
      reveal: (personId, quoted) => {
        // One reveal per person at a time, whatever the UI does.
        if (revealsInFlight.current.has(personId)) return;
        revealsInFlight.current.add(personId);
        setRevealFailure(null);
        void refusalOf(sendMessage('reveal', { view, personId, confirmed: true, quoted })).then((message) => {
          revealsInFlight.current.delete(personId);
          if (message === null) recheck.current();
          else setRevealFailure({ personId, message });
        });
      },
      showPerson: (person) => void send(sendMessage('openPerson', { from: view, personId: person.id })),
    };
    if (isSelectionRef(view)) return card;
    const { tabId } = view;
    return {
      ...card,
      lookUp: (o) => send(sendMessage('lookUp', o?.override ? { tabId, override: true } : { tabId })),
      refresh: () => send(sendMessage('lookUp', { tabId, refresh: true })),
      searchAs: (q) => send(sendMessage('lookUp', { tabId, q })),
      pickCandidate: (pick) => void send(sendMessage('pickCandidate', { tabId, ...pick })),
      raiseBudgetToday: () => send(sendMessage('raiseBudgetToday', { tabId })),
    };
  }, [view, openSettings, send]);

  const personId = isMatchState(state) ? state.person?.id : undefined;
  const card = useLeadWork(personId, { save: save && personId ? () => save(personId) : undefined });
  // Memoised for the memoised SidePanel.
  const binding = useMemo(
    () => ({ actions, revealFailure, leads: { saved, crm, errors: saveFailures, card, ...(save && { onSave: save }) } }),
    [actions, revealFailure, saved, crm, saveFailures, card, save],
  );
  return { binding, clear };
}

/** "In HubSpot" for the card(s) shown (asked when the person changes; the worker caches and batches). */
function usePanelMarks(tabState: View, selectionState: View) {
  const cardPeople = useMemo(
    () =>
      [tabState, selectionState].flatMap((v) =>
        v && isMatchState(v) && v.person
          ? [{ personId: v.person.id, linkedinUrl: v.person.linkedinUrl ?? null, xHandle: bareHandle(v.person.twitterHandle) }]
          : [],
      ),
    [tabState, selectionState],
  );
  return useHubSpotMarks(cardPeople);
}

/**
 * The panel's two views wired: each one's binding (its actions, reveal failure and leads), "People on
 * this page", and what the panel says of a message the worker did not answer.
 */
export function usePanelActions(tabId: number | null, tabState: View, selectionState: View, meter: CreditMeter | null) {
  const { marks: crm, refresh: recheck } = usePanelMarks(tabState, selectionState);
  const [actionError, setActionError] = useState<string | null>(null);
  useEffect(() => setActionError(null), [tabId]);
  const send = useCallback<Send>((p) => {
    setActionError(null);
    return p.then(
      () => undefined,
      (e: unknown) => setActionError(messageOf(e)),
    );
  }, []);
  const openSettings = useCallback(() => void browser.runtime.openOptionsPage(), []);

  // "People on this page": the rows the worker keeps for this tab while the panel watches it.
  const pagePeopleSource = useMemo(() => (tabId === null ? null : pagePeopleItem(tabId)), [tabId]);
  const pagePeople = useStorageValue(pagePeopleSource) ?? null;
  const pagePeopleIds = (pagePeople?.rows ?? []).flatMap((r) => (r.record?.kind === 'person' ? [r.record.id] : []));
  // "Saved · Contacted" wherever a lead appears, read live from the leads database (a change on the Leads page shows at once).
  const saved = useLeadStatuses([...peopleInView(tabState), ...peopleInView(selectionState), ...pagePeopleIds]);
  const tagChoices = useTagChoices(pagePeople !== null);

  const shared = { send, openSettings, saved, crm, recheck };
  const tabView = useMemo(() => (tabId === null ? null : { tabId }), [tabId]);
  const tab = useView(tabView, tabState, shared);
  const selection = useView(SELECTION, selectionState, shared);
  const clearSelection = selection.clear;
  const back = useCallback(() => {
    clearSelection();
    void send(sendMessage('back', undefined));
  }, [clearSelection, send]);

  const people = useMemo<PeopleOnPageProps | null>(
    () => (pagePeople && tabId !== null ? { state: pagePeople, meter, saved, tagChoices, ...peopleOnPageActions(tabId, send) } : null),
    [pagePeople, tabId, meter, saved, tagChoices, send],
  );
  return {
    tab: tab.binding,
    selection: selection.binding,
    people,
    actionError,
    dismissError: () => setActionError(null),
    openSettings,
    back,
  };
}

/** "People on this page": look rows up (the worker's refusal, if any, is the answer) and save them. */
function peopleOnPageActions(tabId: number, send: Send): Pick<PeopleOnPageProps, 'onLookUp' | 'onSave'> {
  return {
    onLookUp: (keys, quoted, raise) => refusalOf(sendMessage('lookUpPeople', { tabId, keys, quoted, ...(raise ? { raise } : {}) })),
    // Free, one at a time (each finds its record in the worker's knowledge index).
    onSave: async (personIds, tag) => {
      for (const personId of personIds) await send(sendMessage('saveLead', { personId, tag }));
    },
  };
}
