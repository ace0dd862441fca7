/*
 * A list's rows with what became of each: known or matched (on what), several candidates (pick one, 0
 * credits), not in the directory (paid, and said so), needs a name, "Do not contact", failed or not sent
 * with why. A person already saved as a lead opens on this page by their name. Rows are memoised: a
 * progress tick redraws only the rows whose outcome changed (the hook keeps unchanged rows' identity).
 * Directory and file text are shown as text (SafeText); "Save as leads" tags the people found with the
 * list's name unless the rep types another.
 */
import { memo } from 'react';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton } from '@/components/shared/send-once';
import { TagChoice, useTag } from '@/components/shared/tag-choice';
import type { EnrichRow } from '@/lib/enrich/enrich-run';
import type { TagChoices } from '@/lib/leads/lead-store';
import type { PageRowRecord } from '@/lib/tab-state/page-people';
import { safeText } from '@/lib/text/safe-text';
import { formatCredits } from '@/components/shared/format';
import { foundPeople, linesText, outcomeText, rowLabel } from './enrich-text';

export interface EnrichResultsProps {
  rows: readonly EnrichRow[];
  /** People saved as leads (the page's leads by id): their name opens the lead. */
  leadIds: { has(personId: string): boolean };
  onOpenLead: (personId: string) => void;
  /** The rep's pick among a row's candidates (0 credits); absent where nothing can be picked (a quote). */
  onPick?: (key: string, personId: string) => Promise<unknown>;
}

/** "Ada Lindqvist" (opens her lead when saved), then "· Partner at Meridian". */
function Person({ record, lead, onOpenLead }: { record: PageRowRecord; lead: boolean; onOpenLead: (id: string) => void }) {
  const about = [record.title, record.company].filter((p) => safeText(p) !== '');
  return (
    <>
      {lead ? (
        <button type="button" className="link-button" onClick={() => onOpenLead(record.id)}>
          <SafeText text={record.name} />
        </button>
      ) : (
        <strong>
          <SafeText text={record.name} />
        </strong>
      )}
      {about.length > 0 && (
        <span className="muted">
          {' · '}
          <SafeText text={about.join(' at ')} />
        </span>
      )}
    </>
  );
}

interface RowProps {
  row: EnrichRow;
  lead: boolean;
  onOpenLead: (personId: string) => void;
  onPick: EnrichResultsProps['onPick'];
}

const ResultRow = memo(function ResultRow({ row, lead, onOpenLead, onPick }: RowProps) {
  const o = row.outcome;
  const record = o.status === 'known' || o.status === 'matched' ? o.record : null;
  return (
    <li className={`enrich-row enrich-row--${o.status}`}>
      <span className="muted small">{linesText(row.lines)}</span> <SafeText text={rowLabel(row)} /> — {outcomeText(row)}
      {record && (
        <>
          {' — '}
          <Person record={record} lead={lead} onOpenLead={onOpenLead} />
        </>
      )}
      {o.status === 'candidates' && (
        <ul className="enrich-row__candidates" aria-label={`Candidates for ${safeText(rowLabel(row))}`}>
          {o.candidates.map((c) => (
            <li key={c.id}>
              <Person record={c} lead={false} onOpenLead={onOpenLead} />{' '}
              {onPick && (
                <SendButton
                  className="btn btn--small"
                  aria-label={`Pick ${safeText(c.name)}${safeText(c.company) ? `, ${safeText(c.company)}` : ''} · 0 credits`}
                  onSend={() => onPick(row.key, c.id)}
                >
                  Pick · 0 credits
                </SendButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});

export function EnrichResults({ rows, leadIds, onOpenLead, onPick }: EnrichResultsProps) {
  return (
    <ul className="enrich-results" aria-label="Rows">
      {rows.map((row) => {
        const o = row.outcome;
        const lead = (o.status === 'known' || o.status === 'matched') && leadIds.has(o.record.id);
        return <ResultRow key={row.key} row={row} lead={lead} onOpenLead={onOpenLead} onPick={onPick} />;
      })}
    </ul>
  );
}

export interface EnrichSaveProps {
  /** The list's name: the tag by default. */
  name: string;
  rows: readonly EnrichRow[];
  tagChoices: TagChoices | undefined;
  /** Saves these people as leads with the tag ('' for none); 0 credits, no call. */
  onSave: (personIds: string[], tag: string) => Promise<unknown>;
  /** How the save went. */
  message: string | null;
}

/** "Save as leads" for the people the list found, tagged with the list's name unless the rep types another. */
export function EnrichSave({ name, rows, tagChoices, onSave, message }: EnrichSaveProps) {
  const [tag, setTag] = useTag({ tags: tagChoices?.tags ?? [], last: name });
  const people = foundPeople(rows);
  return (
    <div className="enrich-save">
      <div className="actions">
        <TagChoice value={tag} tags={tagChoices?.tags ?? []} onChange={setTag} />
        <SendButton className="btn btn--primary" disabled={people.length === 0} onSend={() => onSave(people, tag)}>
          Save as leads
        </SendButton>
        <span className="muted small">
          {formatCredits(people.length)} {people.length === 1 ? 'person' : 'people'} found · 0 credits, no call
        </span>
      </div>
      <p className="notice" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
