/*
 * What the Leads page shows: the leads searched, filtered and sorted in memory (lib/leads/lead-query.ts)
 * and paged by "Show more". The search box answers at once; the table follows as soon as it can (a
 * keystroke never waits for rows).
 */
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import type { Lead } from '@/lib/leads/lead';
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

/** Rows drawn at first and added by "Show more": enough to scan, few enough to draw in a frame or two. */
export const PAGE_SIZE = 100;

export function useLeadList(
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
