/*
 * LeadsTable — the table "Leads": one row per lead shown (the page renders a bounded page of the
 * matches, never 10,000 rows), each with its selection checkbox named after the person, the name as
 * the button that opens the lead, title, company, status, tags, channels on file / revealed (revealed
 * under another account said so), last activity and follow-up. Rows are memoised: a keystroke in
 * "Search leads" re-renders only the rows that changed.
 */
import { memo, useEffect, useRef } from 'react';
import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';
import { statusLabel, type Lead } from '@/lib/leads/lead';
import type { LeadSort } from '@/lib/leads/lead-query';
import { CHANNEL_STATE_TEXT, channelStates, type LeadReveals } from '@/lib/leads/lead-reveals';
import { formatCredits, formatDate } from '@/components/shared/format';
import { CellText } from './cell-text';
import { followUpDue, formatDay, leadsLabel } from './lead-text';

/** A lead row's CRM line: "In HubSpot" (its own text), the owner and status HubSpot holds, or a failed send's reason. */
export interface CrmRowText {
  text: string;
  detail?: string;
  failed: boolean;
  /** "Needs your choice": drawn as a button that opens the HubSpot preview for the lead (`onCrmChoice`). */
  needsChoice?: boolean;
}

export interface LeadsTableProps {
  /** The rows to draw (a page of the matches). */
  rows: readonly Lead[];
  /** How many leads match (more than `rows` when paged). */
  matching: number;
  selected: ReadonlySet<string>;
  reveals: ReadonlyMap<string, LeadReveals>;
  today: string;
  sort: LeadSort;
  openId: string | null;
  onSelect: (personIds: readonly string[], selected: boolean) => void;
  onOpen: (personId: string) => void;
  /** Absent when every match is drawn. */
  onShowMore?: () => void;
  showMoreCount: number;
  /**
   * Beside an open lead, or in a narrow window (COMPACT_LEADS_QUERY): the title moves under the name, the
   * tags under the company, and "Last activity" is left out, so names and companies keep their width.
   */
  compact?: boolean;
  /** What the team's CRM says per lead ("In HubSpot · Mia Owner", or a failed send's reason). */
  crm?: ReadonlyMap<string, CrmRowText>;
  /** A row's "Needs your choice" pressed. */
  onCrmChoice?: (personId: string) => void;
}

/** The columns in order: the heading, the sort that orders by it (aria-sort), and those a compact table leaves out. */
const COLUMNS: readonly { id: string; heading: string; sort?: LeadSort; wide?: true }[] = [
  { id: 'name', heading: 'Name', sort: 'name' },
  { id: 'title', heading: 'Title', wide: true },
  { id: 'company', heading: 'Company', sort: 'company' },
  { id: 'status', heading: 'Status' },
  { id: 'tags', heading: 'Tags', wide: true },
  { id: 'channels', heading: 'Channels' },
  { id: 'activity', heading: 'Last activity', sort: 'activity', wide: true },
  { id: 'follow-up', heading: 'Follow-up', sort: 'follow-up' },
];
const DESCENDING: ReadonlySet<LeadSort> = new Set(['activity', 'saved']);

/** Below this width the table is drawn compact: 9 columns in 800 px would leave a name 75 px. */
export const COMPACT_LEADS_QUERY = '(max-width: 999px)';

/** The attribute the name button carries, so the page can give it focus back when the lead closes. */
export const OPEN_LEAD_ATTRIBUTE = 'data-open-lead';

