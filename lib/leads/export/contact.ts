/*
 * The neutral row every export (and the CRM send) writes, for a saved lead or a plain directory person, with
 * the channels revealed for them read from the one reveal store. Each format (./formats.ts) only chooses columns.
 */
import type { Person } from '@/lib/api';
import { CONTACT_CHANNEL_IDS, channelValueOnRecord, type ContactChannelId } from '@/lib/api/contact-channels';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { XHandleSeen } from '@/lib/lookup/x-account';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import { safeText } from '@/lib/text/safe-text';
import { newLead, type Lead, type LeadNote, type LeadStatus } from '../lead';

/** What Salesforce itself writes for a missing required name or company (a Lead without them is refused). */
export const NOT_PROVIDED = '[not provided]';

export type ExportNote = Pick<LeadNote, 'at' | 'text'>;

/**
 * One exported contact. Channel fields carry revealed values (or null); the rest is what was already paid for,
 * the lead's own fields as on the lead (its display name never empty, its X handle without "@").
 */
export interface ExportContact
  extends
    Record<ContactChannelId, string | null>,
    Pick<Lead, 'personId' | 'name' | 'title' | 'xHandle' | 'tags' | 'followUpOn' | 'savedFrom'> {
  /** From the record, or split from the display name; may be "" (a one-word name is a last name). */
  firstName: string;
  /** Never empty: the record's, the display name's last part, the whole name or handle, or NOT_PROVIDED. */
  lastName: string;
  companyName: string | null;
  /** Bare host ("quantlayer.xyz"): no scheme, path or "www.". */
  companyDomain: string | null;
  companySectors: string[];
  companyType: string | null;
  /** The X account's numeric user id, once a page showed it: handles change hands, the id does not. */
  xUserId: string | null;
  /** The handles it had before `xHandle`, oldest first, each with when it was first seen so. */
  formerXHandles: XHandleSeen[];
  /** The lead's status id; null for a person who is not a lead. */
  status: LeadStatus | null;
  notes: ExportNote[];
  savedAt: number | null;
  /** Credits booked onto the lead (lookup share, details, reveal); null for a person who is not a lead. */
  creditsPaid: number | null;
  /** Some of those credits are "may have been charged". */
  creditsEstimated: boolean;
  /** The lead's account (that paid for it), or for a plain person the account of the reveal used. */
  accountId: string | null;
  /** The channels come from a reveal made under another API account than the one in use. */
  revealedUnderOtherAccount: boolean;
  /** The contact's id in the connected HubSpot portal (its `hs_object_id`, "Record ID" in an import), once sent. */
  crmRecordId: string | null;
}

/** "quantlayer.xyz" from "https://www.QuantLayer.xyz/about", "quantlayer.xyz" …; null when it is no host name. */
export function bareDomain(value: string | null | undefined): string | null {
  const host = safeText(value)
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u.test(host) ? host : null;
}

/**
 * First and last name for a CRM: the record's, else split from the display name (first word, then the rest).
 * A one-word name (李小龙, "Satoshi") is a last name (Salesforce requires one); the last name is never empty:
 * the whole name, then the X handle, then NOT_PROVIDED.
 */
export function splitName(input: { firstName?: string | null; lastName?: string | null; name?: string | null; xHandle?: string | null }): {
  firstName: string;
  lastName: string;
} {
  const first = safeText(input.firstName);
  const last = safeText(input.lastName);
  const whole = safeText(input.name);
  if (first && last) return { firstName: first, lastName: last };
  if (last) {
    const rest = whole.endsWith(` ${last}`) ? whole.slice(0, -last.length - 1).trim() : '';
    return { firstName: rest, lastName: last };
  }
  if (first) {
    const rest = whole.startsWith(`${first} `) ? whole.slice(first.length + 1).trim() : '';
    return rest ? { firstName: first, lastName: rest } : { firstName: '', lastName: first };
  }
  const words = whole.split(' ').filter(Boolean);
  if (words.length >= 2) return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
  if (whole) return { firstName: '', lastName: whole };
  const handle = safeText(input.xHandle).replace(/^@+/, '');
  return { firstName: '', lastName: handle ? `@${handle}` : NOT_PROVIDED };
}

/** Reveals by person, for picking one per lead in a 10,000-lead export without a scan each. */
export type RevealIndex = ReadonlyMap<string, readonly RevealRecord[]>;

export function indexReveals(reveals: Iterable<RevealRecord>): RevealIndex {
  const index = new Map<string, RevealRecord[]>();
  for (const r of reveals) index.set(r.personId, [...(index.get(r.personId) ?? []), r]);
  return index;
}

/**
 * The reveal a lead's channels are read from: the account in use's, else the lead's own account's,
 * else the newest under any other account (allowed, and flagged by `contactFromLead`).
 */
