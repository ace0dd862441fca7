/*
 * What a lead becomes in HubSpot: the contact properties written (only values we have: a send never
 * blanks what a teammate filled in), the company, a note's body, and how a HubSpot contact is matched
 * back to a person (email, LinkedIn URL, X handle).
 */
import { HUBSPOT_CUSTOM_PROPERTIES, HUBSPOT_LEAD_STATUS } from '@/lib/leads/export/crm-status';
import type { LeadNote } from '@/lib/leads/lead';
import { safeText } from '@/lib/text/safe-text';
import type { CrmLead, CrmPerson } from '../crm';

/** Standard contact properties this extension writes or reads. */
export const STANDARD_PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'phone',
  'jobtitle',
  'company',
  'twitterhandle',
  'hs_lead_status',
  'hubspot_owner_id',
] as const;

export const LINKEDIN_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.linkedinUrl.name;
export const TELEGRAM_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.telegram.name;

/** Which of the two custom properties the portal has (read at Connect, created there with consent). */
export interface CustomProperties {
  linkedinUrl: boolean;
  telegram: boolean;
}

/** Every property read back (to compare, and for the "In HubSpot" mark). */
export function readProperties(custom: CustomProperties): string[] {
  return [...STANDARD_PROPERTIES, ...(custom.linkedinUrl ? [LINKEDIN_PROPERTY] : []), ...(custom.telegram ? [TELEGRAM_PROPERTY] : [])];
}

const bare = (handle: string | null | undefined) => (handle ?? '').trim().replace(/^@+/, '').toLowerCase();
/** A LinkedIn URL as compared: no scheme, no www, no trailing slash, lower case. */
export const normalLinkedin = (url: string | null | undefined) =>
  (url ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/+$/, '');
const normalEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/** The contact properties for a lead: values we have only. */
export function contactProperties(input: CrmLead, custom: CustomProperties): Record<string, string> {
  const { lead } = input;
  const props: Record<string, string | null | undefined> = {
    email: input.email,
    firstname: lead.firstName,
    lastname: lead.lastName,
    phone: input.phone,
    jobtitle: lead.title,
    company: lead.company?.name,
    twitterhandle: lead.xHandle,
    hs_lead_status: HUBSPOT_LEAD_STATUS[lead.status],
    ...(custom.linkedinUrl ? { [LINKEDIN_PROPERTY]: lead.linkedinUrl } : {}),
    ...(custom.telegram ? { [TELEGRAM_PROPERTY]: input.telegram } : {}),
  };
  return Object.fromEntries(
    Object.entries(props).flatMap(([k, v]) => {
      const text = safeText(v ?? '');
      return text ? [[k, text]] : [];
    }),
  );
}

/** True when HubSpot already holds every value we would write (compared the way HubSpot compares: case-insensitively). */
export function sameProperties(wanted: Record<string, string>, held: Record<string, string | null | undefined>): boolean {
  return Object.entries(wanted).every(([k, v]) => {
    const h = held[k] ?? '';
    if (k === LINKEDIN_PROPERTY) return normalLinkedin(h) === normalLinkedin(v);
    if (k === 'twitterhandle') return bare(h) === bare(v);
    return h.trim().toLowerCase() === v.trim().toLowerCase();
  });
}

/** Whether a HubSpot contact is this person: same email, LinkedIn URL or X handle. */
export function isPerson(person: CrmPerson, held: Record<string, string | null | undefined>): boolean {
  if (person.email && normalEmail(held.email) === normalEmail(person.email)) return true;
  if (person.linkedinUrl && held[LINKEDIN_PROPERTY] && normalLinkedin(held[LINKEDIN_PROPERTY]) === normalLinkedin(person.linkedinUrl))
    return true;
  return !!person.xHandle && !!held.twitterhandle && bare(held.twitterhandle) === bare(person.xHandle);
}

/** A HubSpot note body is HTML: the rep's text is escaped, line breaks kept. */
export function noteBody(note: LeadNote): string {
  return safeText(note.text, { multiline: true }).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

/** A company domain as HubSpot keys it: host only, lower case, no www. */
export function companyDomain(domain: string | null | undefined): string | null {
  const d = (domain ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
  return /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d) ? d : null;
}
