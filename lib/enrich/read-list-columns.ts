/*
 * What each column of a list holds, proposed from its header's words, or from its cells when the header
 * says nothing (or there is none). The Leads page shows the proposal and lets the rep fix it: `readRows`
 * takes back the same array.
 */
import { cellShape, cellText } from './read-list-cells';

export type ColumnRole = 'x' | 'linkedin' | 'name' | 'first-name' | 'last-name' | 'company' | 'email' | 'ignore';

/** A row of the file and its number there (1-based, the header counted; a cell's line break stays one row). */
export interface ListRecord {
  line: number;
  cells: string[];
}

/** A row the reader could not take, and why (said to the rep next to the row). */
export interface UnreadableRow {
  line: number;
  text: string;
  why: string;
}

/** A list as `parseList` reads it: its header row (null when the first row is already a person) and its rows. */
export interface ParsedList {
  header: string[] | null;
  records: ListRecord[];
  /** The widest row's cell count: one role each. */
  width: number;
  /** What the parser itself could not read (a quote never closed). */
  unreadable: UnreadableRow[];
}

// First match wins: other networks and event columns first, so "Telegram handle" or "Ticket name" is not an
// X or a name column, and "Company name" is a company. Matched on a header's words, camelCase split; English,
// and the German of a European Excel export.
const HEADER_WORDS: readonly (readonly [ColumnRole, RegExp])[] = [
  ['ignore', / (?:telegram|tg|discord|instagram|github|facebook|tiktok|ticket|event|phone|company linked ?in) /],
  ['x', / (?:twitter|x|tweet|handles?) /],
  ['linkedin', / linked ?in /],
  ['email', / e ?mail /],
  ['first-name', / (?:first|given|vor) ?name | first /],
  ['last-name', / (?:last|family|sur|nach) ?name | last /],
  ['company', / (?:company|organi[sz]ation|employer|org|account name|project|firma|unternehmen) /],
  ['name', / name /],
];

/** The role a header cell names, 'ignore' for a column it names that holds none, or null when it says nothing. */
export function headerRole(cell: string): ColumnRole | null {
  const words = ` ${cellText(cell)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  return HEADER_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

// A single column holds handles when its words are handles; beside other columns a word is a name or a company.
const shapeOf = (cell: string | undefined, width: number) => cellShape(cellText(cell), width === 1);

/**
 * Whether the first row names the columns: none of its cells is a handle, an address or an email, and either
 * one names a column or the rows below hold such cells (a header we have no words for: "Profile", "Contact").
 */
export function isHeaderRow([first = [], ...rest]: string[][], width: number): boolean {
  if (first.some((cell) => cellShape(cellText(cell), false) !== null)) return false;
  if (first.some((cell) => headerRole(cell) !== null)) return true;
  return !first.some((cell) => shapeOf(cell, width)) && rest.slice(0, 50).some((row) => row.some((cell) => shapeOf(cell, width)));
}

/** One role per column: the header's word for it, else what most of its (first 200) filled cells look like. */
export function detectColumns(parsed: ParsedList): ColumnRole[] {
  const sample = parsed.records.slice(0, 200);
  return Array.from({ length: parsed.width }, (_, column) => {
    const named = parsed.header && headerRole(parsed.header[column] ?? '');
    if (named) return named;
    const shapes = sample.map((record) => cellText(record.cells[column])).filter((text) => text !== '');
    const counts = new Map<ColumnRole, number>();
    for (const text of shapes) {
      const shape = cellShape(text, parsed.width === 1);
      if (shape) counts.set(shape, (counts.get(shape) ?? 0) + 1);
    }
    const [role = 'ignore', count = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    return count * 2 > shapes.length ? role : 'ignore';
  });
}
