/*
 * The side panel's actions: the messages its two views (the followed tab, the popup's selection) send,
 * and what failed — a message the worker did not answer, a reveal or a save refused — kept per view.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { RevealFailure, ViewActions } from '@/components/sidepanel/view-actions';
import { sendMessage, type ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import { messageOf } from './use-status-line';

export type ViewKey = 'tab' | 'selection';

/** Why a save failed, by person id. */
type SaveFailures = ReadonlyMap<string, string>;
export const NO_FAILURES: SaveFailures = new Map();

/** The worker's refusal, or why it did not answer; null when it did what was asked. Never rejects. */
export const refusalOf = (answer: Promise<{ ok: true } | { ok: false; message: string }>): Promise<string | null> =>
  answer.then((outcome) => (outcome.ok ? null : outcome.message), messageOf);

/**
 * `recheckMarks`: a reveal or a save makes more of the person known, so their CRM mark is asked again
 * (the worker searches by it).
 */
export function usePanelActions(tabId: number | null, recheckMarks: () => void) {
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
