/*
 * A lead's status as each CRM stores it, declared once: the CSV presets (./formats.ts) write these, and
 * the HubSpot API send (issue 27) reuses the HubSpot map. A `Record` over LeadStatus, so a status added
 * to lib/leads/lead.ts cannot lack a value here.
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
 * Salesforce's Lead Status, by the default picklist values of a new org (an org that renamed them
 * edits the mapping in the Data Import Wizard). The pipeline has more steps than the default list:
 * Replied and Meeting are still "Working - Contacted" (the exact status is also written in the
 * Description); Won is "Closed - Converted", which on import only sets the status (converting into an
 * Account, Contact and Opportunity stays a step in Salesforce); Not now and Do not contact are
 * "Closed - Not Converted" (Do not contact leads are never exported, but the map is total).
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
 * The HubSpot properties this extension owns, declared once: the CSV preset's columns are headed by their
 * labels (so an import maps them), the API send writes them and Connect creates the missing ones with the
 * rep's consent. `name` is what HubSpot derives from the label when a property is created while mapping an
 * import. A `unique` property is what a batch upsert keys on, so any resend lands on the same record:
 * the contact by its directory person id, a note by person + note id, the follow-up task by person.
 * Tags are one text property ("ai; defi"), not a multi-select: tags are the rep's free words, and a
 * multi-select refuses a value it has no option for, which would need a property write (the schema
 * scope) before every new tag and fail a whole batch when it is missing.
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
