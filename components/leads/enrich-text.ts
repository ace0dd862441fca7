/*
 * "Enrich a list" (issue 43): the Leads page's words for a list, its quote and its run, counted from the
 * rows' outcomes (lib/enrich/enrich-run.ts) so the summary, the progress and "Resume" say the same thing.
 */
import type { EnrichRow, EnrichRun, ListRow, ListRowOutcome } from '@/lib/enrich/enrich-run';
import { creditsLabel } from '@/lib/messages/texts';
import { formatCredits } from '@/components/shared/format';

/** The list's name when it was pasted (a file's is its name without the extension). */
export const PASTED_LIST = 'Pasted list';

/** "report.2026.csv" → "report.2026"; a name of only an extension stays whole; at most 200 characters (the worker's bound). */
export const listName = (fileName: string): string =>
  fileName
    .replace(/(?<=.)\.[^.]*$/, '')
    .trim()
    .slice(0, 200) || PASTED_LIST;

const count = (n: number, one: string, many: string): string => `${formatCredits(n)} ${n === 1 ? one : many}`;

/** "40 rows · 3 unreadable · 2 duplicates folded" (rows: every person line read, header excluded). */
export function previewText(read: { rows: number; unreadable: number; duplicates: number }): string {
  return [
    count(read.rows, 'row', 'rows'),
    ...(read.unreadable ? [`${formatCredits(read.unreadable)} unreadable`] : []),
    ...(read.duplicates ? [`${count(read.duplicates, 'duplicate', 'duplicates')} folded`] : []),
  ].join(' · ');
}

/** Outcomes of a sent lookup (charged or not). */
const SENT: ReadonlySet<ListRowOutcome['status']> = new Set(['matched', 'candidates', 'not-found', 'failed']);
const WAITING: ReadonlySet<ListRowOutcome['status']> = new Set(['to-look-up', 'looking-up']);

/** Credits a row's lookup was charged (0 for one not sent or answered for free). */
const rowCredits = (o: ListRowOutcome): number => ('credits' in o ? (o.credits ?? 0) : 0);

/** Where a run stands: lookups sent of those quoted, credits charged, and what is left with its price at the quote's. */
function runProgress(run: Pick<EnrichRun, 'quoted' | 'rows'>) {
  let looked = 0;
  let spent = 0;
  let left = 0;
  for (const { outcome } of run.rows) {
    if (SENT.has(outcome.status)) looked++;
    if (WAITING.has(outcome.status)) left++;
    spent += rowCredits(outcome);
  }
  const each = run.quoted.lookups > 0 ? run.quoted.credits / run.quoted.lookups : 0;
  return { looked, of: run.quoted.lookups, spent, left, leftCredits: Math.round(left * each) };
}

/** "12 of 25 looked up · 60 credits spent" */
export function progressText(run: Pick<EnrichRun, 'quoted' | 'rows'>): string {
  const p = runProgress(run);
  return `${formatCredits(p.looked)} of ${formatCredits(p.of)} looked up · ${creditsLabel(p.spent)} spent`;
}

/** "Resume: 12 rows · 60 credits": what an interrupted run still has to look up, at the quote's price. */
export function resumeText(run: Pick<EnrichRun, 'quoted' | 'rows'>): string {
  const p = runProgress(run);
  return `Resume: ${count(p.left, 'row', 'rows')} · ${creditsLabel(p.leftCredits)}`;
}

/** How a row was given in the list: "@ada", "LinkedIn in/ada-l", "Ada Lindqvist, Meridian", or its email. */
export function rowLabel(row: ListRow): string {
  if (row.xHandle) return `@${row.xHandle}`;
  if (row.linkedinSlug) return `LinkedIn in/${row.linkedinSlug}`;
  const named = [row.name, row.company].filter(Boolean).join(', ');
  return named || row.email || row.key;
}

/** "line 4", "lines 4, 9" (a duplicate folded into the row). */
export const linesText = (lines: readonly number[]): string => `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;

type Outcome<S extends ListRowOutcome['status']> = Extract<ListRowOutcome, { status: S }>;

const KNOWN_FROM: Record<Outcome<'known'>['from'], string> = {
  known: 'already known',
  lead: 'your saved lead',
  cache: 'an answer already paid for',
};

/** What became of a row, in words (the person's name and the candidates are drawn beside it). */
const OUTCOME_TEXT: { [S in ListRowOutcome['status']]: (o: Outcome<S>, row: EnrichRow) => string } = {
  'to-look-up': () => 'To look up',
  'looking-up': () => 'Looking up…',
  known: (o) => `Known from ${KNOWN_FROM[o.from]} · 0 credits`,
  matched: (o, row) => `Matched on ${row.xHandle ? 'the X handle' : 'name and company'} · ${creditsLabel(o.credits)}`,
  candidates: (o) => `Several people fit: pick one (0 credits) · ${creditsLabel(o.credits)} paid`,
  'not-found': (o) => `Not in the directory · ${creditsLabel(o.credits)} paid`,
  'needs-name': () => 'Needs a name: the directory cannot be searched by a LinkedIn address · 0 credits',
  'do-not-contact': () => 'Do not contact: skipped, nothing sent',
  failed: (o) => `Failed: ${o.message}`,
  // The worker's own sentence says it was not sent, and why ("Cancelled: not sent.").
  'not-sent': (o) => o.message,
};

export const outcomeText = (row: EnrichRow): string =>
  (OUTCOME_TEXT[row.outcome.status] as (o: ListRowOutcome, row: EnrichRow) => string)(row.outcome, row);

/** The people a run (or a quote) found: whom "Save as leads" saves, each once. */
export function foundPeople(rows: readonly EnrichRow[]): string[] {
  const ids = new Set<string>();
  for (const { outcome: o } of rows)
    if ((o.status === 'known' || o.status === 'matched') && o.record.kind === 'person') ids.add(o.record.id);
  return [...ids];
}
