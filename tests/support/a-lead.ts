import type { Person } from '@/lib/api';
import { newLead, type Lead, type LeadSnapshot } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import { aPerson } from './records';

/** Nov 26, 2026, 10:00 UTC: the leads fixtures' "now". */
export const LEADS_NOW = Date.UTC(2026, 10, 26, 10);

/**
 * A lead as `newLead` builds it from a directory person (`person` overrides the record: id, names,
 * company…), then `overrides` for the rep's fields (status, tags, notes, follow-up, cost).
 */
export function aLeadWithSnapshot(
  person: Record<string, unknown> = {},
  overrides: Partial<Lead> = {},
  at = LEADS_NOW,
): { lead: Lead; snapshot: LeadSnapshot } {
  const record: Person = aPerson(person);
  const built = newLead(
    { person: record, organization: null, accountId: 'acc_pro', savedFrom: null, cost: { credits: 0, estimated: false } },
    at,
  );
  return { lead: { ...built.lead, ...overrides }, snapshot: built.snapshot };
}

export const aLead = (person: Record<string, unknown> = {}, overrides: Partial<Lead> = {}, at = LEADS_NOW): Lead =>
  aLeadWithSnapshot(person, overrides, at).lead;

/** Writes leads (and their snapshots) straight into a store's database, as if saved earlier. */
export async function seedLeads(store: LeadStore, items: readonly { lead: Lead; snapshot?: LeadSnapshot }[]): Promise<void> {
  await store.db.leads.bulkPut(items.map((i) => i.lead));
  await store.db.snapshots.bulkPut(items.flatMap((i) => (i.snapshot ? [i.snapshot] : [])));
}
