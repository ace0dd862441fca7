/*
 * Each export format as its columns over the neutral row (./contact.ts); the cell rule (lib/text/cells.ts)
 * is chosen by ./export.ts: CRM presets write values as the CRM stores them, the others guard every cell.
 * Sources for the presets (checked November 2026):
 * - HubSpot, "Set up your import files" and "Import and associate multiple objects" (knowledge.hubspot.com):
 *   a row needs one of first name, last name or email; a contact and company on one row are associated.
 * - Salesforce, "Field Mapping for Importing Leads" (help.salesforce.com): the Data Import Wizard maps these
 *   labels to Lead fields; Last Name and Company are required ("[not provided]": Knowledge Article 000171026).
 * - Pipedrive, "Importing: mandatory fields" and "Import fields" (support.pipedrive.com): a person needs a
 *   name; a person and organisation on one row are linked; the "Person - …" headers follow Pipedrive's naming
 *   so the mapping step pre-selects them ("Person - Job title" and "Note - Content" not confirmed by a source).
 */
import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';
import { dayKey } from '@/lib/credits/day-key';
import type { ContactCard } from '@/lib/contacts/contact-card';
import { safeText } from '@/lib/text/safe-text';
import { statusLabel } from '../lead';
import { NOT_PROVIDED, type ExportContact, type ExportNote } from './contact';
import { HUBSPOT_CUSTOM_PROPERTIES, HUBSPOT_LEAD_STATUS, SALESFORCE_LEAD_STATUS } from './crm-status';

export interface Column {
  header: string;
  value: (c: ExportContact) => string | number | boolean | null;
}

const website = (domain: string | null): string | null => (domain ? `https://${domain}` : null);

/** Salesforce's Description is a 32,000-character long text area: a longer value fails the row's import. */
const SALESFORCE_DESCRIPTION_MAX = 32_000;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const list = (values: readonly string[]): string => values.join('; ');
const pad = (n: number) => String(n).padStart(2, '0');

