/*
 * LeadsFilters — "Search leads" and the filters and sort above the Leads table. The status filter is
 * named "Stage", not "Status": the open lead's own combobox is "Status", and the two must not share a
 * name (tests and screen reader users find controls by it).
 */
import { CONTACT_CHANNELS, type ContactChannelId } from '@/lib/api/contact-channels';
import type { LeadStatus } from '@/lib/leads/lead';
import { LEAD_SORTS, type LeadFilter, type LeadSort } from '@/lib/leads/lead-query';
import { safeText } from '@/lib/text/safe-text';
import { Options } from '@/components/shared/options';
import { StatusOptions } from './status-options';

export interface LeadsFiltersProps {
  filter: LeadFilter;
  /** The tags in use (the tag filter's choices). */
  tags: readonly string[];
  sort: LeadSort;
  onFilter: (change: Partial<LeadFilter>) => void;
  onSort: (sort: LeadSort) => void;
}

const ANY = '';

export function LeadsFilters({ filter, tags, sort, onFilter, onSort }: LeadsFiltersProps) {
  // A tag chosen before it went out of use stays listed, so the select still shows what filters.
  const tagChoices = filter.tag && !tags.includes(filter.tag) ? [filter.tag, ...tags] : tags;
  return (
    <div className="leads-filters" role="search" aria-label="Find leads">
      <div className="leads-field leads-field--search">
        <label htmlFor="leads-search">Search leads</label>
        <input
          id="leads-search"
          type="search"
          value={filter.text}
          placeholder="Name, company, @handle, tag or note"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onFilter({ text: e.target.value })}
        />
      </div>
      <div className="leads-field">
        <label htmlFor="leads-stage">Stage</label>
        <select
          id="leads-stage"
          value={filter.status ?? ANY}
          onChange={(e) => onFilter({ status: (e.target.value || null) as LeadStatus | null })}
        >
          <option value={ANY}>Any stage</option>
          <StatusOptions />
        </select>
      </div>
      <div className="leads-field">
        <label htmlFor="leads-tag">Tag</label>
        <select id="leads-tag" value={filter.tag ?? ANY} onChange={(e) => onFilter({ tag: e.target.value || null })}>
          <option value={ANY}>Any tag</option>
          <Options of={tagChoices.map((t) => ({ id: t, label: safeText(t) }))} />
        </select>
      </div>
      <div className="leads-field">
        <label htmlFor="leads-channel">Revealed</label>
        <select
          id="leads-channel"
          value={filter.channel ?? ANY}
          onChange={(e) => onFilter({ channel: (e.target.value || null) as ContactChannelId | null })}
        >
          <option value={ANY}>Any or none</option>
          <Options of={CONTACT_CHANNELS.map((c) => ({ id: c.id, label: `${c.label} revealed` }))} />
        </select>
      </div>
      <div className="leads-field leads-field--check">
        <input id="leads-due" type="checkbox" checked={filter.due} onChange={(e) => onFilter({ due: e.target.checked })} />
        <label htmlFor="leads-due">Follow-up due</label>
      </div>
      <div className="leads-field">
        <label htmlFor="leads-sort">Sort by</label>
        <select id="leads-sort" value={sort} onChange={(e) => onSort(e.target.value as LeadSort)}>
          <Options of={LEAD_SORTS} />
        </select>
      </div>
    </div>
  );
}
