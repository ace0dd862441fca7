/*
 * The CRM layer, as an interface: HubSpot (./hubspot) is the one built now; Pipedrive or Attio implement
 * the same four verbs. Everything here is neutral: a lead with the channels revealed for it (read from
 * the one reveal store by the worker, never copied onto the lead), what the CRM already holds about a
 * person, a send's preview and each lead's outcome. What a send created is kept per lead in the leads
 * database (./crm-links.ts), so sending again creates nothing new.
 */
import type { ApiFailure } from '@/lib/api';
import type { Lead } from '@/lib/leads/lead';
import type { CrmOutcomeStatus } from '@/lib/leads/lead-db';

/** The identifiers a CRM is searched by. `email` only when revealed. */
export interface CrmPerson {
  personId: string;
  email: string | null;
  linkedinUrl: string | null;
  xHandle: string | null;
}

/** A lead and its revealed channels. */
export interface CrmLead {
  lead: Lead;
  email: string | null;
  phone: string | null;
  telegram: string | null;
}

/** "In HubSpot": what the team's CRM holds about a person. */
export interface CrmMark {
  contactId: string;
  /** The owner's name (or id when the token cannot read owners), null when unowned. */
  owner: string | null;
  /** The CRM's own lead status value, as it holds it. */
  leadStatus: string | null;
}

/** The preview of a send: "create N contacts, update M, create K companies, skip J already identical". */
export interface CrmPlan {
  create: number;
  update: number;
  skip: number;
  createCompanies: number;
  /** Do not contact: never sent. */
  blocked: number;
}

export interface CrmOutcome {
  personId: string;
  status: CrmOutcomeStatus | 'blocked';
  /** A failure's reason, in plain words. */
  reason?: string;
}

export type CrmResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure['error'] };

export interface Crm {
  /** The free read that proves the token works (before it is stored). */
  check(): Promise<CrmResult<{ accountId: string }>>;
  /** Who of these people the CRM already holds (batched: one search for up to 100 of each identifier). */
  findPeople(people: readonly CrmPerson[]): Promise<CrmResult<Map<string, CrmMark>>>;
  /** What a send of these leads would do, without writing anything. */
  plan(leads: readonly CrmLead[]): Promise<CrmResult<CrmPlan>>;
  /** Send: each lead's outcome, every created id kept on the lead as it is learnt. */
  send(leads: readonly CrmLead[]): Promise<CrmOutcome[]>;
}
