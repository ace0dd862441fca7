/*
 * The Leads page's one door to the exports. The exports themselves (lib/leads/export/: one table per
 * format, the CRM presets and the spreadsheet guard) are written beside this page; at merge this file
 * re-exports theirs with the same names and signatures, and nothing else on the page changes. Until
 * then the menu is real and an export says it is not merged.
 */
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Lead } from '@/lib/leads/lead';

export type ExportKindId = 'hubspot' | 'salesforce' | 'pipedrive' | 'csv' | 'vcard' | 'google-sheets';

export interface ExportKind {
  id: ExportKindId;
  /** The menu item's accessible name. */
  label: string;
  /** CRM presets write values as the CRM stores them (no guard); spreadsheet outputs never let a cell evaluate. */
  flag: 'crm-preset' | 'spreadsheet';
}

/** What the CRM presets are labelled with in the menu. */
export const CRM_PRESET_NOTE = 'for import, not for opening in a spreadsheet';

export const EXPORT_KINDS: readonly ExportKind[] = [
  { id: 'hubspot', label: 'HubSpot CSV', flag: 'crm-preset' },
  { id: 'salesforce', label: 'Salesforce CSV', flag: 'crm-preset' },
  { id: 'pipedrive', label: 'Pipedrive CSV', flag: 'crm-preset' },
  { id: 'csv', label: 'CSV (all fields)', flag: 'spreadsheet' },
  { id: 'vcard', label: 'vCard', flag: 'spreadsheet' },
  { id: 'google-sheets', label: 'Copy for Google Sheets', flag: 'spreadsheet' },
];

/** The kind that goes to the clipboard (tab-separated, pasted into a sheet) instead of a file. */
export const toClipboard = (kind: ExportKind): boolean => kind.id === 'google-sheets';

/** One lead as the exports read it: the lead, its revealed channels (labelled when another account paid). */
export interface ExportContact {
  lead: Lead;
  reveal: RevealRecord | null;
  accountInUse: string | null;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
  /** Leads left out ("Do not contact"). */
  skipped: number;
}

const NOT_MERGED = 'not merged';

export function contactFromLead(_lead: Lead, _reveal: RevealRecord | null, _accountInUse: string | null): ExportContact {
  throw new Error(NOT_MERGED);
}

export function exportContacts(_kind: ExportKindId, _contacts: readonly ExportContact[], _options: { now: number }): ExportFile {
  throw new Error(NOT_MERGED);
}
