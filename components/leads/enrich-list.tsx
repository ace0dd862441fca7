/*
 * "Enrich a list" (issue 43): a region of the Leads page. A list pasted or chosen as a file, its columns
 * as read (the rep can fix each), "Get the price" (free: nothing is sent to the directory), the exact
 * quote and its priced buttons; then the run's progress and each row's outcome, and "Save as leads".
 * Presentational: the list is read and the worker asked in hooks/use-enrich-list.ts.
 */
import { memo, useEffect, useId, useRef } from 'react';
import { formatCredits } from '@/components/shared/format';
import { Options } from '@/components/shared/options';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton, useSendOnce, type SendAction } from '@/components/shared/send-once';
import { TagChoice, useTag } from '@/components/shared/tag-choice';
import type { EnrichRow, EnrichRun, ListQuote } from '@/lib/enrich/enrich-run';
import type { ColumnRole, UnreadableRow } from '@/lib/enrich/read-list-columns';
import type { TagChoices } from '@/lib/leads/lead-store';
import { creditsLabel } from '@/lib/messages/texts';
import type { PageRowRecord } from '@/lib/tab-state/page-people';
import { safeText } from '@/lib/text/safe-text';
import { foundPeople, linesText, outcomeText, previewText, progressText, resumeText, rowLabel } from './enrich-text';

export interface EnrichListProps {
  onClose: () => void;
  /** The list being read: shown until a run starts. */
  draft: EnrichSourceProps & {
    /** The list's name ("Pasted list", or the file's). */
    name: string;
    /** The columns and what was read; null before anything was. */
    mapping: EnrichMappingProps | null;
    /** Asks the worker for the quote (free); absent while there is nothing to price. */
    onQuote?: SendAction;
    quote: EnrichQuoteProps | null;
  };
  /** The list's run (this one, or one left from before): its progress and results replace the draft. */
  run:
    | (Omit<EnrichProgressProps, 'run'> & {
        run: EnrichRun;
        onPick: NonNullable<EnrichResultsProps['onPick']>;
        onNewList: () => void;
        /** The worker's answer to Cancel, Resume or a pick, when it refused. */
        message: string | null;
      })
    | null;
  /** Saved leads (a name opens its lead) and "Save as leads". */
  leads: Pick<EnrichResultsProps, 'leadIds' | 'onOpenLead'> & Omit<EnrichSaveProps, 'name' | 'rows'>;
}

export function EnrichList({ onClose, draft, run, leads }: EnrichListProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // Opened: focus moves in (a screen reader says the region's name); closed: back to what opened it.
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);
  // The draft gives way to its run (or the run to a new draft): the button clicked is gone, focus stays in the region.
  const stage = run ? run.run.id : null;
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
  }, [stage]);
  const results = (rows: EnrichRun['rows'], onPick?: EnrichResultsProps['onPick']) => (
    <EnrichResults rows={rows} leadIds={leads.leadIds} onOpenLead={leads.onOpenLead} onPick={onPick} />
  );
  return (
    <section ref={ref} tabIndex={-1} className="enrich card" aria-labelledby={`${id}-title`}>
      <div className="enrich__bar">
        <h2 id={`${id}-title`}>Enrich a list</h2>
        <button type="button" className="btn btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      {run ? (
        <>
          <p className="enrich__name">
            List: <SafeText text={run.run.name} />
          </p>
          <EnrichProgress run={run.run} onCancel={run.onCancel} onResume={run.onResume} />
          <p className="notice" aria-live="polite">
            {run.message}
          </p>
          {results(run.run.rows, run.onPick)}
          <EnrichSave key={run.run.id} name={run.run.name} rows={run.run.rows} {...leads} />
          {(run.run.state === 'done' || run.run.state === 'cancelled') && (
            <div className="actions">
              <button type="button" className="btn" onClick={run.onNewList}>
                Enrich another list
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <EnrichSource text={draft.text} onText={draft.onText} onFile={draft.onFile} error={draft.error} />
          {draft.mapping && (
            <>
              <p className="enrich__name">
                List: <SafeText text={draft.name} />
              </p>
              <EnrichMapping {...draft.mapping} />
            </>
          )}
          <div className="actions">
            <SendButton
              className="btn"
              disabled={!draft.onQuote}
              aria-describedby={`${id}-free`}
              onSend={draft.onQuote ?? (() => undefined)}
            >
              Get the price
            </SendButton>
            <span id={`${id}-free`} className="muted small">
              free: nothing is sent to the directory
            </span>
          </div>
          {draft.quote && (
            <>
              <EnrichQuote {...draft.quote} />
              {results(draft.quote.quote.rows)}
            </>
          )}
        </>
      )}
    </section>
  );
}

