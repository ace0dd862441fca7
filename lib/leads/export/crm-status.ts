/*
 * A lead's status as each CRM stores it, declared once for the CSV presets (./formats.ts) and the HubSpot
 * send; a `Record` over LeadStatus, so a status added to lib/leads/lead.ts cannot lack a value here.
 */
import type { LeadStatus } from '../lead';

/** HubSpot's contact property `hs_lead_status`, by internal value (its import accepts these as written). */
export const HUBSPOT_LEAD_STATUS: Readonly<Record<LeadStatus, string>> = {
  new: 'NEW',
  contacted: 'ATTEMPTED_TO_CONTACT',
  replied: 'CONNECTED',
  meeting: 'IN_PROGRESS',
  won: 'OPEN_DEAL',
  'not-now': 'BAD_TIMING',
  'do-not-contact': 'UNQUALIFIED',
};

/**
 * Salesforce's Lead Status, by a new org's default picklist values (a renamed one is mapped in the Data
 * Import Wizard). Replied and Meeting are still "Working - Contacted" (the exact status is in the
 * Description); Won only sets "Closed - Converted" on import (converting stays a step in Salesforce). Not now and
 * Do not contact are "Closed - Not Converted" (Do not contact leads are never exported, but the map is total).
 */
export const SALESFORCE_LEAD_STATUS: Readonly<Record<LeadStatus, string>> = {
  new: 'Open - Not Contacted',
  contacted: 'Working - Contacted',
  replied: 'Working - Contacted',
  meeting: 'Working - Contacted',
  won: 'Closed - Converted',
  'not-now': 'Closed - Not Converted',
  'do-not-contact': 'Closed - Not Converted',
};

/**
 * The HubSpot properties this extension owns: the CSV preset's columns are headed by their labels, the
 * send writes them and Connect creates the missing ones with the rep's consent. `name` is what HubSpot
 * derives from the label when a property is created while mapping an import. A `unique` property is what
 * a batch upsert keys on, so any resend lands on the same record. Tags are one text property ("ai; defi"),
 * not a multi-select: that refuses a value it has no option for, failing a whole batch on a new tag.
 */
export const HUBSPOT_CUSTOM_PROPERTIES = {
  linkedinUrl: { object: 'contacts', name: 'linkedin_url', label: 'LinkedIn URL', type: 'string', unique: false },
  telegram: { object: 'contacts', name: 'telegram', label: 'Telegram', type: 'string', unique: false },
  directoryId: { object: 'contacts', name: 'crypto_directory_id', label: 'Crypto Directory ID', type: 'string', unique: true },
  tags: { object: 'contacts', name: 'crypto_directory_tags', label: 'Crypto Directory tags', type: 'string', unique: false },
  followUp: { object: 'contacts', name: 'crypto_directory_follow_up', label: 'Next follow-up', type: 'date', unique: false },
  // Not unique: a contact is keyed by its directory person, and HubSpot allows ten unique properties per object.
  xId: { object: 'contacts', name: 'crypto_directory_x_id', label: 'X user ID', type: 'string', unique: false },
  noteKey: { object: 'notes', name: 'crypto_directory_note_key', label: 'Crypto Directory note key', type: 'string', unique: true },
  taskKey: { object: 'tasks', name: 'crypto_directory_task_key', label: 'Crypto Directory task key', type: 'string', unique: true },
} as const;

export type HubSpotCustomProperty = keyof typeof HUBSPOT_CUSTOM_PROPERTIES;
