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
import type { RevealFailure, ViewActions, ViewBinding } from '@/components/sidepanel/view-actions';
import { sendMessage, type ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import { bareHandle } from '@/lib/leads/lead';
import { useLeadStatuses, useTagChoices } from '@/lib/leads/page-leads';
import { pagePeopleItem } from '@/lib/tab-state/items';
import { peopleInView } from '@/lib/tab-state/people-in-view';
import { isMatchState, type CreditMeter, type ViewState } from '@/lib/tab-state/tab-state';
import { useHubSpotMarks } from './use-hubspot-marks';
import { useLeadWork } from './use-lead-work';
import { messageOf } from './use-status-line';
import { useStorageValue } from './use-storage-value';

type ViewKey = 'tab' | 'selection';
type View = ViewState | null | undefined;

/** Why a save failed, by person id. */
type SaveFailures = ReadonlyMap<string, string>;
const NO_FAILURES: SaveFailures = new Map();

/** The worker's refusal, or why it did not answer; null when it did what was asked. Never rejects. */
const refusalOf = (answer: Promise<{ ok: true } | { ok: false; message: string }>): Promise<string | null> =>
  answer.then((outcome) => (outcome.ok ? null : outcome.message), messageOf);

/**
 * `recheckMarks`: a reveal or a save makes more of the person known, so their CRM mark is asked again
 * (the worker searches by it).
 */
function useViewActions(tabId: number | null, recheckMarks: () => void) {
  const [actionError, setActionError] = useState<string | null>(null);
  const [revealFailures, setRevealFailures] = useState<Partial<Record<ViewKey, RevealFailure | null>>>({});
  const [saveFailures, setSaveFailures] = useState<Partial<Record<ViewKey, SaveFailures>>>({});
  const revealsInFlight = useRef(new Set<string>());
  const recheck = useRef(recheckMarks);
  recheck.current = recheckMarks;

  // A failure belongs to the view it happened in: the tab's go with the tab, the selection's with "Back".
  const clearFailures = (key: ViewKey) => {
    setRevealFailures((f) => ({ ...f, [key]: null }));
    setSaveFailures((f) => ({ ...f, [key]: NO_FAILURES }));
  };
  useEffect(() => {
    clearFailures('tab');
    setActionError(null);
  }, [tabId]);

  // Settles (never rejects) when the worker answered: a priced button waits for it before sending again.
  const send = useCallback(<T>(p: Promise<T>): Promise<void> => {
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
    const message = await refusalOf(sendMessage('reveal', { view, personId, confirmed: true, quoted }));
    revealsInFlight.current.delete(flight);
    if (message === null) recheck.current();
    else setRevealFailures((f) => ({ ...f, [key]: { personId, message } }));
  }, []);

  // Free (the worker keeps the record it already has): the answer only says whether it was kept.
  const saveLead = useCallback(async (key: ViewKey, view: ViewRef, personId: string): Promise<string | null> => {
    const fail = (message: string | null) =>
      setSaveFailures((f) => {
        const next = new Map(f[key]);
        if (message === null) next.delete(personId);
        else next.set(personId, message);
        return { ...f, [key]: next };
      });
    fail(null);
    const message = await refusalOf(sendMessage('saveLead', { personId, view }));
    if (message === null) recheck.current();
    else fail(message);
    return message;
  }, []);

  const openSettings = useCallback(() => void browser.runtime.openOptionsPage(), []);
  const actions = useMemo(() => {
    // What either view's card asks for: its details, reveal and people.
    const card = (key: ViewKey, view: ViewRef): ViewActions => ({
      openSettings,
      loadDetails: (target) => send(sendMessage('loadDetails', { view, target })),
      reveal: (personId, quoted) => void reveal(key, view, personId, quoted),
      showPerson: (person) => void send(sendMessage('openPerson', { from: view, personId: person.id })),
    });
    // The followed tab's card, and its lookups (none but the settings while no tab is followed); the
    // selection shows a pick: no lookup.
    const tab: ViewActions =
      tabId === null
        ? { openSettings }
        : {
            ...card('tab', { tabId }),
            lookUp: (o) => send(sendMessage('lookUp', o?.override ? { tabId, override: true } : { tabId })),
            refresh: () => send(sendMessage('lookUp', { tabId, refresh: true })),
            searchAs: (q) => send(sendMessage('lookUp', { tabId, q })),
            pickCandidate: (pick) => void send(sendMessage('pickCandidate', { tabId, ...pick })),
            raiseBudgetToday: () => send(sendMessage('raiseBudgetToday', { tabId })),
          };
    return { tab, selection: card('selection', SELECTION) };
  }, [tabId, openSettings, send, reveal]);

  const back = useCallback(() => {
    clearFailures('selection');
    void send(sendMessage('back', undefined));
  }, [send]);

  return {
    actionError,
    dismissError: () => setActionError(null),
    revealFailures,
    saveFailures,
    send,
    saveLead,
    openSettings,
    actions,
    back,
  };
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
 * A view's card: its lead editor ("Saved · {status}" opening status, follow-up, tags, note) and its
 * outreach actions, on the same leads database as the Leads page. `view` null: it cannot save.
 */
function useCardLead(state: View, key: ViewKey, view: ViewRef | null, saveLead: ReturnType<typeof useViewActions>['saveLead']) {
  const personId = isMatchState(state) ? state.person?.id : undefined;
  return useLeadWork(personId, { save: view && personId ? () => saveLead(key, view, personId) : undefined });
}

/**
 * The panel's two views wired: each one's binding (its actions, reveal failure and leads), "People on
 * this page", and what the panel says of a message the worker did not answer.
 */
export function usePanelActions(tabId: number | null, tabState: View, selectionState: View, meter: CreditMeter | null) {
  const { marks: crm, refresh } = usePanelMarks(tabState, selectionState);
  // `panel`: the unanswered message and its dismissal, the settings, Back.
  const { actions, revealFailures, saveFailures, saveLead, send, ...panel } = useViewActions(tabId, refresh);
  // "People on this page": the rows the worker keeps for this tab while the panel watches it.
  const pagePeopleSource = useMemo(() => (tabId === null ? null : pagePeopleItem(tabId)), [tabId]);
  const pagePeople = useStorageValue(pagePeopleSource) ?? null;
  const pagePeopleIds = (pagePeople?.rows ?? []).flatMap((r) => (r.record?.kind === 'person' ? [r.record.id] : []));
  // "Saved · Contacted" wherever a lead appears, read live from the leads database (a change on the Leads page shows at once).
  const saved = useLeadStatuses([...peopleInView(tabState), ...peopleInView(selectionState), ...pagePeopleIds]);
  const tagChoices = useTagChoices(pagePeople !== null);

  const tabView = useMemo(() => (tabId === null ? null : { tabId }), [tabId]);
  const tabCard = useCardLead(tabState, 'tab', tabView, saveLead);
  const selectionCard = useCardLead(selectionState, 'selection', SELECTION, saveLead);

  // Memoised for the memoised SidePanel. Each view's rows: the same statuses and marks, its own save
  // failures, card and saves (none without a tab).
  const views = useMemo(() => {
    const bind = (key: ViewKey, view: ViewRef | null, card: LeadRows['card']): ViewBinding => ({
      actions: actions[key],
      revealFailure: revealFailures[key],
      leads: {
        saved,
        crm,
        errors: saveFailures[key] ?? NO_FAILURES,
        card,
        ...(view && { onSave: (id: string) => saveLead(key, view, id) }),
      },
    });
    return { tab: bind('tab', tabView, tabCard), selection: bind('selection', SELECTION, selectionCard) };
  }, [actions, revealFailures, saved, crm, saveFailures, tabView, saveLead, tabCard, selectionCard]);

  const people = useMemo<PeopleOnPageProps | null>(
    () => (pagePeople && tabId !== null ? { state: pagePeople, meter, saved, tagChoices, ...peopleOnPageActions(tabId, send) } : null),
    [pagePeople, tabId, meter, saved, tagChoices, send],
  );
  return { ...views, people, ...panel };
}

/** "People on this page": look rows up (the worker's refusal, if any, is the answer) and save them. */
function peopleOnPageActions(tabId: number, send: <T>(p: Promise<T>) => Promise<void>): Pick<PeopleOnPageProps, 'onLookUp' | 'onSave'> {
  return {
    onLookUp: (keys, quoted, raise) => refusalOf(sendMessage('lookUpPeople', { tabId, keys, quoted, ...(raise ? { raise } : {}) })),
    // Free, one at a time (each finds its record in the worker's knowledge index).
    onSave: async (personIds, tag) => {
      for (const personId of personIds) await send(sendMessage('saveLead', { personId, tag }));
    },
  };
}
