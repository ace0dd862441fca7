/*
 * What each column of a list holds, from its header's words or else its cells: a proposal the rep may fix on the
 * Leads page (`readRows` takes the same array back). Cells are read with the pages' own rules (lib/profile).
 */
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { bareXHandle, isXHandle } from '@/lib/profile/sites';
import { safeText } from '@/lib/text/safe-text';

export type ColumnRole = 'x' | 'linkedin' | 'name' | 'first-name' | 'last-name' | 'company' | 'email' | 'ignore';

/** A row of the file and its number there (1-based, the header counted; a cell's line break stays one row). */
export type ListRecord = { line: number; cells: string[] };

/** A row the reader could not take, and why (said to the rep next to the row). */
export type UnreadableRow = { line: number; text: string; why: string };

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

/** A header row: no cell is a handle, address or email, and one names a column or the rows below hold such cells ("Contact"). */
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
    const texts = sample.map((record) => cellText(record.cells[column])).filter((text) => text !== '');
    const shapes = texts.map((text) => cellShape(text, parsed.width === 1));
    return SHAPES.find((shape) => shapes.filter((s) => s === shape).length * 2 > texts.length) ?? 'ignore';
  });
}

export type ProfileCell = { xHandle: string; linkedinSlug?: undefined } | { linkedinSlug: string; xHandle?: undefined };

// What sign-up forms get for "What's your Twitter?" from people who have none: "none" is a valid handle,
// and looking it up would cost a lookup for nobody.
const NO_ANSWER = /^(?:none|no|nope|na|n\/a|nil|null|tbd|-+)$/i;

/**
 * The cell as one safe, trimmed line, empty for a non-answer. A leading apostrophe before `=+-@` is the
 * formula guard our own spreadsheet exports add (lib/text/cells.ts): "'@AdaQuant" is the handle "@AdaQuant".
 */
export function cellText(cell: string | undefined): string {
  const text = safeText(cell).replace(/^'(?=[=+\-@])/, '');
  return NO_ANSWER.test(text) ? '' : text;
}

/**
 * An X profile or post address (scheme optional), a LinkedIn person's address, "@handle", or, when `bareWords`
 * (a column of handles), a bare handle. X's own pages (`x.com/home`, a bare "explore") are nobody's handle.
 */
export function readProfileCell(text: string, bareWords: boolean): ProfileCell | null {
  // Forms get "x.com/@AdaQuant": the "@" is the writer's, not part of the address.
  const page = parseProfileUrl(text.replace('/@', '/'));
  if (page?.site === 'x') return { xHandle: page.handle };
  if (page?.site === 'linkedin') return page.kind === 'person' ? { linkedinSlug: page.slug } : null;
  if (!bareWords && !text.startsWith('@')) return null;
  const handle = bareXHandle(text);
  return handle !== null && isXHandle(handle) ? { xHandle: handle } : null;
}

// Enough to tell an address from a note ("n/a", "ask at the door"); the directory does not match on it.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An email address ("mailto:" links too), or null. */
export function readEmail(text: string): string | null {
  const email = text.replace(/^mailto:/i, '');
  return EMAIL.test(email) ? email : null;
}

const SHAPES = ['x', 'linkedin', 'email'] as const;

/** What a cell looks like, for columns whose header says nothing: `bareWords` as for `readProfileCell`. */
export function cellShape(text: string, bareWords: boolean): (typeof SHAPES)[number] | null {
  if (readEmail(text) !== null) return 'email';
  const profile = readProfileCell(text, bareWords);
  return profile === null ? null : profile.xHandle !== undefined ? 'x' : 'linkedin';
}
