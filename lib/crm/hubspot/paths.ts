/*
 * Every HubSpot API path this extension calls, in one place: a move to HubSpot's dated API versions
 * (`/crm/objects/2026-03/...`) is a change here only. Each path names the reference page it follows
 * (developers.hubspot.com/docs/api-reference, as stored in November 2026); the emulator
 * (tests/hubspot-emulator) serves exactly these.
 */

/** HubSpot's API origin, and the manifest's optional host permission for it (wxt.config.ts). */
export const HUBSPOT_API_BASE_URL = 'https://api.hubapi.com';
export const HUBSPOT_HOST_PERMISSION = 'https://api.hubapi.com/*';

export type HubSpotObject = 'contacts' | 'companies' | 'notes';

export const HUBSPOT_PATHS = {
  /** The token check, free for any token: "Account information › Get account details" (legacy/account-info/v3). */
  accountDetails: '/account-info/v3/details',
  /** "Properties › Read all properties" / "Create a property" (legacy/crm/properties/v3). */
  properties: (object: 'contacts') => `/crm/v3/properties/${object}`,
  /** "Search" (legacy/crm/objects/{object}/search): POST, filterGroups OR'ed; its own limit, ~4 requests/s per token. */
  search: (object: 'contacts' | 'companies') => `/crm/v3/objects/${object}/search`,
  /** "Batch read" by id or by `idProperty` (legacy/crm/objects/contacts/batch/read-contacts). */
  batchRead: (object: 'contacts') => `/crm/v3/objects/${object}/batch/read`,
  /** "Create or update a batch of contacts by unique property values" (legacy/crm/objects/contacts/batch/upsert-contacts). */
  batchUpsert: (object: 'contacts') => `/crm/v3/objects/${object}/batch/upsert`,
  /** "Create a batch of …" (legacy/crm/objects/{contacts,companies,notes}/batch/create-…). */
  batchCreate: (object: HubSpotObject) => `/crm/v3/objects/${object}/batch/create`,
  /** "Update a batch of contacts" by id (legacy/crm/objects/contacts/batch/update-contacts). */
  batchUpdate: (object: 'contacts') => `/crm/v3/objects/${object}/batch/update`,
  /**
   * "Associations v4 › Associate records (default)", batch (legacy/crm/associations/associate-records/batch/
   * create-associations): POST. The PUT in that family is the single pair's
   * (`/crm/objects/…/{fromId}/associations/default/{toType}/{toId}`); a PUT here is a 404 at HubSpot.
   */
  associateDefault: (from: 'contacts', to: 'companies') => `/crm/v4/associations/${from}/${to}/batch/associate/default`,
  /** "Owners › Get a page of owners" (legacy/crm/owners/v3): needs `crm.objects.owners.read`, optional (an owner id shows otherwise). */
  owners: '/crm/v3/owners',
} as const;

/** HUBSPOT_DEFINED association type ids ("Associations v4 › Association type IDs"): note → contact. */
export const NOTE_TO_CONTACT_TYPE_ID = 202;

/** The most ids/inputs one batch call takes ("Batch" limits: 100 inputs), and the values one IN filter takes. */
export const HUBSPOT_BATCH_MAX = 100;
