// "Enrich a list" (issue 43): pasted text or a CSV/TSV file read into people once, on the Leads page (the worker
// checks the rows again): `parseList` → `detectColumns` (./read-list-columns.ts, a proposal the rep may fix) → `readRows`.
import Papa from 'papaparse';
import { normalizeName } from '@/lib/lookup/normalize-name';
import { linkedInPersonKey, xProfileKey } from '@/lib/profile/profile-key';
import { MAX_LIST_ROWS, type ListRow } from './enrich-run';
import { cellText, isHeaderRow, readEmail, readProfileCell } from './read-list-columns';
import type { ColumnRole, ListRecord, ParsedList, UnreadableRow } from './read-list-columns';

/** Why a row is not read, said next to it on the page. */
export const UNREADABLE = {
  nobody: 'no X handle, LinkedIn address or name with company',
  nameAlone: 'a name alone cannot be matched: add the company',
  notX: (text: string) => `not an X handle: ${text}`,
  notLinkedIn: (text: string) => `not a LinkedIn profile address: ${text}`,
  openQuote: 'a quote opened in this row is never closed, so the rest of the file was read as one cell',
  tooMany: (more: number) =>
    `too many rows: a list holds at most ${MAX_LIST_ROWS} people, so this row and ${more} more after it were left out`,
};

/**
 * CSV, TSV or lines, parsed by Papa Parse (RFC 4180 quoting, the delimiter guessed among `,` `;` tab `|`, a
 * byte order mark dropped), plus Excel's "sep=;" first line. `header` overrides the guess of whether the
 * first row names the columns (./read-list-columns.ts `isHeaderRow`).
 */
export function parseList(text: string, header?: boolean): ParsedList {
  const sep = /^\uFEFF?sep=(.)\r?\n/i.exec(text);
  const { data, errors } = Papa.parse<string[]>(sep ? text.slice(sep[0].length) : text, {
    delimiter: sep?.[1] ?? '',
    skipEmptyLines: false,
  });
  const rows = data.map((cells, index) => ({ line: index + 1 + (sep ? 1 : 0), cells }));
  const filled = rows.filter((row) => row.cells.some((cell) => cellText(cell) !== ''));
  const width = filled.reduce((most, row) => Math.max(most, row.cells.length), 0);
  const cells = filled.map((row) => row.cells);
  const hasHeader = header ?? isHeaderRow(cells, width);
  const unreadable = errors
    .filter((error) => error.code === 'MissingQuotes')
    .map((error) => ({ line: rows[error.row ?? 0]?.line ?? 1, text: rowText(data[error.row ?? 0]), why: UNREADABLE.openQuote }));
  return { header: hasHeader ? (filled[0]?.cells ?? null) : null, records: hasHeader ? filled.slice(1) : filled, width, unreadable };
}

export interface ReadList {
  rows: ListRow[];
  unreadable: UnreadableRow[];
  /** Rows folded into an earlier one: the same person again. */
  duplicates: number;
}

/**
 * The list's people, each normalised once and keyed (`ListRow.key`), at most `MAX_LIST_ROWS`. A row is the same
 * person as an earlier one when it shares its key, or any of its handle, LinkedIn slug or name with company
 * without naming another handle or slug: a person listed twice, once without the handle, costs one lookup.
 */
export function readRows(parsed: ParsedList, columns: readonly ColumnRole[]): ReadList {
  const rows: ListRow[] = [];
  const byIdentity = new Map<string, ListRow>();
  const unreadable = [...parsed.unreadable];
  const left: ListRecord[] = [];
  let duplicates = 0;
  for (const record of parsed.records) {
    const row = readRecord(record, columns);
    if (typeof row === 'string') {
      unreadable.push({ line: record.line, text: rowText(record.cells), why: row });
      continue;
    }
    const known = sameAs(byIdentity, row);
    if (!known && rows.length >= MAX_LIST_ROWS) {
      left.push(record);
      continue;
    }
    if (known) fold(known, row);
    else rows.push(row);
    duplicates += known ? 1 : 0;
    for (const id of identities(known ?? row)) if (!byIdentity.has(id)) byIdentity.set(id, known ?? row);
  }
  const [first] = left;
  if (first) unreadable.push({ line: first.line, text: rowText(first.cells), why: UNREADABLE.tooMany(left.length - 1) });
  return { rows, unreadable: unreadable.sort((a, b) => a.line - b.line), duplicates };
}

