/*
 * What a CRM send left on each lead (lib/leads/lead-db.ts `CrmLink`), written step by step as the CRM
 * answers, so a browser closed mid-send loses nothing and the next send (or the automatic resume of a
 * `pending` one) creates nothing twice. The CRM's search is eventually consistent: these ids, not a
 * search, are what makes a second send an update.
 */
import type { CrmLink, LeadDb } from '@/lib/leads/lead-db';

export class CrmLinks {
  constructor(private readonly db: LeadDb) {}

  async get(accountId: string, personIds: readonly string[]): Promise<Map<string, CrmLink>> {
    const rows = await this.db.crmLinks.bulkGet([...personIds]);
    return new Map(rows.flatMap((r) => (r && r.accountId === accountId ? [[r.personId, r] as const] : [])));
  }

  /** Change one lead's link (created when absent), in one transaction so concurrent steps do not overwrite each other. */
  async patch(accountId: string, personId: string, change: (link: CrmLink) => CrmLink): Promise<CrmLink> {
    return this.db.transaction('rw', this.db.crmLinks, async () => {
      const before = await this.db.crmLinks.get(personId);
      const base: CrmLink =
        before && before.accountId === accountId
          ? before
          : {
              personId,
              crm: 'hubspot',
              accountId,
              contactId: null,
              companyId: null,
              associatedWith: null,
              noteIds: {},
              outcome: { status: 'pending', at: 0 },
              taskId: null,
              written: {},
              kept: {},
              sentVersion: null,
            };
      const next = change(base);
      await this.db.crmLinks.put(next);
      return next;
    });
  }

  /** Leads whose send was interrupted (the browser closed): resumed at the next start. */
  async pending(): Promise<CrmLink[]> {
    return this.db.crmLinks.where('outcome.status').equals('pending').toArray();
  }
}

export const markKey = (accountId: string, personId: string) => `${accountId}:${personId}`;

/** Person id → contact id in this portal: the HubSpot CSV's "Record ID" (an import then updates that contact). */
export function recordIds(links: readonly CrmLink[], portalId: string | null): Map<string, string> {
  return new Map(links.flatMap((l) => (portalId && l.accountId === portalId && l.contactId ? [[l.personId, l.contactId] as const] : [])));
}
