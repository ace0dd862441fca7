/*
 * "Enrich a list" on the Leads page (issue 43): the list read in the page (lib/enrich/read-list.ts; the
 * rep's column fixes re-read it), the worker's quote (free: nothing is sent to the directory), the run
 * it starts and keeps (one per account), and what the rep does with it. A quote is for the rows it priced:
 * any change to the text or the columns drops it, so a click never pays for another list than the one shown.
 * The run is re-read while it runs; rows whose outcome did not change keep their identity, so the page
 * redraws only the rows that moved (components/leads/enrich-list.tsx memoises them).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { listName, PASTED_LIST } from '@/components/leads/enrich-text';
import type { EnrichChoice } from '@/components/leads/enrich-list';
import type { EnrichRow, EnrichRun, ListQuote } from '@/lib/enrich/enrich-run';
import { parseList, readRows, type ReadList } from '@/lib/enrich/read-list';
import { detectColumns, type ColumnRole } from '@/lib/enrich/read-list-columns';
import { useTagChoices } from '@/lib/leads/page-leads';
import { BACKGROUND_NO_ANSWER } from '@/lib/messages/texts';
import { sendMessage, type EnrichOutcome } from '@/lib/messaging/protocol';
import { saveAsLeads } from './use-prospect-search';

/** How often a running list is re-read (its rows change at the rate governor's pace, ~2 a second). */
const RUN_POLL_MS = 1_000;

/** The largest file read (a 1,000-row sheet is well under it). */
const MAX_FILE_BYTES = 5_000_000;

export function useEnrichList() {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const tagChoices = useTagChoices(open);
  const { run, readRun, setAside } = useEnrichRun(() => setOpen(true));

  /** Sends `action`; an answer with a refusal says it, one that never comes says so. Then re-reads the run (`reread`). */
  const ask = useCallback(
    async (action: () => Promise<EnrichOutcome | void>, reread = true) => {
      setMessage(null);
      try {
        const out = await action();
        if (out && !out.ok) setMessage(out.message);
      } catch {
        setMessage(BACKGROUND_NO_ANSWER);
      }
      if (reread) await readRun();
    },
    [readRun],
  );
  const draft = useListDraft(ask, () => setMessage(null));
  const onPick = useCallback((key: string, personId: string) => ask(() => sendMessage('pickListCandidate', { key, personId })), [ask]);
  const { read, quote, name } = draft;

  return {
    open,
    setOpen,
    /** "Save as leads" for the people a run found. */
    leads: {
      tagChoices,
      message: saveMessage,
      onSave: async (personIds: string[], tag: string) => setSaveMessage(await saveAsLeads(personIds, tag)),
    },
    draft: {
      ...draft.view,
      quote: quote && {
        quote,
        message,
        onEnrich: (choice: EnrichChoice, quoted: number) =>
          ask(async () => {
            if (!read) return;
            const out = await sendMessage('enrichList', { name, rows: read.rows, quoted, ...choice });
            if (out.ok) setAside(null);
            return out;
          }),
      },
    },
    run: run && {
      run,
      message,
      onCancel: () => ask(() => sendMessage('cancelEnrich')),
      onResume: () => ask(() => sendMessage('resumeEnrich')),
      onPick,
      onNewList: () => {
        setAside(run.id);
        draft.reset();
        setSaveMessage(null);
      },
    },
  };
}

/**
 * The account's run as the worker keeps it: read at the start (one left running or interrupted calls
 * `onUnfinished`, which opens the region: the rep is asked once), and again every second while it runs.
 * `setAside(id)`: "Enrich another list" hides that finished run; a new run shows again.
 */
function useEnrichRun(onUnfinished: () => void) {
  const [run, setRun] = useState<EnrichRun | null>(null);
  const [aside, setAside] = useState<string | null>(null);
  const readRun = useCallback(async () => {
    try {
      const next = await sendMessage('getEnrichRun');
      setRun((last) => keepRows(last, next));
      return next;
    } catch {
      return null; // the background not up yet: the next read says
    }
  }, []);

  useEffect(() => {
    void readRun().then((r) => {
      if (r && (r.state === 'running' || r.state === 'interrupted')) onUnfinished();
    });
    // Once, at the page's start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A cancelled run's call still on the wire answers its row: read on until it has.
  const running = run?.state === 'running' || run?.rows.some((r) => r.outcome.status === 'looking-up');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void readRun(), RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [running, readRun]);

  return { run: run !== null && run.id !== aside ? run : null, readRun, setAside };
}

/**
 * The list being read: its text (pasted, or a file's), its name, the columns (detected, or as the rep set
 * them) and the rows read; the quote, kept only while it is for the rows shown.
 */
function useListDraft(ask: (action: () => Promise<void>, reread: boolean) => Promise<void>, onChange: () => void) {
  const [text, setText] = useState('');
  const [name, setName] = useState(PASTED_LIST);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fixed, setFixed] = useState<ColumnRole[] | null>(null);
  const [priced, setPriced] = useState<{ quote: ListQuote; for: ReadList } | null>(null);

  const parsed = useMemo(() => (text.trim() ? parseList(text) : null), [text]);
  const detected = useMemo(() => (parsed ? detectColumns(parsed) : []), [parsed]);
  const columns = fixed ?? detected;
  const read = useMemo(() => (parsed ? readRows(parsed, columns) : null), [parsed, columns]);

  const changeText = (next: string, listName: string) => {
    setText(next);
    setName(listName);
    setFixed(null);
    onChange();
  };

  const view = {
    text,
    name,
    error: fileError,
    // Typing into a list read from a file keeps the file's name.
    onText: (next: string) => changeText(next, text.trim() ? name : PASTED_LIST),
    onFile: (file: File) => {
      setFileError(null);
      if (file.size > MAX_FILE_BYTES) return setFileError(`${file.name} is too large for a list (at most 5 MB). Nothing was read.`);
      file.text().then(
        (t) => changeText(t, listName(file.name)),
        () => setFileError(`${file.name} could not be read. Nothing was changed.`),
      );
    },
    mapping:
      parsed && read
        ? {
            columns: columns.map((kind, i) => ({ header: parsed.header?.[i] ?? parsed.records[0]?.cells[i] ?? '', kind })),
            onKind: (i: number, kind: ColumnRole) => setFixed(columns.map((k, j) => (j === i ? kind : k))),
            read: {
              rows: read.rows.length + read.unreadable.length + read.duplicates,
              unreadable: read.unreadable,
              duplicates: read.duplicates,
            },
          }
        : null,
    onQuote:
      read && read.rows.length > 0
        ? () => ask(async () => setPriced({ quote: await sendMessage('quoteList', { name, rows: read.rows }), for: read }), false)
        : undefined,
  };
  return {
    view,
    name,
    read,
    quote: priced && priced.for === read ? priced.quote : null,
    reset: () => changeText('', PASTED_LIST),
  };
}

/** The run read now, its rows that did not change kept as they were (so their memoised rows do not redraw). */
function keepRows(last: EnrichRun | null, next: EnrichRun | null): EnrichRun | null {
  if (!next || !last || last.id !== next.id) return next;
  const before = new Map<string, EnrichRow>(last.rows.map((r) => [r.key, r]));
  const rows = next.rows.map((r) => {
    const was = before.get(r.key);
    return was && JSON.stringify(was) === JSON.stringify(r) ? was : r;
  });
  return { ...next, rows };
}
