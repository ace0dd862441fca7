/*
 * The Leads page's wiring: the leads read once (a live query: any page or the worker changing a lead
 * redraws it), searched, filtered and sorted in memory (hooks/use-lead-list.ts), the revealed channels
 * from the worker's one reveal store, and what each action writes or sends (a hook per concern in
 * hooks/). Everything drawn is presentational (components/leads). The store and the clock come in as
 * props so a page test runs it on a fake IndexedDB.
 */
import { useRef, type CSSProperties } from 'react';
import { ActionStatus } from '@/components/leads/action-status';
import { EnrichList, type EnrichListProps } from '@/components/leads/enrich-list';
import { LeadDetail } from '@/components/leads/lead-detail';
import { leadsCountText } from '@/components/leads/lead-text';
import type { OutreachProps } from '@/components/shared/outreach-actions';
import { LeadsEmpty } from '@/components/leads/leads-empty';
import { LeadsFilters } from '@/components/leads/leads-filters';
import { LeadsHeader } from '@/components/leads/leads-header';
import { COMPACT_LEADS_QUERY, LeadsTable } from '@/components/leads/leads-table';
import { SelectionActions } from '@/components/leads/selection-actions';
import { useAllLeads } from '@/hooks/use-all-leads';
import { useEnrichList } from '@/hooks/use-enrich-list';
import { useHeight } from '@/hooks/use-height';
import { useLeadChanges } from '@/hooks/use-lead-changes';
import { useLeadList } from '@/hooks/use-lead-list';
import { useLeadSelection } from '@/hooks/use-lead-selection';
import { useLeadWork } from '@/hooks/use-lead-work';
import { useLeadsCrm } from '@/hooks/use-leads-crm';
import { useLeadsFiles } from '@/hooks/use-leads-files';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useMeter } from '@/hooks/use-meter';
import { useOpenLead } from '@/hooks/use-open-lead';
import { usePageReveals } from '@/hooks/use-page-reveals';
import { usePaidLeadActions } from '@/hooks/use-paid-lead-actions';
import { usePendingEdits } from '@/hooks/use-pending-edits';
import { useStatusLine } from '@/hooks/use-status-line';
import { dayKey } from '@/lib/credits/day-key';
import type { Lead } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import { pageLeads } from '@/lib/leads/page-leads';
import { openProspectPage } from '@/lib/prospect/prospect-page';
import type { CreditMeter } from '@/lib/tab-state/tab-state';

export interface LeadsAppProps {
  /** This page's store (default: the extension's leads database). */
  store?: LeadStore;
  now?: () => number;
  /** The page's query string (`?filter=due` opens it on the follow-ups due). */
  search?: string;
}