/*
 * Where a list comes from: pasted into the text box, or a CSV/TSV file read in the page (nothing leaves
 * the machine to read it). A file's text goes into the box, so what will be read is always in view.
 */
export interface EnrichSourceProps {
  text: string;
  onText: (text: string) => void;
  onFile: (file: File) => void;
  /** A file that could not be read, in words. */
  error?: string | null;
}

export function EnrichSource({ text, onText, onFile, error }: EnrichSourceProps) {
  const id = useId();
  return (
    <div className="enrich-source">
      <label htmlFor={`${id}-text`}>Paste handles, profile links or a spreadsheet</label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={6}
        spellCheck={false}
        aria-describedby={`${id}-help`}
        onChange={(e) => onText(e.target.value)}
      />
      <p id={`${id}-help`} className="muted small">
        One person a line: an X handle or link, a LinkedIn profile link, or name and company; or a sheet with a header row.
      </p>
      <label htmlFor={`${id}-file`}>Choose a CSV or TSV file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = ''; // the same file chosen again reads again
        }}
      />
      {error && (
        <p className="notice notice--warn" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/*
 * A run's progress on the page ("12 of 25 looked up · 60 credits spent", a polite status), "Cancel" while
 * it runs, and after a browser restart the one question "Resume: 12 rows · 60 credits" (or Cancel).
 */
export interface EnrichProgressProps {
  run: Pick<EnrichRun, 'state' | 'quoted' | 'rows'>;
  onCancel: SendAction;
  onResume: SendAction;
}

const DONE: Record<EnrichRun['state'], string> = { running: '', interrupted: 'Interrupted: ', cancelled: 'Cancelled: ', done: 'Done: ' };

export function EnrichProgress({ run, onCancel, onResume }: EnrichProgressProps) {
  const active = run.state === 'running' || run.state === 'interrupted';
  return (
    <div className="enrich-progress">
      <p role="status" aria-live="polite">
        {DONE[run.state]}
        {progressText(run)}
      </p>
      {active && (
        <div className="actions">
          {run.state === 'interrupted' && (
            <SendButton className="btn btn--primary" onSend={onResume}>
              {resumeText(run)}
            </SendButton>
          )}
          <SendButton className="btn" onSend={onCancel}>
            Cancel
          </SendButton>
        </div>
      )}
    </div>
  );
}

/*
 * The columns as read: one select per column with the type detected, which the rep can change ("Column 2:
 * Twitter" → X handle); the summary of what will be sent for a price ("40 rows · 3 unreadable · 2
 * duplicates folded"), and each unreadable line with why. File text is shown as text (SafeText).
 */
/** What a column may be read as, as its select offers it: a label per role, so a role added to the reader needs one. */
const ROLE_LABELS: Record<ColumnRole, string> = {
  x: 'X handle or link',
  linkedin: 'LinkedIn profile link',
  name: 'Name',
  'first-name': 'First name',
  'last-name': 'Last name',
  company: 'Company',
  email: 'Email',
  ignore: 'Not used',
};
export const COLUMN_ROLES = (Object.keys(ROLE_LABELS) as ColumnRole[]).map((id) => ({ id, label: ROLE_LABELS[id] }));

export interface EnrichMappingProps {
  /** Each column: its header (or its first cell when the list has none) and what it is read as. */
  columns: readonly { header: string; kind: ColumnRole }[];
  onKind: (column: number, kind: ColumnRole) => void;
  /** `rows`: every person line read (folded and unreadable ones included). */
  read: { rows: number; unreadable: readonly UnreadableRow[]; duplicates: number };
}

export function EnrichMapping({ columns, onKind, read }: EnrichMappingProps) {
  const id = useId();
  return (
    <div className="enrich-mapping">
      {columns.length > 0 && (
        <fieldset className="enrich-mapping__columns">
          <legend>Columns</legend>
          {columns.map((c, i) => (
            <span key={i} className="leads-field">
              <label htmlFor={`${id}-${i}`}>
                Column {i + 1}
                {safeText(c.header) && (
                  <>
                    : <SafeText text={c.header} />
                  </>
                )}
              </label>
              <select id={`${id}-${i}`} value={c.kind} onChange={(e) => onKind(i, e.target.value as ColumnRole)}>
                <Options of={COLUMN_ROLES} />
              </select>
            </span>
          ))}
        </fieldset>
      )}
      <p className="enrich-mapping__summary">{previewText({ ...read, unreadable: read.unreadable.length })}</p>
      {read.unreadable.length > 0 && (
        <ul className="enrich-mapping__unreadable small" aria-label="Unreadable rows">
          {read.unreadable.map((u) => (
            <li key={u.line}>
              Line {u.line}: <SafeText text={u.text} className="muted" /> — {u.why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/*
 * The exact price of a list before anything is sent (the worker's quote, at the account's prices): what
 * is known for free, what needs a name, who is skipped as "Do not contact", and what is looked up. One
 * click pays: the three priced buttons share one send-once, so a double click (or a click on another of
 * them before the answer) sends one message. Over today's budget or the balance the quote says why and
 * offers "Raise today's budget by N for this list" and "Enrich the N that fit · M credits".
 */
/** The whole list, only the lookups that fit (`fit`), or the whole list with today's budget raised for it (`raise`). */
export type EnrichChoice = { fit?: true; raise?: true };

export interface EnrichQuoteProps {
  quote: ListQuote;
  /** Start the run at the price on the button clicked (`quoted`); settles with the worker's answer (its refusal shows in `message`). */
  onEnrich: (choice: EnrichChoice, quoted: number) => Promise<unknown>;
  /** The worker's refusal of the click, if any. */
  message?: string | null;
}

export function EnrichQuote({ quote, onEnrich, message }: EnrichQuoteProps) {
  const id = useId();
  const once = useSendOnce(quote);
  // How many rows of each kind the quote holds.
  const n = (status: EnrichRow['outcome']['status']) => quote.rows.filter((r) => r.outcome.status === status).length;
  // Each lookup is one search at the account's price: the quote's own price per lookup.
  const fitCredits = quote.lookups > 0 ? Math.round((quote.credits * quote.fits) / quote.lookups) : 0;
  const go = (choice: EnrichChoice, quoted: number) => () => once.send(() => onEnrich(choice, quoted));
  const busy = once.sending || undefined;
  return (
    <div className="enrich-quote" role="group" aria-label="Price">
      <ul className="enrich-quote__lines">
        <li>{formatCredits(n('known'))} known · 0 credits</li>
        {n('needs-name') > 0 && <li>{formatCredits(n('needs-name'))} with only a LinkedIn address: need a name · 0 credits</li>}
        {n('do-not-contact') > 0 && <li>{formatCredits(n('do-not-contact'))} marked “Do not contact”: skipped, nothing sent</li>}
        <li>
          {formatCredits(quote.lookups)} to look up · {creditsLabel(quote.credits)}
        </li>
      </ul>
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={quote.refusal !== null}
          aria-disabled={busy}
          aria-describedby={quote.refusal ? `${id}-refusal` : undefined}
          onClick={go({}, quote.credits)}
        >
          {quote.lookups > 0 ? `Enrich ${formatCredits(quote.lookups)}` : 'Enrich the list'} · {creditsLabel(quote.credits)}
        </button>
      </div>
      {quote.refusal && (
        <>
          <p className="notice notice--warn" id={`${id}-refusal`} role="note">
            Not sent: {quote.refusal}
          </p>
          <div className="actions">
            {quote.raiseBy !== null && (
              <button
                type="button"
                className="btn"
                aria-disabled={busy}
                aria-describedby={`${id}-raise`}
                onClick={go({ raise: true }, quote.credits)}
              >
                Raise today’s budget by {formatCredits(quote.raiseBy)} for this list
              </button>
            )}
            {quote.raiseBy !== null && (
              <span id={`${id}-raise`} className="muted small">
                for today only, then enriches all {formatCredits(quote.lookups)} · {creditsLabel(quote.credits)}
              </span>
            )}
            {quote.fits > 0 && (
              <button type="button" className="btn" aria-disabled={busy} onClick={go({ fit: true }, fitCredits)}>
                Enrich the {quote.fits === 1 ? '1 that fits' : `${formatCredits(quote.fits)} that fit`} · {creditsLabel(fitCredits)}
              </button>
            )}
          </div>
        </>
      )}
      <p className="notice" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

/*
 * A list's rows with what became of each: known or matched (on what), several candidates (pick one, 0
 * credits), not in the directory (paid, and said so), needs a name, "Do not contact", failed or not sent
 * with why. A person already saved as a lead opens on this page by their name. Rows are memoised: a
 * progress tick redraws only the rows whose outcome changed (the hook keeps unchanged rows' identity).
 * Directory and file text are shown as text (SafeText); "Save as leads" tags the people found with the
 * list's name unless the rep types another.
 */
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
