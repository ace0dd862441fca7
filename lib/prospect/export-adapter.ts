/*
 * The prospect page's one door to the exports (issue 22's lib/leads/export, written beside this page):
 * results are exported as plain directory people, without saving them as leads. At merge this file
 * re-exports theirs — `exportContacts(kind, contacts, options)` and `contactFromPerson(person, reveal,
 * accountInUse)` with these signatures, and their EXPORT_KINDS — and nothing else on the page changes.
 * Until then the menu is real and an export says it is not merged yet.
 */
import type { Person } from '@/lib/api';
import type { RevealRecord } from '@/lib/credits/reveals';

/** The exports' menu (ids and labels as lib/leads/export/export.ts declares them). */
export const EXPORT_KINDS = [
  { id: 'hubspot', label: 'HubSpot CSV', to: 'file' },
  { id: 'salesforce', label: 'Salesforce CSV', to: 'file' },
  { id: 'pipedrive', label: 'Pipedrive CSV', to: 'file' },
  { id: 'csv', label: 'CSV (all fields)', to: 'file' },
  { id: 'vcard', label: 'vCard', to: 'file' },
  { id: 'sheets', label: 'Copy for Google Sheets', to: 'clipboard' },
] as const satisfies readonly { id: string; label: string; to: 'file' | 'clipboard' }[];

export type ExportKind = (typeof EXPORT_KINDS)[number]['id'];

/** One exported row (lib/leads/export/contact.ts `ExportContact`): opaque here. */
export interface ExportContact {
  personId: string;
}

export interface ExportResult {
  fileName: string;
  mimeType: string;
  text: string;
  exported: number;
  skipped: number;
  skippedMessage: string | null;
}

/** Thrown until the exports are merged in; the page says so instead of exporting. */
export const EXPORTS_NOT_MERGED = 'Export is not available in this build yet: nothing was exported.';

export function contactFromPerson(person: Person, _reveal: RevealRecord | undefined, _accountInUse: string | null): ExportContact {
  return { personId: person.id };
}

export function exportContacts(
  _kind: ExportKind,
  _contacts: readonly ExportContact[],
  _options: { now: number; baseName?: string },
): ExportResult {
  throw new Error(EXPORTS_NOT_MERGED);
}