/** The row, or why it cannot be read. */
function readRecord({ line, cells }: ListRecord, columns: readonly ColumnRole[]): ListRow | string {
  const texts = (role: ColumnRole) => columns.flatMap((r, i) => (r === role ? [cellText(cells[i])] : [])).filter(Boolean);
  const [fromX, notX] = profileOf(texts('x'), true, UNREADABLE.notX);
  const [fromLinkedIn, notLinkedIn] = profileOf(texts('linkedin'), false, UNREADABLE.notLinkedIn);
  const [first] = texts('first-name');
  const [last] = texts('last-name');
  const row = {
    key: '',
    lines: [line],
    xHandle: fromX?.xHandle ?? fromLinkedIn?.xHandle,
    linkedinSlug: fromLinkedIn?.linkedinSlug ?? fromX?.linkedinSlug,
    name: texts('name')[0] ?? (first && last ? `${first} ${last}` : (first ?? last)),
    company: texts('company')[0],
    email: texts('email')
      .map(readEmail)
      .find((e) => e !== null),
  };
  const [key] = identities(row);
  if (key) return { ...row, key };
  return notX ?? notLinkedIn ?? (normalizeName(row.name ?? '') ? UNREADABLE.nameAlone : UNREADABLE.nobody);
}

/**
 * What the row can be looked up or known by, strongest first (the first is its key): its X handle, its LinkedIn
 * slug, its name with company, each folded as the directory's are ("Dr. Åsa Berg (she/her)" is "asa berg").
 */
function identities(row: ListRow): string[] {
  const [name, company] = [row.name, row.company].map((text) => normalizeName(text ?? ''));
  const ids = [row.xHandle && xProfileKey(row.xHandle), row.linkedinSlug && linkedInPersonKey(row.linkedinSlug)];
  return [...ids, name && company && `nc:${name}|${company}`].filter((id): id is string => !!id);
}

/**
 * The earlier row this one is: the one with its key, else one sharing another identity that has no handle (or
 * slug) where this row has one (had it the same, it would hold this row's key).
 */
function sameAs(byIdentity: Map<string, ListRow>, row: ListRow): ListRow | undefined {
  const [key = '', ...others] = identities(row);
  const differ = (known: ListRow) =>
    (known.xHandle !== undefined && row.xHandle !== undefined) || (known.linkedinSlug !== undefined && row.linkedinSlug !== undefined);
  return byIdentity.get(key) ?? others.map((id) => byIdentity.get(id)).find((known) => known && !differ(known));
}

/**
 * The first of the role's cells read as a profile (an X column may hold a LinkedIn address, and a LinkedIn
 * column "@handle": each is read as what it is), and why the first unreadable one is not one.
 */
function profileOf(texts: string[], bareWords: boolean, why: (text: string) => string) {
  const cells = texts.map((text) => [text, readProfileCell(text, bareWords)] as const);
  const bad = cells.find(([, profile]) => profile === null);
  return [cells.find(([, profile]) => profile !== null)?.[1] ?? undefined, bad && why(clip(bad[0], 80))] as const;
}

/** Folds a duplicate into the row first read: its lines join, a field the first lacks is taken, the key follows. */
function fold(known: ListRow, row: ListRow): void {
  known.lines.push(...row.lines);
  for (const field of ['xHandle', 'linkedinSlug', 'name', 'company', 'email'] as const) known[field] ??= row[field];
  known.key = identities(known)[0] ?? known.key;
}

function rowText(cells: string[] | undefined): string {
  return clip((cells ?? []).map(cellText).filter(Boolean).join(', '), 200);
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
