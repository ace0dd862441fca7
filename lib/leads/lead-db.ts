/*
 * The leads database: the extension's own IndexedDB, with Dexie 4 (versions, indexes, and liveQuery telling
 * every page and the worker when another context changed a lead). A content script cannot open it.
 * Versions are append-only: a shipped version's stores and upgrade never change; a new shape is a new version
 * with its upgrade, tested from a database the old version wrote.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { Lead, LeadSnapshot } from './lead';
import { INDEXED_DATABASES } from '@/lib/storage/keys';

export const LEADS_DB_NAME = INDEXED_DATABASES.leads.name;

/** One paid charge attributed to a person (./lead-costs.ts), kept whether or not they are a lead yet. */
export interface CostRow {
  id?: number;
  personId: string;
  accountId: string;
  at: number;
  credits: number;
  estimated: boolean;
  /** What was paid for: the lookup that found them (their share of it), their details, the reveal. */
  what: 'lookup' | 'details' | 'reveal';
  /**
   * A lookup shared by the people one answer returned: the whole charge, how many shared it, and what it
   * was. Not indexed (no new schema version); rows booked before it was kept have none.
   */
  shared?: SharedCharge;
}

/** A charge split among the people of one answer: "a 5-credit list page of 100". */
export interface SharedCharge {
  credits: number;
  people: number;
  from: 'search' | 'list';
}

// ── What a CRM send leaves on a lead (version 3; lib/crm/crm-links.ts reads and writes them) ─────

/**
 * A lead's last send: under way, done (its contact created, an existing one linked, updated, already
 * identical), held until the rep decides in the preview ("Needs your choice"), or failed.
 */
export type CrmOutcomeStatus = 'pending' | 'created' | 'linked' | 'updated' | 'unchanged' | 'needs-choice' | 'failed';

export interface CrmLink {
  personId: string;
  crm: 'hubspot';
  /** The CRM account (HubSpot portal) the ids belong to: another portal's ids are not used. */
  accountId: string;
  contactId: string | null;
  companyId: string | null;
  /** The company the contact was associated with. */
  associatedWith: string | null;
  /** Lead note id → CRM note id: a note is added once. */
  noteIds: Record<string, string>;
  outcome: { status: CrmOutcomeStatus; at: number; reason?: string };
  // Version 5 (issue 39):
  /** The lead's follow-up task (one per lead, reopened when a new date is set). */
  taskId: string | null;
  /** What this extension last wrote on the contact, by property: a value HubSpot still holds as written is ours to change. */
  written: Record<string, string>;
  /** A teammate's value the rep chose to keep, by property, with ours at the time: not asked again while both stand. */
  kept: Record<string, { theirs: string; ours: string }>;
  /** The lead's `updatedAt` its last finished send carried: "Keep HubSpot up to date" sends a lead changed since. */
  sentVersion: number | null;
}

/** One "In HubSpot" answer kept for a while (table `crmMarks`): `<account>:<person>` → the mark, or null (not there). */
export interface CrmMarkRow {
  key: string;
  accountId: string;
  personId: string;
  /** The identifiers it was looked up with: another email or URL is a new lookup. */
  ids: string;
  mark: { contactId: string; owner: string | null; leadStatus: string | null } | null;
  at: number;
}

/**
 * One of the rep's own preferences or records kept with the leads (table `prefs`): `outreach` →
 * lib/settings/outreach-settings.ts; `hubspotSync` → the last "Keep HubSpot up to date" run (lib/crm/crm-sync.ts);
 * `lastTag` → the tag the last "Save as leads" carried (./lead-store.ts `tagChoices`).
 */
export interface PrefRow {
  key: 'outreach' | 'hubspotSync' | 'lastTag';
  value: unknown;
}

export type LeadDb = Dexie & {
  leads: EntityTable<Lead, 'personId'>;
  snapshots: EntityTable<LeadSnapshot, 'personId'>;
  costs: EntityTable<CostRow, 'id'>;
  crmLinks: EntityTable<CrmLink, 'personId'>;
  crmMarks: EntityTable<CrmMarkRow, 'key'>;
  prefs: EntityTable<PrefRow, 'key'>;
};

/** Stores per version (Dexie's syntax: first the primary key, then indexes; `*` = one entry per array item). */
export const LEAD_DB_VERSIONS = {
  1: { leads: '&personId, status, followUpOn, updatedAt', snapshots: '&personId' },
  // Costs booked onto leads as they happen; tags indexed for the tag filter.
  2: { leads: '&personId, status, followUpOn, updatedAt, *tags', costs: '++id, personId' },
  // What a CRM send left on each lead (lib/crm/crm-links.ts), and the "In HubSpot" answers kept for a while.
  3: { crmLinks: '&personId', crmMarks: '&key, accountId' },
  // The rep's outreach templates and the name they sign with: personal, so here and not in storage.local
  // (which Firefox lets content scripts read).
  4: { prefs: '&key' },
  // A send's outcome indexed (interrupted sends, leads waiting for the rep's choice); links gain the follow-up
  // task, what was written (a teammate's change is told from ours) and the lead version last sent.
  5: { crmLinks: '&personId, outcome.status' },
  // Leads know their X account (issue 42): found by its user id when the handle on screen is a new one.
  6: { leads: '&personId, status, followUpOn, updatedAt, *tags, xAccount.id' },
} as const;

/**
 * The fields a version's upgrade fills in where a row lacks them (every version not named only adds tables).
 * - 2: v1 leads had no cost: nothing was booked onto them, so they start at 0.
 * - 5: links sent before had no task, nothing known to be ours (a HubSpot value we wrote then is treated as a
 *   teammate's until the rep decides once), and are not known to be current (the next sync compares).
 * - 6: no lead knew its X account: it learns it when a page shows the id.
 */
const UPGRADES: Partial<Record<keyof typeof LEAD_DB_VERSIONS, { table: 'leads' | 'crmLinks'; fill: () => Record<string, unknown> }>> = {
  2: { table: 'leads', fill: () => ({ cost: { credits: 0, estimated: false } }) },
  5: { table: 'crmLinks', fill: () => ({ taskId: null, written: {}, kept: {}, sentVersion: null }) },
  6: { table: 'leads', fill: () => ({ xAccount: null }) },
};

/** `indexedDB` and `IDBKeyRange`: fake-indexeddb in Node tests and benches. */
export function openLeadDb(options: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}): LeadDb {
  const { name = LEADS_DB_NAME, ...dependencies } = options;
  const db = new Dexie(name, dependencies) as LeadDb;
  for (const v of [1, 2, 3, 4, 5, 6] as const) {
    const version = db.version(v).stores(LEAD_DB_VERSIONS[v]);
    const upgrade = UPGRADES[v];
    const fill = (row: Record<string, unknown>) =>
      Object.entries(upgrade?.fill() ?? {}).forEach(([field, value]) => (row[field] ??= value));
    if (upgrade) version.upgrade((tx) => tx.table(upgrade.table).toCollection().modify(fill));
  }
  return db;
}
