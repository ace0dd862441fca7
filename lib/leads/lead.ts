/*
 * A saved lead: a directory person the rep keeps, with a dated snapshot of the record paid for, the rep's
 * pipeline fields and what the person cost. Plain data and pure builders. Revealed channels are never
 * copied here: they are read from the one reveal store (lib/credits/reveals.ts) wherever a lead is shown.
 */
import { z } from 'zod';
import { PersonSchema, ProjectSchema, type Person, type Project } from '@/lib/api';
import { CONTACT_CHANNEL_IDS, CONTACT_CHANNELS, type ContactChannelId } from '@/lib/api/contact-channels';
import { fullName } from '@/lib/lookup/match-profile';
import { sawHandle, XAccountSchema, type XAccount } from '@/lib/lookup/x-account';
import { bareXHandle } from '@/lib/profile/sites';
import { safeText } from '@/lib/text/safe-text';

/** The pipeline, in order. Labels are the words the Leads page's "Status" combobox shows. */
export const LEAD_STATUSES = [
  { id: 'new', label: 'New' },
  { id: 'contacted', label: 'Contacted' },
  { id: 'replied', label: 'Replied' },
  { id: 'meeting', label: 'Meeting' },
  { id: 'won', label: 'Won' },
  { id: 'not-now', label: 'Not now' },
  { id: 'do-not-contact', label: 'Do not contact' },
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number]['id'];
export const LEAD_STATUS_IDS = LEAD_STATUSES.map((s) => s.id) as [LeadStatus, ...LeadStatus[]];

export const statusLabel = (status: LeadStatus): string => LEAD_STATUSES.find((s) => s.id === status)?.label ?? status;

/** "Do not contact": no reveal, no export, no CRM send for this lead. */
export const blocksContact = (lead: Pick<Lead, 'status'>): boolean => lead.status === 'do-not-contact';

const text = z.string().max(10_000);
const nullableText = text.nullable();
const time = z.number().finite().nonnegative();

/** A lead as stored, and as a backup file's lead must parse (a file is the user's input: every text has a bound). */
export const LeadSchema = z.object({
  /** The directory person id: a lead always points at a directory person (and there is one lead per person). */
  personId: z.string().min(1).max(200),
  name: text,
  firstName: nullableText,
  lastName: nullableText,
  title: nullableText,
  /** `type`: the directory's company type (project, service provider, fund…), as it said it. */
  company: z.object({ id: nullableText, name: text, domain: nullableText, sectors: z.array(text), type: nullableText }).nullable(),
  /** Without "@". */
  xHandle: nullableText,
  /** The X account (user id, every handle seen) the lead was seen on; null until a page showed its id (leads before v6, older backups). */
  xAccount: XAccountSchema.nullable().default(null),
  linkedinUrl: nullableText,
  /** Channels the directory has on file (known before paying). */
  onFile: z.record(z.enum(CONTACT_CHANNEL_IDS as [ContactChannelId, ...ContactChannelId[]]), z.boolean()),
  /** The API account the lead was saved (and paid for) under: reveals from other accounts are labelled. */
  accountId: text,
  savedAt: time,
  /** The page the rep was on when saving (a profile URL), or null (popup, Leads page). */
  savedFrom: nullableText,
  status: z.enum(LEAD_STATUS_IDS),
  /** When the status was last set: on restore, the newer status wins. */
  statusAt: time,
  tags: z.array(text),
  /** A note's id is stable across devices and restores: a restore never adds the same note twice. */
  notes: z.array(z.object({ id: z.string().min(1).max(100), at: time, text })),
  /** Local date `YYYY-MM-DD`, or null. */
  followUpOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** Last activity (save, status, tag, note, follow-up, cost). */
  updatedAt: time,
  /**
   * What the rep paid for this person, booked as it happened (./lead-costs.ts): ledger pruning never changes
   * it; `estimated`: some of it is "may have been charged" (an answer was lost).
   */
  cost: z.object({ credits: z.number().finite().nonnegative(), estimated: z.boolean() }),
  /** When the snapshot (./lead-store.ts `snapshots`) was taken. */
  snapshotAt: time,
});

export type Lead = z.infer<typeof LeadSchema>;
export type LeadCompany = NonNullable<Lead['company']>;
export type LeadNote = Lead['notes'][number];
export type LeadCost = Lead['cost'];

