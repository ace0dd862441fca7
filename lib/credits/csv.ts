import { stripUnsafeCharacters } from '@/lib/text/safe-text';

/**
 * One CSV field (RFC 4180). Strings that a spreadsheet would run as a formula (=, +, -, @, tab, CR
 * first) get a leading apostrophe: names and handles in exports come from the directory, not from us.
 * Bidi controls and invisible characters are dropped first, so a spreadsheet shows the value in its
 * true order and an invisible lead character cannot hide a formula.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other value is written as String() shows it
  let s = stripUnsafeCharacters(String(value));
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: header row then rows, CRLF line ends (what Excel and RFC 4180 expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