/** A note's time as the rep reads it: local day and time, "2026-11-26 14:03". */
function noteTime(at: number): string {
  const d = new Date(at);
  return `${dayKey(at)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The notes, oldest first, one "[2026-11-26 14:03] text" per line. */
function notesText(notes: readonly ExportNote[]): string {
  return [...notes]
    .sort((a, b) => a.at - b.at)
    .map((n) => `[${noteTime(n.at)}] ${safeText(n.text, { multiline: true })}`)
    .join('\n');
}

/** What a CRM has no standard field for, as text for Salesforce's Description and a Pipedrive note (no custom fields to create). */
function crmSummary(c: ExportContact): string {
  // One line per value: a line break inside a value cannot start a line of its own.
  const line = (label: string, value: string | null | undefined, prefix = '') => {
    const v = safeText(value);
    return v ? `${label}: ${prefix}${v}` : null;
  };
  const lines = [
    line('Status', c.status && statusLabel(c.status)),
    line('X', c.xHandle, '@'),
    line('LinkedIn', c.linkedinUrl),
    line('Telegram', c.telegram),
    line('Tags', list(c.tags)),
    line('Follow up on', c.followUpOn),
    line('Saved from', c.savedFrom),
  ].filter((l): l is string => l !== null);
  if (c.notes.length) lines.push('Notes:', notesText(c.notes));
  return lines.join('\n');
}

/**
 * HubSpot: contacts and their companies, associated row by row. "Record ID" (for leads already sent) makes
 * the import update that contact; the Crypto Directory ID (a unique property) keeps a re-import from doubling any other.
 */
export const HUBSPOT_COLUMNS: readonly Column[] = [
  { header: 'Record ID', value: (c) => c.crmRecordId },
  { header: HUBSPOT_CUSTOM_PROPERTIES.directoryId.label, value: (c) => c.personId },
  { header: 'First Name', value: (c) => c.firstName },
  { header: 'Last Name', value: (c) => c.lastName },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone Number', value: (c) => c.phone },
  { header: 'Job Title', value: (c) => c.title },
  // Mapped to the company object in the import: creates (or matches, by domain) the company and associates it.
  { header: 'Company Name', value: (c) => c.companyName },
  { header: 'Company Domain Name', value: (c) => c.companyDomain },
  { header: 'Twitter Username', value: (c) => c.xHandle },
  { header: 'Lead Status', value: (c) => c.status && HUBSPOT_LEAD_STATUS[c.status] },
  // The extension's contact properties (the README says how to create them when mapping, or Connect creates them).
  { header: HUBSPOT_CUSTOM_PROPERTIES.linkedinUrl.label, value: (c) => c.linkedinUrl },
  { header: HUBSPOT_CUSTOM_PROPERTIES.telegram.label, value: (c) => c.telegram },
  { header: HUBSPOT_CUSTOM_PROPERTIES.followUp.label, value: (c) => c.followUpOn },
  { header: HUBSPOT_CUSTOM_PROPERTIES.tags.label, value: (c) => list(c.tags) },
  { header: HUBSPOT_CUSTOM_PROPERTIES.xId.label, value: (c) => c.xUserId },
];

/** Salesforce Leads via the Data Import Wizard: standard Lead field labels, so the wizard maps them itself. */
export const SALESFORCE_COLUMNS: readonly Column[] = [
  { header: 'First Name', value: (c) => c.firstName },
  { header: 'Last Name', value: (c) => c.lastName },
  { header: 'Title', value: (c) => c.title },
  { header: 'Company', value: (c) => c.companyName || NOT_PROVIDED },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Website', value: (c) => website(c.companyDomain) },
  { header: 'Lead Status', value: (c) => c.status && SALESFORCE_LEAD_STATUS[c.status] },
  { header: 'Description', value: (c) => clip(crmSummary(c), SALESFORCE_DESCRIPTION_MAX) },
];

/** Pipedrive: a person and their organisation on one row (linked on import), and a note on the person. */
export const PIPEDRIVE_COLUMNS: readonly Column[] = [
  { header: 'Person - Name', value: (c) => c.name },
  { header: 'Person - First name', value: (c) => c.firstName },
  { header: 'Person - Last name', value: (c) => c.lastName },
  { header: 'Person - Email', value: (c) => c.email },
  { header: 'Person - Phone', value: (c) => c.phone },
  { header: 'Person - Job title', value: (c) => c.title },
  { header: 'Organization - Name', value: (c) => c.companyName },
  { header: 'Organization - Website', value: (c) => website(c.companyDomain) },
  { header: 'Note - Content', value: crmSummary },
];

/** Every field, one column each, channels in the spec's order (CSV with all fields and Google Sheets). */
export const ALL_FIELDS_COLUMNS: readonly Column[] = [
  { header: 'First name', value: (c) => c.firstName },
  { header: 'Last name', value: (c) => c.lastName },
  { header: 'Name', value: (c) => c.name },
  { header: 'Title', value: (c) => c.title },
  { header: 'Company', value: (c) => c.companyName },
  { header: 'Company domain', value: (c) => c.companyDomain },
  { header: 'Company sectors', value: (c) => list(c.companySectors) },
  { header: 'Company type', value: (c) => c.companyType },
  { header: 'X handle', value: (c) => c.xHandle },
  { header: 'X user ID', value: (c) => c.xUserId },
  { header: 'Former X handles', value: (c) => list(c.formerXHandles.map((h) => `${h.handle} (${dayKey(h.at)})`)) },
  ...CONTACT_CHANNELS.map((ch): Column => ({ header: ch.label, value: (c) => c[ch.id] })),
  { header: 'Revealed under another account', value: (c) => c.revealedUnderOtherAccount },
  { header: 'Status', value: (c) => c.status && statusLabel(c.status) },
  { header: 'Tags', value: (c) => list(c.tags) },
  { header: 'Notes', value: (c) => notesText(c.notes) },
  { header: 'Follow up on', value: (c) => c.followUpOn },
  { header: 'Saved at', value: (c) => (c.savedAt === null ? null : new Date(c.savedAt).toISOString()) },
  { header: 'Saved from', value: (c) => c.savedFrom },
  { header: 'Credits paid', value: (c) => c.creditsPaid },
  { header: 'Credits estimated', value: (c) => c.creditsEstimated },
  { header: 'Person ID', value: (c) => c.personId },
  { header: 'Account ID', value: (c) => c.accountId },
];

/** The card lib/contacts/vcard.ts writes for one contact. */
export function contactCard(c: ExportContact): ContactCard {
  const { firstName, lastName, name, title, xHandle, email, phone, telegram, linkedinUrl } = c;
  return { firstName, lastName, name, title, company: c.companyName, xHandle, email, phone, telegram, linkedinUrl };
}
