/*
 * Every HubSpot API path this extension calls, in one place (a move to HubSpot's dated API versions is a
 * change here only). Each names the reference page it follows (developers.hubspot.com/docs/api-reference,
 * November 2026); the emulator (tests/hubspot-emulator) serves exactly these and answers 404 to any other.
 */

/** HubSpot's API origin, and the manifest's optional host permission for it (wxt.config.ts). */
export const HUBSPOT_API_BASE_URL = 'https://api.hubapi.com';
export const HUBSPOT_HOST_PERMISSION = 'https://api.hubapi.com/*';

export type HubSpotObject = 'contacts' | 'companies' | 'notes' | 'tasks';
/** The objects a send writes by a unique value of a property the extension owns (contacts, notes, tasks). */
export type HubSpotKeyedObject = 'contacts' | 'notes' | 'tasks';

export const HUBSPOT_PATHS = {
  /** The token check, free for any token: "Account information › Get account details" (legacy/account-info/v3). */
  accountDetails: '/account-info/v3/details',
  /** "Properties › Read all properties" (GET) / "Create a property" (POST); `hasUniqueValue` is what an upsert may key on. */
  properties: (object: HubSpotKeyedObject) => `/crm/v3/properties/${object}`,
  /** "Properties › Read a property" (GET): `hs_lead_status`'s options carry the labels the portal shows. */
  property: (object: 'contacts', name: string) => `/crm/v3/properties/${object}/${encodeURIComponent(name)}`,
  /** "Search": filterGroups OR'ed, filters AND'ed; at most 5 groups, 6 filters a group, 18 in all; ~4 requests/s per token. */
  search: (object: HubSpotObject) => `/crm/v3/objects/${object}/search`,
  /** "Batch read" by id (legacy/crm/objects/contacts/batch/read-contacts; …/activities/tasks/…). */
  batchRead: (object: 'contacts' | 'tasks') => `/crm/v3/objects/${object}/batch/read`,
  /**
   * "Create or update a batch of … by unique property values" (…/batch/upsert-contacts, -notes, -tasks): each
   * input names its `idProperty` (a unique-value property, or `email` for contacts). A resend lands on the same record.
   */
  batchUpsert: (object: HubSpotKeyedObject) => `/crm/v3/objects/${object}/batch/upsert`,
  /** "Create a batch of …" (legacy/crm/objects/{contacts,companies}/batch/create-…, …/activities/{notes,tasks}/batch/create-…). */
  batchCreate: (object: HubSpotObject) => `/crm/v3/objects/${object}/batch/create`,
  /** "Update a batch of …" by id (legacy/crm/objects/contacts/batch/update-contacts, …/activities/tasks/batch/update-tasks). */
  batchUpdate: (object: 'contacts' | 'tasks') => `/crm/v3/objects/${object}/batch/update`,
  /** "Archive a batch of … by ID" (legacy/crm/activities/{notes,tasks}/batch/archive-…): a second copy a lost answer left. */
  batchArchive: (object: 'notes' | 'tasks') => `/crm/v3/objects/${object}/batch/archive`,
  /** "Associations v4 › Associate records (default)", batch: POST (the PUT of that family is the single pair's; here a 404). */
  associateDefault: (from: 'contacts' | 'notes' | 'tasks', to: 'companies' | 'contacts') =>
    `/crm/v4/associations/${from}/${to}/batch/associate/default`,
  /** "Owners › Get a page of owners": needs `crm.objects.owners.read`, optional (an owner id shows otherwise). */
  owners: '/crm/v3/owners',
} as const;

/** HUBSPOT_DEFINED association type ids ("Associations v4 › Association type IDs"): note → contact, task → contact. */
export const NOTE_TO_CONTACT_TYPE_ID = 202;
export const TASK_TO_CONTACT_TYPE_ID = 204;

/** The most ids/inputs one batch call takes ("Batch" limits: 100 inputs), and the values one IN filter takes. */
export const HUBSPOT_BATCH_MAX = 100;
