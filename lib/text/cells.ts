/*
 * The cell of an exported file, under one of two rules: one per kind of output, each declared here once.
 *
 * - `crm` (the HubSpot, Salesforce and Pipedrive import presets): the value exactly as the CRM should
 *   store it. No guard character: an apostrophe in front of "+46 70 123 45 67" would be imported into
 *   the CRM as part of the phone number. These files are "for import, not for opening in a spreadsheet".
 * - `spreadsheet` (CSV with all fields, Copy for Google Sheets, the options page's spending and
 *   revealed-contacts CSVs): a cell never evaluates. Text starting with `=`, `+`, `-`, `@`, a tab or a CR
 *   gets a leading apostrophe (phone numbers included): names, titles and handles come from the
 *   directory, not from us, and a spreadsheet runs such a cell as a formula.
 *
 * Both rules first drop bidi controls and invisible characters (lib/text/safe-text.ts): a cell then reads
 * in its true order, and an invisible first character cannot hide a formula from the guard.
 *
 * Encoding: UTF-8 everywhere. Spreadsheet CSVs start with a byte order mark, because Excel opens a CSV
 * without one in the system's legacy code page (Jürgen → JÃ¼rgen, 李小龙 unreadable); Google Sheets,
 * Numbers and LibreOffice read the mark as "UTF-8" and drop it. CRM presets have none: HubSpot, Salesforce
 * (choose UTF-8 in the Data Import Wizard) and Pipedrive read UTF-8 as is, and an importer that kept the
 * mark would see the first header as "\uFEFFFirst Name" and not map the column that matters most.
 */
import { stripUnsafeCharacters } from '@/lib/text/safe-text';

export type CellRule = 'crm' | 'spreadsheet';

/** What the UI says next to each CRM preset (the Export menu, the README). */
export const CRM_IMPORT_NOTE = 'for import, not for opening in a spreadsheet';

const UTF8_BOM = '\uFEFF';

/** What a spreadsheet would run as a formula (or, for tab and CR, shift into another cell first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The value as cell text, before quoting. Numbers and booleans are ours and written as they are; any
 * other value is directory or user text: stripped, and under the spreadsheet rule guarded.
 */
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
 * One tab-separated field for pasting into Google Sheets (always the spreadsheet rule). A tab or line
 * break inside a value cannot be represented (it would start a new cell or row): each becomes a space,
 * after the guard, so "\t=1" still arrives as text. A value holding a quote is quoted as Sheets and Excel
 * quote their own clipboard text, so a leading quote is not read as the start of a quoted cell.
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
