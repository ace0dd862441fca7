/*
 * The cell of an exported file, under one of two rules, each declared here once:
 * - `crm` (HubSpot, Salesforce, Pipedrive presets): the value exactly as the CRM should store it (an apostrophe
 *   guard before "+46 70 123 45 67" would be imported as part of the number);
 * - `spreadsheet` (full CSV, Copy for Google Sheets, spending and revealed-contacts CSVs): a cell never evaluates;
 *   text starting with `=`, `+`, `-`, `@`, a tab or a CR gets a leading apostrophe.
 * Both first drop bidi controls and invisible characters (./safe-text.ts), which could hide a formula from the guard.
 * UTF-8: spreadsheet CSVs start with a byte order mark (without one Excel reads the legacy code page: Jürgen →
 * JÃ¼rgen); CRM presets have none (an importer that kept it would not map "\uFEFFFirst Name").
 */
import { stripUnsafeCharacters } from '@/lib/text/safe-text';

export type CellRule = 'crm' | 'spreadsheet';

/** What the UI says next to each CRM preset (the Export menu, the README). */
export const CRM_IMPORT_NOTE = 'for import, not for opening in a spreadsheet';

const UTF8_BOM = '\uFEFF';

/** What a spreadsheet would run as a formula (or, for tab and CR, shift into another cell first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The value as cell text, before quoting: numbers and booleans as they are, any text stripped (and guarded). */
function cellText(value: unknown, rule: CellRule): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other value is written as String() shows it
  const s = stripUnsafeCharacters(String(value));
  return rule === 'spreadsheet' && FORMULA_START.test(s) ? `'${s}` : s;
}

/** One CSV field (RFC 4180): quoted when it holds a quote, comma, CR or LF (or edge spaces), quotes doubled. */
export function csvField(value: unknown, rule: CellRule): string {
  const s = cellText(value, rule);
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * One tab-separated field for Google Sheets (spreadsheet rule). A tab or line break inside becomes a space,
 * after the guard ("\t=1" stays text); a value holding a quote is quoted as Sheets and Excel quote their own.
 */
export function tsvField(value: unknown): string {
  const s = cellText(value, 'spreadsheet').replace(/\r\n|[\t\r\n]/g, ' ');
  return s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document under one rule: header row then rows, CRLF line ends (what Excel and RFC 4180 expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], rule: CellRule): string {
  const body = [header, ...rows].map((row) => row.map((v) => csvField(v, rule)).join(',')).join('\r\n') + '\r\n';
  return rule === 'spreadsheet' ? UTF8_BOM + body : body;
}

/** Tab-separated text with a header row, for the clipboard (no byte order mark: it is text, not a file). */
export function toTsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(tsvField).join('\t')).join('\r\n') + '\r\n';
}
