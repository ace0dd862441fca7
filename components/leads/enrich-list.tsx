/*
 * "Enrich a list" (issue 43): a region of the Leads page. A list pasted or chosen as a file, its columns
 * as read (the rep can fix each), "Get the price" (free: nothing is sent to the directory), the exact
 * quote and its priced buttons; then the run's progress and each row's outcome, and "Save as leads".
 * Presentational: the list is read and the worker asked in hooks/use-enrich-list.ts.
 */
import { useEffect, useId, useRef } from 'react';
import { Options } from '@/components/shared/options';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import type { EnrichRun } from '@/lib/enrich/enrich-run';
import type { ColumnRole, UnreadableRow } from '@/lib/enrich/read-list-columns';
import { safeText } from '@/lib/text/safe-text';
import { EnrichQuote, type EnrichQuoteProps } from './enrich-quote';
import { EnrichResults, EnrichSave, type EnrichResultsProps, type EnrichSaveProps } from './enrich-results';
import { previewText, progressText, resumeText } from './enrich-text';

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
    quote: Omit<EnrichQuoteProps, 'onEnrich'> | null;
    onEnrich: EnrichQuoteProps['onEnrich'];
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
              <EnrichQuote {...draft.quote} onEnrich={draft.onEnrich} />
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
