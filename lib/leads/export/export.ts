/*
 * "Export" on the Leads page (and, in issue 25, on prospect-search results): the one entry point. Pure:
 * the page builds the rows (./contact.ts `contactsFromLeads`), calls `exportContacts`, then downloads the
 * text or puts it on the clipboard. 0 credits, no call. Leads marked "Do not contact" are left out of
 * every format and counted.
 */
import { dayKey } from '@/lib/credits/day-key';
import { vCard } from '@/lib/contacts/vcard';
import { doNotContactText } from '@/lib/messages/texts';
import { toCsv, toTsv, type CellRule } from '@/lib/text/cells';
import { blocksContact } from '../lead';
import type { ExportContact } from './contact';
import { ALL_FIELDS_COLUMNS, HUBSPOT_COLUMNS, PIPEDRIVE_COLUMNS, SALESFORCE_COLUMNS, contactCard, type Column } from './formats';

export { CRM_IMPORT_NOTE } from '@/lib/text/cells';

/**
 * The Export menu, in order, with its exact labels. `output` says which cell rule applies (lib/text/cells.ts):
 * CRM presets show CRM_IMPORT_NOTE ("for import, not for opening in a spreadsheet"); `to` says whether
 * the result is a downloaded file or clipboard text.
 */
export const EXPORT_KINDS = [
  { id: 'hubspot', label: 'HubSpot CSV', output: 'crm', to: 'file' },
  { id: 'salesforce', label: 'Salesforce CSV', output: 'crm', to: 'file' },
  { id: 'pipedrive', label: 'Pipedrive CSV', output: 'crm', to: 'file' },
  { id: 'csv', label: 'CSV (all fields)', output: 'spreadsheet', to: 'file' },
  { id: 'vcard', label: 'vCard', output: 'address-book', to: 'file' },
  { id: 'sheets', label: 'Copy for Google Sheets', output: 'spreadsheet', to: 'clipboard' },
] as const satisfies readonly { id: string; label: string; output: CellRule | 'address-book'; to: 'file' | 'clipboard' }[];

export type ExportKind = (typeof EXPORT_KINDS)[number]['id'];

export interface ExportResult {
  kind: ExportKind;
  /** Dated, e.g. "leads-hubspot-2026-11-26.csv" (the Sheets text gets a .tsv name for a download fallback). */
  fileName: string;
  mimeType: string;
  text: string;
  /** Rows written. */
  exported: number;
  /** Leads left out because they are marked "Do not contact". */
  skipped: number;
  /** What to tell the rep when `skipped` > 0 (lib/messages/texts.ts), else null. */
  skippedMessage: string | null;
}

export interface ExportOptions {
  now: number;
  /** The file name's first word: "leads" for the Leads page; issue 25 names its own. */
  baseName?: string;
}

const CSV = 'text/csv;charset=utf-8';
/** A table format's text: the columns' headers, then one row per contact. */
const tableOf = (columns: readonly Column[], write: (header: string[], rows: unknown[][]) => string) => (kept: readonly ExportContact[]) =>
  write(
    columns.map((c) => c.header),
    kept.map((contact) => columns.map((col) => col.value(contact))),
  );

/** Each kind's file: its extension, type and text; the CRM presets' names also say the CRM. */
const FILES: Record<ExportKind, { ext: string; mimeType: string; named?: true; text: (kept: readonly ExportContact[]) => string }> = {
  hubspot: { ext: 'csv', mimeType: CSV, named: true, text: tableOf(HUBSPOT_COLUMNS, (h, r) => toCsv(h, r, 'crm')) },
  salesforce: { ext: 'csv', mimeType: CSV, named: true, text: tableOf(SALESFORCE_COLUMNS, (h, r) => toCsv(h, r, 'crm')) },
  pipedrive: { ext: 'csv', mimeType: CSV, named: true, text: tableOf(PIPEDRIVE_COLUMNS, (h, r) => toCsv(h, r, 'crm')) },
  csv: { ext: 'csv', mimeType: CSV, text: tableOf(ALL_FIELDS_COLUMNS, (h, r) => toCsv(h, r, 'spreadsheet')) },
  sheets: { ext: 'tsv', mimeType: 'text/tab-separated-values;charset=utf-8', text: tableOf(ALL_FIELDS_COLUMNS, toTsv) },
  // One card after another is a valid multi-contact .vcf (RFC 2426 §2.1).
  vcard: { ext: 'vcf', mimeType: 'text/vcard;charset=utf-8', text: (kept) => kept.map((c) => vCard(contactCard(c))).join('') },
};

export function exportContacts(kind: ExportKind, contacts: readonly ExportContact[], options: ExportOptions): ExportResult {
  const kept = contacts.filter((c) => c.status === null || !blocksContact({ status: c.status }));
  const skipped = contacts.length - kept.length;
  const { ext, mimeType, named, text } = FILES[kind];
  const fileName = `${options.baseName ?? 'leads'}${named ? `-${kind}` : ''}-${dayKey(options.now)}.${ext}`;
  return {
    kind,
    fileName,
    mimeType,
    text: text(kept),
    exported: kept.length,
    skipped,
    skippedMessage: skipped > 0 ? doNotContactText('export', skipped) : null,
  };
}
