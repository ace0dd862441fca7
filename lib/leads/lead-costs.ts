/*
 * Who a charge paid for, decided once (the store books the rows: ./lead-store.ts `bookCosts`). Details and
 * a reveal are the person's in full (by the call's record id, so a lost answer still counts); a search or a
 * people-list page is shared equally by the people it returned (100 on a page pay 0.05 each at 5 credits).
 * A lost search answer names nobody; organisation reads and lists are nobody's.
 */
import type { ApiCall } from '@/lib/api/calls';
import type { LedgerEntry } from '@/lib/credits/ledger';
import type { CostRow, SharedCharge } from './lead-db';

export function costRows(call: Pick<ApiCall<unknown>, 'endpoint' | 'recordId'>, entry: LedgerEntry | null, answer: unknown): CostRow[] {
  if (!entry || entry.sample || !(entry.creditsCharged > 0)) return [];
  const row = { accountId: entry.accountId, at: entry.at, estimated: entry.estimated === true };
  if ((call.endpoint === 'person' || call.endpoint === 'reveal') && call.recordId)
    return [{ ...row, personId: call.recordId, credits: entry.creditsCharged, what: call.endpoint === 'reveal' ? 'reveal' : 'details' }];
  if (call.endpoint === 'search' || call.endpoint === 'people') {
    const people = peopleIn(answer);
    const share = Math.round((entry.creditsCharged / Math.max(1, people.length)) * 100) / 100;
    // Kept on each share, so the lead can say what it was a share of after the others' rows are pruned.
    const shared: SharedCharge | undefined =
      people.length > 1
        ? { credits: entry.creditsCharged, people: people.length, from: call.endpoint === 'people' ? 'list' : 'search' }
        : undefined;
    return people.map((personId) => ({ ...row, personId, credits: share, what: 'lookup' as const, ...(shared ? { shared } : {}) }));
  }
  return [];
}

/** A share of a charge split among several people (a row that says what it was a share of). */
export type SharedCost = CostRow & { shared: SharedCharge };

/** A person's shares of shared charges, newest first: what the lead's Cost line spells out ("0.05 credits — from a 5-credit list page of 100"). */
export function sharedCosts(rows: readonly CostRow[]): SharedCost[] {
  return rows.filter((r): r is SharedCost => r.shared !== undefined && r.shared.people > 1).sort((a, b) => b.at - a.at);
}

/** The person ids of a search answer (`{ people: [{ id }] }`) or a people list page (`{ rows: [{ id }] }`), each once. */
function peopleIn(answer: unknown): string[] {
  const held = answer as { people?: unknown; rows?: unknown } | null;
  const people = held?.people ?? held?.rows;
  if (!Array.isArray(people)) return [];
  return [...new Set(people.flatMap((p) => (typeof (p as { id?: unknown })?.id === 'string' ? [(p as { id: string }).id] : [])))];
}
