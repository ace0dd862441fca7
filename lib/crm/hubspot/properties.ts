/*
 * What a lead becomes in HubSpot, from the one contact mapping (lib/leads/export/contact.ts): the contact
 * properties, the follow-up task, a note's body, and how a contact is matched back to a person. Only values
 * we have are written: a send never blanks what a teammate filled in (./merge.ts decides).
 */
import { HUBSPOT_CUSTOM_PROPERTIES, HUBSPOT_LEAD_STATUS, type HubSpotCustomProperty } from '@/lib/leads/export/crm-status';
import { bareDomain, type ExportContact } from '@/lib/leads/export/contact';
import type { LeadNote } from '@/lib/leads/lead';
import { safeText } from '@/lib/text/safe-text';
import type { CrmPerson } from '../crm';

/** The standard contact properties a send writes, each from the one contact mapping (the owner is only read). */
const STANDARD: Record<string, (c: ExportContact) => string | null> = {
  email: (c) => c.email,
  firstname: (c) => c.firstName,
  lastname: (c) => c.lastName,
  phone: (c) => c.phone,
  jobtitle: (c) => c.title,
  company: (c) => c.companyName,
  twitterhandle: (c) => c.xHandle,
  hs_lead_status: (c) => (c.status ? HUBSPOT_LEAD_STATUS[c.status] : null),
};

export const LINKEDIN_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.linkedinUrl.name;
export const DIRECTORY_ID_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.directoryId.name;
export const NOTE_KEY_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.noteKey.name;
export const TASK_KEY_PROPERTY = HUBSPOT_CUSTOM_PROPERTIES.taskKey.name;

/** Which of the extension's own properties the portal has (read at Connect and before a send; created there with consent). */
export type CustomProperties = Record<HubSpotCustomProperty, boolean>;

const CUSTOM_KEYS = Object.keys(HUBSPOT_CUSTOM_PROPERTIES) as HubSpotCustomProperty[];

export const NO_CUSTOM_PROPERTIES = Object.fromEntries(CUSTOM_KEYS.map((k) => [k, false])) as CustomProperties;

const customName = (key: HubSpotCustomProperty) => HUBSPOT_CUSTOM_PROPERTIES[key].name;
const contactCustom = (custom: CustomProperties) =>
  CUSTOM_KEYS.filter((k) => custom[k] && HUBSPOT_CUSTOM_PROPERTIES[k].object === 'contacts');

/** Every contact property read back (to compare, to match, and for the "In HubSpot" mark). */
export function readProperties(custom: CustomProperties): string[] {
  return [...Object.keys(STANDARD), 'hubspot_owner_id', ...contactCustom(custom).map(customName)];
}

const bare = (handle: string | null | undefined) => (handle ?? '').trim().replace(/^@+/, '').toLowerCase();
/** A LinkedIn URL as compared: no scheme, no www, no trailing slash, lower case. */
export const normalLinkedin = (url: string | null | undefined) =>
  (url ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/+$/, '');
/** How HubSpot compares a text value: trimmed, case-insensitive. */
export const normalText = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The contact properties for a lead's export row: values we have only. */
export function contactProperties(c: ExportContact, custom: CustomProperties): Record<string, string> {
  const own: Record<HubSpotCustomProperty, string | null> = {
    linkedinUrl: c.linkedinUrl,
    telegram: c.telegram,
    directoryId: c.personId,
    tags: c.tags.length ? c.tags.join('; ') : null,
    followUp: c.followUpOn,
    xId: c.xUserId,
    noteKey: null,
    taskKey: null,
  };
  const props = [
    ...Object.entries(STANDARD).map(([k, value]) => [k, value(c)] as const),
    ...contactCustom(custom).map((k) => [customName(k), own[k]] as const),
  ];
  return Object.fromEntries(
    props.flatMap(([k, v]) => {
      const text = safeText(v ?? '');
      return text ? [[k, text]] : [];
    }),
  );
}

/** Whether HubSpot holds this value already, compared the way HubSpot compares (and URLs and handles as the same page or account). */
export function sameValue(property: string, held: string | null | undefined, ours: string): boolean {
  if (property === LINKEDIN_PROPERTY) return normalLinkedin(held) === normalLinkedin(ours);
  if (property === 'twitterhandle') return bare(held) === bare(ours);
  return normalText(held) === normalText(ours);
}

/** How strongly a HubSpot contact is this person: 4 our id, 3 email, 2 LinkedIn URL, 1 X handle, 0 none. */
export function identifierMatch(person: CrmPerson, held: Record<string, string | null | undefined>): number {
  if (held[DIRECTORY_ID_PROPERTY] && held[DIRECTORY_ID_PROPERTY] === person.personId) return 4;
  if (person.email && normalText(held.email) === normalText(person.email)) return 3;
  if (person.linkedinUrl && held[LINKEDIN_PROPERTY] && normalLinkedin(held[LINKEDIN_PROPERTY]) === normalLinkedin(person.linkedinUrl))
    return 2;
  return person.xHandle && held.twitterhandle && bare(held.twitterhandle) === bare(person.xHandle) ? 1 : 0;
}

/** Same first name, last name and company (HubSpot's own dedupe for contacts is by email only). */
export function sameNameAndCompany(
  c: Pick<ExportContact, 'firstName' | 'lastName' | 'companyName'>,
  held: Record<string, string | null | undefined>,
) {
  return (
    !!c.companyName &&
    normalText(held.firstname) === normalText(c.firstName) &&
    normalText(held.lastname) === normalText(c.lastName) &&
    normalText(held.company) === normalText(c.companyName)
  );
}

/** A HubSpot note body is HTML: the rep's text is escaped, line breaks kept. */
export function noteBody(note: LeadNote): string {
  return safeText(note.text, { multiline: true }).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

/** The unique key of a lead note in HubSpot: any resend of it lands on the same note. */
export const noteKey = (personId: string, noteId: string) => `${personId}:${noteId}`;

/**
 * The follow-up task as it should stand: "Follow up: {name}", due on the lead's date, open — completed once the
 * follow-up is cleared (null when there is no follow-up and never was a task). Keys are prefixed `task:` where
 * they are kept in a link's `written`. Due at 12:00 UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
 */
export function taskProperties(c: Pick<ExportContact, 'name' | 'followUpOn'>, hadTask: boolean): Record<string, string> | null {
  if (c.followUpOn)
    return {
      hs_task_subject: `Follow up: ${safeText(c.name)}`,
      hs_timestamp: `${c.followUpOn}T12:00:00.000Z`,
      hs_task_status: 'NOT_STARTED',
      hs_task_type: 'TODO',
    };
  return hadTask ? { hs_task_status: 'COMPLETED' } : null;
}

/** The task's properties as kept in a link's `written` (beside the contact's), and back. */
export const TASK_WRITTEN_PREFIX = 'task:';
export const taskWritten = (props: Record<string, string>) =>
  Object.fromEntries(Object.entries(props).map(([k, v]) => [`${TASK_WRITTEN_PREFIX}${k}`, v]));
/** Whether the task already stands as `wanted` (by what was last written to it). */
export const taskInStep = (wanted: Record<string, string>, written: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => written[`${TASK_WRITTEN_PREFIX}${k}`] === v);

/** A company domain as HubSpot keys it: the host `bareDomain` reads, in ASCII (lower case, no www). */
export function companyDomain(domain: string | null | undefined): string | null {
  const d = bareDomain(domain);
  return d && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d) ? d : null;
}
