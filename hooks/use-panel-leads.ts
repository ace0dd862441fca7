/*
 * The side panel's leads: "Saved · {status}" and "In HubSpot" wherever a person appears in either view,
 * each view's card editor and outreach, and "People on this page" with its lookup and saves.
 */
import { useMemo } from 'react';
import type { LeadRows } from '@/components/shared/save-lead';
import type { PeopleOnPageProps } from '@/components/sidepanel/people-on-page';
import type { ViewBinding } from '@/components/sidepanel/view-actions';
import { sendMessage, type ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import { bareHandle } from '@/lib/leads/lead';
import { useLeadStatuses, useTagChoices } from '@/lib/leads/page-leads';
import { pagePeopleItem } from '@/lib/tab-state/items';
import { peopleInView } from '@/lib/tab-state/people-in-view';
import { isMatchState, type CreditMeter, type ViewState } from '@/lib/tab-state/tab-state';
import { useHubSpotMarks } from './use-hubspot-marks';
import { useLeadWork } from './use-lead-work';
import { NO_FAILURES, refusalOf, type usePanelActions, type ViewKey } from './use-panel-actions';
import { useStorageValue } from './use-storage-value';

type View = ViewState | null | undefined;

/** "In HubSpot" for the card(s) shown (asked when the person changes; the worker caches and batches). */
export function usePanelMarks(tabState: View, selectionState: View) {
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

type PanelActions = ReturnType<typeof usePanelActions>;

/**
 * A view's card: its lead editor ("Saved · {status}" opening status, follow-up, tags, note) and its
 * outreach actions, on the same leads database as the Leads page. `view` null: it cannot save.
 */
function useCardLead(state: View, key: ViewKey, view: ViewRef | null, saveLead: PanelActions['saveLead']) {
  const personId = isMatchState(state) ? state.person?.id : undefined;
  return useLeadWork(personId, { save: view && personId ? () => saveLead(key, view, personId) : undefined });
}

interface PanelLeadsInput {
  tabId: number | null;
  tabState: View;
  selectionState: View;
  meter: CreditMeter | null;
  crm: ReturnType<typeof useHubSpotMarks>['marks'];
  actions: PanelActions;
}

/** Each view's binding (its actions, reveal failure and leads), and "People on this page". */
export function usePanelLeads({ tabId, tabState, selectionState, meter, crm, actions }: PanelLeadsInput) {
  const { saveLead, saveFailures, revealFailures, send } = actions;
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
      actions: actions.actions[key],
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
  }, [actions.actions, revealFailures, saved, crm, saveFailures, tabView, saveLead, tabCard, selectionCard]);

  const people = useMemo<PeopleOnPageProps | null>(
    () => (pagePeople && tabId !== null ? { state: pagePeople, meter, saved, tagChoices, ...peopleOnPageActions(tabId, send) } : null),
    [pagePeople, tabId, meter, saved, tagChoices, send],
  );
  return { ...views, people };
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