export function revealForLead(
  lead: Pick<Lead, 'personId' | 'accountId'>,
  reveals: RevealIndex,
  accountInUse: string | null,
): RevealRecord | undefined {
  const mine = reveals.get(lead.personId);
  if (!mine?.length) return undefined;
  for (const account of [accountInUse, lead.accountId]) {
    const found = account === null ? undefined : mine.find((r) => r.accountId === account);
    if (found) return found;
  }
  return mine.reduce((a, b) => (b.at > a.at ? b : a));
}

/** A channel's value in a reveal, or null when it holds none (the HubSpot marks search by the same email the send writes). */
export const revealedValue = (reveal: RevealRecord | undefined, id: ContactChannelId): string | null => {
  const v = reveal?.channels[id];
  return typeof v === 'string' && v.trim() !== '' ? v : null;
};

/**
 * A lead's LinkedIn URL, one rule for every export and CRM push: the revealed one, else the record's,
 * else the LinkedIn profile (`/in/…`, canonical) the lead was saved from — not an X, company or Sales Navigator page.
 */
function leadLinkedinUrl(lead: Pick<Lead, 'linkedinUrl' | 'savedFrom'>, reveal: RevealRecord | undefined): string | null {
  const page = lead.savedFrom ? parseLinkedInUrl(lead.savedFrom) : null;
  const savedFrom = page?.kind === 'person' && page.url.includes('/in/') ? page.url : null;
  return revealedValue(reveal, 'linkedinUrl') ?? lead.linkedinUrl ?? savedFrom;
}

/**
 * A saved lead as an export row; `reveal` is the reveal store's record for the person (`revealForLead`);
 * `crmRecordId` the contact's id in the connected HubSpot, when the lead was sent there.
 */
export function contactFromLead(
  lead: Lead,
  reveal: RevealRecord | undefined,
  accountInUse: string | null,
  crmRecordId: string | null = null,
): ExportContact {
  // Reveals "of another account" are relative to the key in use; with no key, to the account that saved the lead.
  const home = accountInUse ?? lead.accountId;
  // Channels written out: a spread of Object.fromEntries is ~40× slower in V8, felt in a 10,000-lead export.
  return {
    email: revealedValue(reveal, 'email'),
    phone: revealedValue(reveal, 'phone'),
    telegram: revealedValue(reveal, 'telegram'),
    linkedinUrl: leadLinkedinUrl(lead, reveal),
    personId: lead.personId,
    name: lead.name,
    ...splitName(lead),
    title: lead.title,
    companyName: lead.company?.name || null,
    companyDomain: bareDomain(lead.company?.domain),
    companySectors: lead.company?.sectors ?? [],
    companyType: lead.company?.type ?? null,
    xHandle: lead.xHandle,
    xUserId: lead.xAccount?.id ?? null,
    formerXHandles: lead.xAccount?.handles.slice(0, -1) ?? [],
    status: lead.status,
    tags: lead.tags,
    notes: lead.notes.map(({ at, text }) => ({ at, text })),
    followUpOn: lead.followUpOn,
    savedAt: lead.savedAt,
    savedFrom: lead.savedFrom,
    creditsPaid: lead.cost.credits,
    creditsEstimated: lead.cost.estimated,
    accountId: lead.accountId,
    revealedUnderOtherAccount: reveal !== undefined && reveal.accountId !== home,
    crmRecordId,
  };
}

/**
 * Every lead as an export row, each with its reveal picked from `reveals` (getReveals: every account's)
 * and its HubSpot record id from `recordIds` (person id → contact id in the connected portal).
 */
export function contactsFromLeads(
  leads: readonly Lead[],
  reveals: Iterable<RevealRecord>,
  accountInUse: string | null,
  recordIds: ReadonlyMap<string, string> = new Map(),
): ExportContact[] {
  const index = indexReveals(reveals);
  return leads.map((lead) =>
    contactFromLead(lead, revealForLead(lead, index, accountInUse), accountInUse, recordIds.get(lead.personId) ?? null),
  );
}

/**
 * A directory person who is not (necessarily) a lead, as an export row: the same name, company and
 * handle rules a saved lead gets (it is built as the lead it would become), no pipeline fields. Channels
 * come from `reveal`, else from the record itself when it already carries them (contacts unlocked before).
 */
export function contactFromPerson(person: Person, reveal: RevealRecord | undefined, accountInUse: string | null = null): ExportContact {
  const { lead } = newLead({ person, organization: null, accountId: '', savedFrom: null, cost: { credits: 0, estimated: false } }, 0);
  const row = contactFromLead(lead, reveal, accountInUse ?? reveal?.accountId ?? null);
  for (const id of CONTACT_CHANNEL_IDS) row[id] ??= channelValueOnRecord(person, id);
  // Built as a new lead, it has no tags, notes, follow-up or page it was saved from: only what a lead alone has is taken out.
  return { ...row, status: null, savedAt: null, creditsPaid: null, accountId: reveal?.accountId ?? null };
}
