/*
 * The CRM layer's neutral words (HubSpot, ./hubspot, is the one built; the pages only see these): a lead as
 * the one contact mapping writes it (lib/leads/export/contact.ts), what the CRM holds about a person, a
 * send's preview, the rep's choices in it and each lead's outcome.
 */
import type { ApiFailure } from '@/lib/api';
import type { ExportContact } from '@/lib/leads/export/contact';
import type { Lead } from '@/lib/leads/lead';
import type { CrmOutcomeStatus } from '@/lib/leads/lead-db';

/** The identifiers a CRM is searched by, as the one mapping writes them. `email` only when revealed. */
export type CrmPerson = Pick<ExportContact, 'personId' | 'email' | 'linkedinUrl' | 'xHandle'>;

/** A lead and the contact the one mapping makes of it (revealed channels included). */
export interface CrmLead {
  lead: Lead;
  contact: ExportContact;
}

/** A contact the CRM already holds that a lead may be (shown in the preview). */
export interface CrmCandidate {
  contactId: string;
  name: string;
  /** The owner's name (or id when the token cannot read owners), null when unowned. */
  owner: string | null;
  /** The lead status as the portal labels it ("In Progress"), null when empty. */
  leadStatus: string | null;
  jobTitle: string | null;
  company: string | null;
  email: string | null;
  /** Teammate's values ours would change on this contact, were the lead linked to it: kept unless chosen. */
  conflicts: CrmConflict[];
}

/** The fields a teammate's value is kept in unless the rep picks ours. */
export type CrmChoosable = 'leadStatus' | 'jobTitle';

/** "In HubSpot": what the team's CRM holds about a person. */
export type CrmMark = Pick<CrmCandidate, 'contactId' | 'owner' | 'leadStatus'>;

/** A field where the CRM holds a teammate's value that ours would change. */
export interface CrmConflict {
  field: CrmChoosable;
  /** Both as the rep reads them (a status by its label). */
  theirs: string;
  ours: string;
}

/**
 * What a send would do with one lead:
 * - create: nothing in the CRM is this person;
 * - link: an existing contact (a teammate's, found by an identifier or by exact name + company) becomes this lead's;
 * - update: the lead's own contact, with values to write;
 * - skip: everything already there;
 * - choose: several contacts of the same name at the same company: the rep picks one (or a new contact);
 * - blocked: Do not contact, never sent.
 */
export type CrmAction = 'create' | 'link' | 'update' | 'skip' | 'choose' | 'blocked';

export interface CrmPlanItem {
  personId: string;
  name: string;
  action: CrmAction;
  /** link, update, skip: the contact it lands on. */
  contact: CrmCandidate | null;
  /** How `contact` was found: its kept id, an identifier, or only the name + company (the rep may prefer a new contact). */
  matchedBy: 'kept' | 'identifier' | 'name' | null;
  /** choose: the same-name contacts (two or more). */
  candidates: CrmCandidate[];
  /** Teammate's values ours would change on `contact`: kept unless chosen (each candidate carries its own). */
  conflicts: CrmConflict[];
  /** The company domain the send would create a company for with this lead (none in HubSpot yet), else null. */
  newCompany: string | null;
}

/** The preview of a send: every lead by name (the companies to create are counted from them). */
export type CrmPlan = { items: CrmPlanItem[] };

/** The rep's decision for one lead in the preview. */
export interface CrmChoice {
  personId: string;
  /** The contact to use (its HubSpot id), or 'new' to create one (a `choose` or a name-only `link`). */
  contactId?: string;
  /** Fields where ours replaces the teammate's value. */
  useOurs?: CrmChoosable[];
}

export interface CrmOutcome {
  personId: string;
  status: CrmOutcomeStatus | 'blocked';
  /** A failure's reason, or what a held lead waits for, in plain words. */
  reason?: string;
}

export type CrmResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure['error'] };

/**
 * How a send treats a lead the rep has not decided: `manual` (the rep saw the preview) keeps the
 * teammate's values and holds only a `choose`; `auto` ("Keep HubSpot up to date") holds any lead with a
 * conflict or a name-only match too, and writes nothing of it.
 */
export type CrmSendMode = 'manual' | 'auto';