/** Memoised: a keystroke's urgent render (the search box) passes it the same props and skips it. */
export const LeadsTable = memo(function LeadsTable(props: LeadsTableProps) {
  const { rows, matching, selected, sort, compact = false } = props;
  const columns = compact ? COLUMNS.filter((c) => !c.wide) : COLUMNS;
  const shownIds = rows.map((l) => l.personId);
  const shownSelected = shownIds.filter((id) => selected.has(id)).length;
  const allShown = rows.length > 0 && shownSelected === rows.length;
  // "Select all shown leads" is drawn indeterminate while some, not all, are selected.
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = shownSelected > 0 && !allShown;
  }, [shownSelected, allShown]);

  return (
    <div className="leads-table-wrap">
      <table className="leads-table" aria-label="Leads" aria-rowcount={matching + 1}>
        {/* Fixed column widths (leads.css): the browser lays out a page of rows without measuring every cell first. */}
        <colgroup>
          {['select', ...columns.map((c) => c.id)].map((c) => (
            <col key={c} className={`leads-col leads-col--${c}`} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <td className="leads-table__select">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Select all shown leads"
                checked={allShown}
                disabled={rows.length === 0}
                onChange={(e) => props.onSelect(shownIds, e.target.checked)}
              />
            </td>
            {columns.map((c) => (
              <th key={c.id} scope="col" aria-sort={c.sort !== sort ? undefined : DESCENDING.has(sort) ? 'descending' : 'ascending'}>
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((lead, i) => (
            <LeadRow
              key={lead.personId}
              lead={lead}
              index={i + 2}
              selected={selected.has(lead.personId)}
              open={lead.personId === props.openId}
              reveals={props.reveals.get(lead.personId)}
              today={props.today}
              compact={compact}
              crm={props.crm?.get(lead.personId)}
              onSelect={props.onSelect}
              onOpen={props.onOpen}
              onCrmChoice={props.onCrmChoice}
            />
          ))}
        </tbody>
      </table>
      {props.onShowMore && (
        <p className="leads-more">
          <span className="muted">
            Showing {formatCredits(rows.length)} of {leadsLabel(matching)}.
          </span>{' '}
          <button type="button" className="btn btn--small" onClick={props.onShowMore}>
            Show {props.showMoreCount} more
          </button>
        </p>
      )}
    </div>
  );
});

type LeadRowProps = Pick<LeadsTableProps, 'today' | 'onSelect' | 'onOpen' | 'onCrmChoice'> &
  Record<'selected' | 'open' | 'compact', boolean> & { lead: Lead; index: number; reveals?: LeadReveals; crm?: CrmRowText };

const LeadRow = memo(function LeadRow({ lead, index, open, compact, crm, onCrmChoice, ...row }: LeadRowProps) {
  const states = channelStates(lead, row.reveals);
  const channels = CONTACT_CHANNELS.flatMap((c) =>
    states[c.id] === 'none' ? [] : [{ ...c, state: states[c.id] as keyof typeof CHANNEL_STATE_TEXT }],
  );
  const due = followUpDue(lead, row.today);
  return (
    <tr aria-rowindex={index} className={open ? 'leads-row leads-row--open' : 'leads-row'}>
      <td className="leads-table__select">
        <input
          type="checkbox"
          aria-label={`Select ${lead.name}`}
          checked={row.selected}
          onChange={(e) => row.onSelect([lead.personId], e.target.checked)}
        />
      </td>
      <th scope="row" className="leads-table__name">
        <button
          type="button"
          className="link-button leads-table__open"
          {...{ [OPEN_LEAD_ATTRIBUTE]: lead.personId }}
          aria-expanded={open}
          aria-controls={open ? 'lead-detail' : undefined}
          onClick={() => row.onOpen(lead.personId)}
        >
          <CellText text={lead.name} />
        </button>
        {lead.xHandle && <CellText className="leads-table__handle muted" text={`@${lead.xHandle}`} />}
        {compact && lead.title && <CellText className="leads-table__handle" text={lead.title} />}
        {crm?.needsChoice && onCrmChoice ? (
          <button type="button" className="link-button leads-table__crm" onClick={() => onCrmChoice(lead.personId)}>
            {crm.text}
          </button>
        ) : (
          crm && (
            <CellText
              className={crm.failed ? 'leads-table__crm leads-table__crm--failed' : 'leads-table__crm muted'}
              text={crm.detail ? `${crm.text} · ${crm.detail}` : crm.text}
            />
          )
        )}
      </th>
      {!compact && <td>{lead.title && <CellText text={lead.title} />}</td>}
      <td>
        {lead.company && <CellText text={lead.company.name} />}
        {compact && <TagChips tags={lead.tags} />}
      </td>
      <td>
        <span className={`lead-status lead-status--${lead.status}`}>{statusLabel(lead.status)}</span>
      </td>
      {!compact && (
        <td>
          <TagChips tags={lead.tags} />
        </td>
      )}
      <td>
        {channels.length > 0 && (
          <ul className="lead-channels" aria-label="Channels">
            {channels.map((c) => (
              <li key={c.id} className={`lead-channel lead-channel--${c.state}`}>
                {c.label} <span className="lead-channel__state">{CHANNEL_STATE_TEXT[c.state]}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      {!compact && <td className="leads-table__date">{formatDate(lead.updatedAt)}</td>}
      <td className="leads-table__date">
        {lead.followUpOn && formatDay(lead.followUpOn)}
        {/* Said in words as well as colour: "due today" and "overdue 2 d" differ to every reader (only a set day is due). */}
        {due && ' '}
        {due && <span className={due.overdue ? 'chip chip--overdue' : 'chip chip--due'}>{due.text}</span>}
      </td>
    </tr>
  );
});

function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="chips leads-table__tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="chip">
          <CellText text={t} />
        </li>
      ))}
    </ul>
  );
}