/** The record as it was paid for, kept with the lead so it reads the same after the cache expires; a backup file's must parse. */
export const SnapshotSchema = z.object({
  personId: z.string().min(1).max(200),
  at: time,
  person: PersonSchema,
  organization: ProjectSchema.nullable(),
});

/**
 * `fetchedBy`: the account the record was fetched under: its `isLocked` speaks for that account only (lib/credits/quote.ts `revealEndpoint`).
 * Absent: saved by an older version or restored from a backup (the schema drops it from a file), which proves nothing.
 */
export type LeadSnapshot = z.infer<typeof SnapshotSchema> & { fetchedBy?: string };

/** "AdaQuant" from "@AdaQuant", "https://x.com/AdaQuant" or "AdaQuant"; null when it is none of those. */
export function bareHandle(value: string | null | undefined): string | null {
  return bareXHandle(safeText(value));
}

/** The company part of a lead, from the person's embedded company or the organisation card shown with them. */
export function leadCompany(person: Person, organization: Project | null): LeadCompany | null {
  const org = organization ?? person.company ?? null;
  if (!org) return null;
  return {
    id: org.id,
    name: safeText(org.name),
    domain: org.domain ? safeText(org.domain) : null,
    sectors: (org.sectors ?? []).map((s) => safeText(s)).filter(Boolean),
    type: org.companyType ? safeText(String(org.companyType)) : null,
  };
}

export interface NewLead extends Pick<Lead, 'accountId' | 'savedFrom' | 'cost'> {
  person: Person;
  organization: Project | null;
  xAccount?: XAccount | null | undefined;
}

/** A new lead from a record already paid for (0 credits, no call): status New, nothing of the rep's yet. */
export function newLead(input: NewLead, at: number): { lead: Lead; snapshot: LeadSnapshot } {
  const { person, organization } = input;
  const name = safeText(fullName(person)) || (bareHandle(person.twitterHandle) ? `@${bareHandle(person.twitterHandle)}` : 'Unnamed');
  const lead: Lead = {
    personId: person.id,
    name,
    firstName: person.firstName ? safeText(person.firstName) : null,
    lastName: person.lastName ? safeText(person.lastName) : null,
    title: person.jobTitle ? safeText(person.jobTitle) : null,
    company: leadCompany(person, organization),
    xHandle: input.xAccount?.handles.at(-1)?.handle ?? bareHandle(person.twitterHandle),
    xAccount: input.xAccount ?? null,
    linkedinUrl: person.linkedinUrl && /^https:\/\//.test(person.linkedinUrl) ? person.linkedinUrl : null,
    onFile: Object.fromEntries(CONTACT_CHANNELS.map((c) => [c.id, person[c.flag] === true])) as Record<ContactChannelId, boolean>,
    accountId: input.accountId,
    savedAt: at,
    savedFrom: input.savedFrom,
    status: 'new',
    statusAt: at,
    tags: [],
    notes: [],
    followUpOn: null,
    updatedAt: at,
    cost: input.cost,
    snapshotAt: at,
  };
  return { lead, snapshot: { personId: person.id, at, person, organization, fetchedBy: input.accountId } };
}

/**
 * The lead seen on X `account`: the same id adds the handles seen after the lead's last one, another id
 * replaces it (the caller confirmed it); its X handle becomes the account's now. The same lead when nothing is new.
 */
export function withXAccount(lead: Lead, account: XAccount, at: number): Lead {
  const own = lead.xAccount?.id === account.id ? lead.xAccount : null;
  const since = own?.handles.at(-1)?.at ?? -1;
  const xAccount = account.handles
    .filter((h) => h.at > since)
    .reduce((a, h) => sawHandle(a, account.id, h.handle, h.at), own ?? { id: account.id, handles: [] });
  if (xAccount === lead.xAccount) return lead;
  return { ...lead, xAccount, xHandle: xAccount.handles.at(-1)?.handle ?? lead.xHandle, updatedAt: at };
}

/** Tags as typed ("defi, Fund  ,defi") → trimmed, one of each (case-insensitive), in the order first given. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = safeText(raw).trim().slice(0, 40);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** A follow-up due on `today` (lib/credits/day-key.ts `dayKey`, the date field's format) or earlier; never for "Do not contact". */
export const isFollowUpDue = (lead: Pick<Lead, 'followUpOn' | 'status'>, today: string): boolean =>
  lead.followUpOn !== null && lead.followUpOn <= today && !blocksContact(lead);
