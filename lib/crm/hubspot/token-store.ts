/*
 * The HubSpot connection, kept like the Directory API key: one record in the background's secret store
 * (never in a `storage.*` area), so "delete all data" wipes it, and one write keeps the token, its host,
 * portal and the rep's opt-ins in step. Only the background reads it; the token is never logged or sent to a page.
 */
import { z } from 'zod';
import type { SecretStore } from '@/lib/settings/secret-store';

export const HUBSPOT_RECORD_NAME = 'hubspotRecord';

const StoredHubSpotSchema = z.object({
  token: z.string().min(1),
  baseUrl: z.string().min(1),
  portalId: z.string().min(1),
  /** "Mark people already in HubSpot": the rep's consent to send identifiers of people shown. */
  markPeople: z.boolean(),
  /** Which of the extension's own properties the portal has (./properties.ts); records kept before issue 39 know two. */
  custom: z.object({
    linkedinUrl: z.boolean(),
    telegram: z.boolean(),
    directoryId: z.boolean().default(false),
    tags: z.boolean().default(false),
    followUp: z.boolean().default(false),
    /** Absent in records kept before issue 42: checked once (lib/worker/hubspot.ts `upToDate`). */
    xId: z.boolean().optional(),
    noteKey: z.boolean().default(false),
    taskKey: z.boolean().default(false),
  }),
  /** The rep's consent at Connect to create the missing ones (before issue 39: given when both of the two were made). */
  createProperties: z.boolean().optional(),
  /** "Keep HubSpot up to date": the rep's opt-in to send saved and changed leads without a click. */
  keepUpToDate: z.boolean().default(false),
  /** When HubSpot answered 401 to it (revoked, expired). */
  refusedAt: z.number().optional(),
});
export type StoredHubSpot = z.output<typeof StoredHubSpotSchema>;

export function createHubSpotTokenStore(secrets: SecretStore) {
  return {
    async get(): Promise<StoredHubSpot | null> {
      const raw = await secrets.get(HUBSPOT_RECORD_NAME);
      try {
        return raw === null ? null : (StoredHubSpotSchema.safeParse(JSON.parse(raw)).data ?? null);
      } catch {
        return null;
      }
    },
    set: (record: z.input<typeof StoredHubSpotSchema>) =>
      secrets.set(HUBSPOT_RECORD_NAME, JSON.stringify(StoredHubSpotSchema.parse(record))),
    remove: () => secrets.remove(HUBSPOT_RECORD_NAME),
  };
}