export function LeadsApp({ store: given, now = Date.now, search = location.search }: LeadsAppProps) {
  const store = given ?? pageLeads();
  const { leads, readAll } = useAllLeads(store);
  const status = useStatusLine();
  const { say, write } = status;
  const { all, byId, edit } = usePendingEdits(leads, write);
  const meter = useMeter();
  const revealed = usePageReveals(meter);
  const today = dayKey(now());
  const list = useLeadList(all, { search, today, revealed: revealed.revealedChannels });
  const selection = useLeadSelection(byId);
  const { selectedLeads } = selection;
  const opened = useOpenLead(store, byId);
  const { openLead } = opened;
  const narrow = useMediaQuery(COMPACT_LEADS_QUERY);
  const crm = useLeadsCrm(store, all, revealed.revealedChannels);
  const sendScope = selectedLeads.length > 0 ? selectedLeads.map((l) => l.personId) : openLead ? [openLead.personId] : [];
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
  const onRemoved = (ids: readonly string[]) => {
    selection.drop(ids);
    opened.forget(ids);
  };
  const changes = useLeadChanges({ store, edit, status, onRemoved });
  const paid = usePaidLeadActions(say);
  const enrich = useEnrichList();
  // Its outreach: a message from the card is recorded on the lead, said on this page's status line.
  const openWork = useLeadWork(opened.openId ?? undefined, { now, store, say });
  // Below 1,100 px the open lead is a panel under the sticky header (leads.css): it needs the header's height.
  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useHeight(headerRef);
  const selectedIds = selectedLeads.map((l) => l.personId);
  // "31 leads · 280 credits": what the leads shown cost, shares of list pages included.
  const count = leads === undefined ? 'Loading leads…' : leadsCountText(list.matches, all.length);

  return (
    <main className="leads" style={{ '--leads-header': `${headerHeight}px` } as CSSProperties}>
      <LeadsHeader
        ref={headerRef}
        onFindProspects={openProspectPage}
        enrich={{ open: enrich.open, onToggle: enrich.toggle }}
        files={files}
        onRefreshMarks={crm.marking ? crm.refreshMarks : undefined}
        sendCount={sendScope.length}
        onOpenSend={() => crm.send.start(sendScope)}
        send={crm.send}
      />
      <LeadsFilters filter={list.filter} tags={list.tags} sort={list.sort} onFilter={list.changeFilter} onSort={list.setSort} />
      {selectedLeads.length > 0 && (
        <SelectionActions
          count={selectedLeads.length}
          onStatus={(s) => void changes.bulkStatus(selectedIds, s)}
          onAddTags={(t) => void changes.bulkTags(selectedIds, { addTags: t })}
          onRemoveTags={(t) => void changes.bulkTags(selectedIds, { removeTags: t })}
          onDelete={() => void changes.remove(selectedIds)}
          onClear={selection.clear}
        />
      )}
      <div className="leads__statusbar">
        <p className="leads__count" role="status">
          {count}
        </p>
        <ActionStatus message={status.message} undoRef={status.undoRef} />
      </div>
      {enrich.open && <EnrichRegion enrich={enrich} leadIds={byId} onOpenLead={opened.open} />}
      <div className={openLead ? 'leads__body leads__body--open' : 'leads__body'}>
        {leads !== undefined && all.length === 0 && <LeadsEmpty onFindProspects={openProspectPage} onEnrichList={enrich.show} />}
        {all.length > 0 && (
          <LeadsTable
            rows={list.rows}
            matching={list.matches.length}
            selected={selection.selected}
            reveals={revealed.reveals}
            today={today}
            sort={list.sort}
            openId={opened.openId}
            onSelect={selection.select}
            onOpen={opened.open}
            onShowMore={list.showMore}
            showMoreCount={list.showMoreCount}
            compact={openLead !== undefined || narrow}
            crm={crm.rowText}
            onCrmChoice={crm.chooseFor}
          />
        )}
        {openLead && (
          <OpenLeadPanel lead={openLead} page={{ opened, revealed, meter, today, paid, changes, outreach: openWork?.outreach }} />
        )}
      </div>
    </main>
  );
}

/** "Enrich a list": a person found who is a lead opens here, like a name in the table. */
function EnrichRegion({
  enrich,
  ...leads
}: { enrich: ReturnType<typeof useEnrichList> } & Pick<EnrichListProps['leads'], 'leadIds' | 'onOpenLead'>) {
  return (
    <EnrichList
      onClose={enrich.close}
      draft={enrich.draft}
      run={enrich.run}
      leads={{ ...leads, tagChoices: enrich.tagChoices, onSave: enrich.save, message: enrich.saveMessage }}
    />
  );
}

interface OpenLeadPanelProps {
  lead: Lead;
  page: {
    opened: ReturnType<typeof useOpenLead>;
    revealed: ReturnType<typeof usePageReveals>;
    meter: CreditMeter | null;
    today: string;
    paid: ReturnType<typeof usePaidLeadActions>;
    changes: ReturnType<typeof useLeadChanges>;
    outreach: OutreachProps | undefined;
  };
}

/** The open lead: its snapshot and reveals, its paid actions and its edits. */
function OpenLeadPanel({ lead, page: { opened, revealed, meter, today, paid, changes, outreach } }: OpenLeadPanelProps) {
  return (
    <LeadDetail
      ref={opened.detailRef}
      lead={lead}
      snapshot={opened.snapshot}
      reveals={revealed.reveals.get(lead.personId)}
      accountInUse={revealed.accountInUse}
      meter={meter}
      today={today}
      revealing={paid.revealingFor(lead.personId)}
      revealError={paid.revealErrorFor(lead.personId)}
      costShares={opened.costShares}
      onPatch={(patch) => void changes.update(lead, patch)}
      onAddNote={(text) => void changes.addNote(lead, text)}
      onRefresh={() => paid.refresh(lead)}
      onReveal={(quoted) => void paid.reveal(lead, quoted)}
      onDelete={() => void changes.remove([lead.personId])}
      onClose={opened.close}
      outreach={outreach}
    />
  );
}
