/*
 * The Leads page's state: the leads read once (a live query: any page or the worker changing a lead
 * redraws it), searched, filtered and sorted in memory (use-lead-list.ts), the revealed channels from
 * the worker's one reveal store, and what each action writes or sends (a hook per concern). The store
 * and the clock come in so a page test runs it on a fake IndexedDB.
 */
import { useMemo } from 'react';
import { dayKey } from '@/lib/credits/day-key';
import type { LeadStore } from '@/lib/leads/lead-store';
import { pageLeads } from '@/lib/leads/page-leads';
import { useAllLeads } from './use-all-leads';
import { useEnrichList } from './use-enrich-list';
import { useLeadChanges } from './use-lead-changes';
import { useLeadList } from './use-lead-list';
import { useLeadWork } from './use-lead-work';
import { useLeadsCrm } from './use-leads-crm';
import { useLeadsFiles } from './use-leads-files';
import { useMeter } from './use-meter';
import { useOpenLead } from './use-open-lead';
import { usePageReveals } from './use-page-reveals';
import { usePaidLeadActions } from './use-paid-lead-actions';
import { usePendingEdits } from './use-pending-edits';
import { useSelection } from './use-selection';
import { useStatusLine } from './use-status-line';

export function useLeadsPage({ store: given, now, search }: { store: LeadStore | undefined; now: () => number; search: string }) {
  const store = given ?? pageLeads();
  const { leads, readAll } = useAllLeads(store);
  const status = useStatusLine();
  const { say, write } = status;
  const { all, byId, edit } = usePendingEdits(leads, write);
  const meter = useMeter();
  const revealed = usePageReveals(meter);
  const today = dayKey(now());
  const list = useLeadList(all, { search, today, revealed: revealed.revealedChannels });
  // The leads ticked: what bulk actions, the export and the HubSpot send act on.
  const selection = useSelection();
  // Only the leads still there: a lead deleted elsewhere drops out of the selection's count.
  const selectedLeads = useMemo(() => [...selection.selected].flatMap((id) => byId.get(id) ?? []), [selection.selected, byId]);
  const opened = useOpenLead(store, byId);
  const selectedIds = selectedLeads.map((l) => l.personId);
  // The HubSpot send acts on the ticked leads, else on the open one.
  const sendScope = selectedIds.length > 0 ? selectedIds : opened.openLead ? [opened.openLead.personId] : [];
  const crm = useLeadsCrm(store, all, revealed.revealedChannels);
  const files = useLeadsFiles({
    store,
    selectedLeads,
    matches: list.matches,
    revealed,
    crmLinks: crm.crmLinks,
    now,
    today,
    status,
    readAll,
  });
  // Deleted leads leave the selection and close if open.
  const onRemoved = (ids: readonly string[]) => {
    selection.drop(ids);
    opened.forget(ids);
  };
  const changes = useLeadChanges({ store, edit, status, onRemoved });
  const paid = usePaidLeadActions(say);
  const enrich = useEnrichList();
  // Its outreach: a message from the card is recorded on the lead, said on this page's status line.
  const openWork = useLeadWork(opened.openId ?? undefined, { now, store, say });
  return {
    leads,
    all,
    byId,
    status,
    meter,
    revealed,
    today,
    list,
    selection,
    selectedLeads,
    selectedIds,
    sendScope,
    opened,
    crm,
    files,
    changes,
    paid,
    enrich,
    openWork,
  };
}
