/*
 * The Leads page's wiring: its state and actions come from hooks/use-leads-page.ts; everything drawn
 * is presentational (components/leads). The store and the clock come in as props so a page test runs
 * it on a fake IndexedDB.
 */
import { useRef, type CSSProperties } from 'react';
import { ActionStatus } from '@/components/leads/action-status';
import { EnrichList } from '@/components/leads/enrich-list';
import { LeadDetail } from '@/components/leads/lead-detail';
import { leadsCountText } from '@/components/leads/lead-text';
import { LeadsEmpty } from '@/components/leads/leads-empty';
import { LeadsFilters } from '@/components/leads/leads-filters';
import { LeadsHeader } from '@/components/leads/leads-header';
import { COMPACT_LEADS_QUERY, LeadsTable } from '@/components/leads/leads-table';
import { SelectionActions } from '@/components/leads/selection-actions';
import { useHeight } from '@/hooks/use-height';
import { useLeadsPage } from '@/hooks/use-leads-page';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { LeadStore } from '@/lib/leads/lead-store';
import { openProspectPage } from '@/lib/prospect/prospect-page';

export interface LeadsAppProps {
  /** This page's store (default: the extension's leads database). */
  store?: LeadStore;
  now?: () => number;
  /** The page's query string (`?filter=due` opens it on the follow-ups due). */
  search?: string;
}

export function LeadsApp({ store: given, now = Date.now, search = location.search }: LeadsAppProps) {
  const page = useLeadsPage({ store: given, now, search });
  const { list, selection, selectedIds, opened, crm, changes, enrich, revealed, today } = page;
  const { openLead } = opened;
  const narrow = useMediaQuery(COMPACT_LEADS_QUERY);
  // Below 1,100 px the open lead is a panel under the sticky header (leads.css): it needs the header's height.
  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useHeight(headerRef);
  // "31 leads · 280 credits": what the leads shown cost, shares of list pages included.
  const count = page.leads === undefined ? 'Loading leads…' : leadsCountText(list.matches, page.all.length);

  return (
    <main className="leads" style={{ '--leads-header': `${headerHeight}px` } as CSSProperties}>
      <LeadsHeader
        ref={headerRef}
        onFindProspects={openProspectPage}
        enrich={{ open: enrich.open, onToggle: () => enrich.setOpen(!enrich.open) }}
        files={changes.files}
        onRefreshMarks={crm.marking ? crm.refreshMarks : undefined}
        sendScope={page.sendScope}
        send={crm.send}
      />
      <LeadsFilters filter={list.filter} tags={list.tags} sort={list.sort} onFilter={list.changeFilter} onSort={list.setSort} />
      {page.selectedLeads.length > 0 && (
        <SelectionActions
          count={page.selectedLeads.length}
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
        <ActionStatus message={page.status.message} undoRef={page.status.undoRef} />
      </div>
      {/* "Enrich a list": a person found who is a lead opens here, like a name in the table. */}
      {enrich.open && (
        <EnrichList
          onClose={() => enrich.setOpen(false)}
          draft={enrich.draft}
          run={enrich.run}
          leads={{ ...enrich.leads, leadIds: page.byId, onOpenLead: opened.open }}
        />
      )}
      <div className={openLead ? 'leads__body leads__body--open' : 'leads__body'}>
        {page.leads !== undefined && page.all.length === 0 && (
          <LeadsEmpty onFindProspects={openProspectPage} onEnrichList={() => enrich.setOpen(true)} />
        )}
        {page.all.length > 0 && (
          <LeadsTable
            rows={list.rows}
            matching={list.matches.length}
            selected={selection.selected}
            reveals={revealed.reveals}
            today={today}
            sort={list.sort}
            openId={opened.openId}
            onSelect={selection.toggleAll}
            onOpen={opened.open}
            onShowMore={list.showMore}
            showMoreCount={list.showMoreCount}
            compact={openLead !== undefined || narrow}
            crm={crm.rowText}
            onCrmChoice={crm.chooseFor}
          />
        )}
        {/* The open lead: its snapshot and reveals, its paid actions and its edits. */}
        {openLead && (
          <LeadDetail
            ref={opened.detailRef}
            lead={openLead}
            snapshot={opened.snapshot}
            reveals={revealed.reveals.get(openLead.personId)}
            accountInUse={revealed.accountInUse}
            meter={page.meter}
            today={today}
            revealing={changes.revealingFor(openLead.personId)}
            revealError={changes.revealErrorFor(openLead.personId)}
            costShares={opened.costShares}
            onPatch={(patch) => void changes.update(openLead, patch)}
            onAddNote={(text) => void changes.addNote(openLead, text)}
            onRefresh={() => changes.refresh(openLead)}
            onReveal={(quoted) => void changes.reveal(openLead, quoted)}
            onDelete={() => void changes.remove([openLead.personId])}
            onClose={opened.close}
            outreach={page.openWork?.outreach}
          />
        )}
      </div>
    </main>
  );
}
