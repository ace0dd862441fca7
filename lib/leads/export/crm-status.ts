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
 * The two custom HubSpot contact properties (single-line text) the CSV preset's columns map to and the
 * API send writes: one declaration, so the file import and the API fill the same properties. `name` is
 * what HubSpot derives from the label when a property is created while mapping an import.
 */
export const HUBSPOT_CUSTOM_PROPERTIES = {
  linkedinUrl: { name: 'linkedin_url', label: 'LinkedIn URL' },
  telegram: { name: 'telegram', label: 'Telegram' },
} as const;
