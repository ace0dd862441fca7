/*
 * The Leads page's state: the leads read once (a live query: any page or the worker changing a lead
 * redraws it), searched, filtered and sorted in memory (useLeadList), the revealed channels from
 * the worker's one reveal store, the lead opened, and what each action writes or sends (a hook per
 * concern). The store and the clock come in so a page test runs it on a fake IndexedDB.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { OPEN_LEAD_ATTRIBUTE } from '@/components/leads/leads-table';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { dayKey } from '@/lib/credits/day-key';
import type { Lead } from '@/lib/leads/lead';
import { sharedCosts } from '@/lib/leads/lead-costs';
import { applyLeadChanges, readLeadChanges, type MirrorState } from '@/lib/leads/lead-mirror';
import {
  filterFromSearch,
  filterLeads,
  indexLeads,
  leadTags,
  sortLeads,
  type IndexedLead,
  type LeadFilter,
  type LeadSort,
} from '@/lib/leads/lead-query';
import type { LeadStore } from '@/lib/leads/lead-store';
import { pageLeads, useLeadsQuery } from '@/lib/leads/page-leads';
import { useEnrichList } from './use-enrich-list';
import { useLeadChanges, usePendingEdits } from './use-lead-changes';
import { useLeadWork } from './use-lead-work';
import { useLeadsCrm } from './use-leads-crm';
import { useMeter } from './use-meter';
import { usePageReveals } from './use-page-reveals';
import { useSelection } from './use-selection';
import { useStatusLine } from './use-status-line';

export function useLeadsPage({ store: given, now, search }: { store: LeadStore | undefined; now: () => number; search: string }) {
  const store = given ?? pageLeads();
  const { leads, readAll } = useAllLeads(store);
  const status = useStatusLine();
  const { all, byId, edit } = usePendingEdits(leads, status.write);
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
  // Deleted leads leave the selection and close if open.
  const onRemoved = (ids: readonly string[]) => {
    selection.drop(ids);
    opened.forget(ids);
  };
  const changes = useLeadChanges({
    store,
    edit,
    status,
    onRemoved,
    selectedLeads,
    matches: list.matches,
    revealed,
    crmLinks: crm.crmLinks,
    now,
    today,
    readAll,
  });
  const enrich = useEnrichList();
  // Its outreach: a message from the card is recorded on the lead, said on this page's status line.
  const openWork = useLeadWork(opened.openId ?? undefined, { now, store, say: status.say });
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
    changes,
    enrich,
    openWork,
  };
}

/*
 * What the Leads page shows: the leads searched, filtered and sorted in memory (lib/leads/lead-query.ts)
 * and paged by "Show more". The search box answers at once; the table follows as soon as it can (a
 * keystroke never waits for rows).
 */
/** Rows drawn at first and added by "Show more": enough to scan, few enough to draw in a frame or two. */
export const PAGE_SIZE = 100;

function useLeadList(
  all: readonly Lead[],
  { search, today, revealed }: { search: string; today: string; revealed: ReadonlyMap<string, ReadonlySet<ContactChannelId>> },
) {
  const [filter, setFilter] = useState<LeadFilter>(() => filterFromSearch(search));
  const [sort, setSort] = useState<LeadSort>(() => (filterFromSearch(search).due ? 'follow-up' : 'activity'));
  const deferredFilter = useDeferredValue(filter);
  const indexCache = useRef(new WeakMap<Lead, IndexedLead>());
  const index = useMemo(() => indexLeads(all, indexCache.current), [all]);
  const sorted = useMemo(() => sortLeads(index, sort), [index, sort]);
  const matches = useMemo(
    () => filterLeads(sorted, deferredFilter, { today, revealed: (id) => revealed.get(id) }),
    [sorted, deferredFilter, today, revealed],
  );
  const tags = useMemo(() => leadTags(all), [all]);
  // "Show more" pages through the matches of one query; a new query starts at the first page again.
  const queryKey = `${JSON.stringify(deferredFilter)}|${sort}`;
  const [paging, setPaging] = useState({ key: queryKey, limit: PAGE_SIZE });
  const limit = paging.key === queryKey ? paging.limit : PAGE_SIZE;
  const rows = useMemo(() => matches.slice(0, limit), [matches, limit]);
  const showMore = useCallback(() => setPaging({ key: queryKey, limit: limit + PAGE_SIZE }), [queryKey, limit]);
  const changeFilter = useCallback((c: Partial<LeadFilter>) => setFilter((f) => ({ ...f, ...c })), []);
  return {
    filter,
    changeFilter,
    sort,
    setSort,
    tags,
    matches,
    rows,
    /** Absent when every match is drawn. */
    showMore: matches.length > rows.length ? showMore : undefined,
    showMoreCount: Math.min(PAGE_SIZE, matches.length - rows.length),
  };
}

/**
 * Every lead, kept current when any context changes one (a live query) while reading only what changed
 * (lib/leads/lead-mirror.ts): an edit on a page of 10,000 leads costs a few milliseconds, not a re-read of
 * all of them; a failed read (storage blocked) leaves the last answer. undefined until the first read.
 * `readAll`: the next change is read in full (after a restore, which may merge into a lead without moving
 * its `updatedAt`).
 */
function useAllLeads(store: LeadStore): { leads: Lead[] | undefined; readAll: () => void } {
  // Each store's mirror (a page test may hand the page another store).
  const mirrors = useRef(new WeakMap<LeadStore, MirrorState>());
  const full = useRef(false);
  const leads = useLeadsQuery(
    async (l) => {
      const read = await readLeadChanges(l.db, full.current ? null : (mirrors.current.get(l) ?? null));
      if (read.kind === 'full') full.current = false;
      const mirror = applyLeadChanges(mirrors.current.get(l) ?? null, read);
      mirrors.current.set(l, mirror);
      return [...mirror.byId.values()];
    },
    'all',
    store,
  );
  return { leads, readAll: () => void (full.current = true) };
}

/**
 * The lead opened from the Leads table: which one, its dated snapshot and its shares of charges split
 * among many people (the read tagged with whose it is, so the previous lead's never shows for the
 * next), and focus: each "open" moves it to the lead (also when it was open already), "Close" gives it
 * back to the lead's name in the table.
 */
function useOpenLead(store: LeadStore, byId: ReadonlyMap<string, Lead>) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [openRequest, setOpenRequest] = useState(0);
  const detailRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (openRequest > 0) detailRef.current?.focus();
  }, [openRequest]);

  const read = useLeadsQuery(
    openId
      ? async (l) => ({
          personId: openId,
          snapshot: (await l.snapshot(openId)) ?? null,
          shares: sharedCosts(await l.db.costs.where('personId').equals(openId).toArray()),
        })
      : null,
    `open:${openId ?? ''}`,
    store,
  );
  const current = read?.personId === openId ? read : undefined;

  const open = useCallback((personId: string) => {
    setOpenId(personId);
    setOpenRequest((n) => n + 1);
  }, []);
  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    const names = document.querySelectorAll<HTMLElement>(`[${OPEN_LEAD_ATTRIBUTE}]`);
    [...names].find((el) => el.getAttribute(OPEN_LEAD_ATTRIBUTE) === id)?.focus();
  }, [openId]);
  /** A deleted lead closes (focus then goes to the status line's "Undo"). */
  const forget = useCallback((ids: readonly string[]) => setOpenId((id) => (id && ids.includes(id) ? null : id)), []);

  const openLead = openId ? byId.get(openId) : undefined;
  return { openId, openLead, snapshot: current?.snapshot, costShares: current?.shares, detailRef, open, close, forget };
}
