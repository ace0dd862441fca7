/*
 * LeadsFilters — "Search leads" and the filters and sort above the Leads table. The status filter is
 * named "Stage", not "Status": the open lead's own combobox is "Status", and the two must not share a
 * name (tests and screen reader users find controls by it).
 */
import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';
import { LEAD_STATUSES } from '@/lib/leads/lead';
import { LEAD_SORTS, type LeadFilter, type LeadSort } from '@/lib/leads/lead-query';
import { safeText } from '@/lib/text/safe-text';
import { Options } from '@/components/shared/options';

export interface LeadsFiltersProps {
  filter: LeadFilter;
  /** The tags in use (the tag filter's choices). */
  tags: readonly string[];
  sort: LeadSort;
  onFilter: (change: Partial<LeadFilter>) => void;
  onSort: (sort: LeadSort) => void;
}

const ANY = '';
const channelChoices = CONTACT_CHANNELS.map((c) => ({ id: c.id, label: `${c.label} revealed` }));

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
      {(
        [
          { field: 'status', id: 'leads-stage', label: 'Stage', any: 'Any stage', of: LEAD_STATUSES },
          { field: 'tag', id: 'leads-tag', label: 'Tag', any: 'Any tag', of: tagChoices.map((t) => ({ id: t, label: safeText(t) })) },
          { field: 'channel', id: 'leads-channel', label: 'Revealed', any: 'Any or none', of: channelChoices },
        ] as const
      ).map((c) => (
        <div key={c.id} className="leads-field">
          <label htmlFor={c.id}>{c.label}</label>
          {/* The select's values are the choices' own ids, so the filter takes them as they are. */}
          <select id={c.id} value={filter[c.field] ?? ANY} onChange={(e) => onFilter({ [c.field]: e.target.value || null })}>
            <option value={ANY}>{c.any}</option>
            <Options of={c.of} />
          </select>
        </div>
      ))}
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
