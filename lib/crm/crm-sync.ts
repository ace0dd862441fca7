/*
 * "Keep HubSpot up to date" (issue 39), the pure part: which leads a sync sends (saved or changed since
 * their last finished send, never Do not contact, never one held for the rep's choice that has not
 * changed since), and the report the options page shows. The worker (lib/worker/hubspot.ts) runs it on
 * a save, on a lead change and on an alarm.
 */
import { blocksContact, type Lead } from '@/lib/leads/lead';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmOutcome } from './crm';

/** At most this many leads per run: two batches of HubSpot's 100, well inside its 10-second limit. */
export const SYNC_MAX_LEADS = 200;

/** The last run, as the options page shows it, and what the next one starts from. */
export interface CrmSyncReport {
  at: number;
  sent: number;
  /** Leads held as "Needs your choice". */
  waiting: number;
  failures: { personId: string; name: string; reason: string }[];
}

/**
 * Of the leads changed since `mark`, and those `forced` (made more known by a reveal; for "Sync now", the ones
 * that failed), the ones a run sends now, oldest change first, at most SYNC_MAX_LEADS; and how far the next
 * run starts reading.
 */
export function leadsToSync(
  candidates: readonly Lead[],
  links: ReadonlyMap<string, CrmLink>,
  mark: number,
  forced: ReadonlySet<string> = new Set(),
): { due: Lead[]; mark: number; more: boolean } {
  const sendable = candidates
    .filter((lead) => {
      if (blocksContact(lead)) return false;
      const link = links.get(lead.personId);
      if (!link) return true;
      const { status, at } = link.outcome;
      if (status === 'pending') return false; // the resume at start finishes it
      if (forced.has(lead.personId)) return true;
      // Held for the rep: again only once the lead changed after it was held.
      if (status === 'needs-choice') return lead.updatedAt > at;
      return link.sentVersion === null || lead.updatedAt > link.sentVersion;
    })
    .sort((a, b) => a.updatedAt - b.updatedAt);
  const due = sendable.slice(0, SYNC_MAX_LEADS);
  const more = sendable.length > due.length;
  // Cut short: the next run reads again from the last one sent (those sent are then current and skipped).
  const next = more
    ? due[due.length - 1]!.updatedAt - 1
    : Math.max(mark, ...candidates.filter((l) => !forced.has(l.personId)).map((l) => l.updatedAt));
  return { due, mark: next, more };
}

/** The report of one run from its outcomes. */
export function syncReport(at: number, outcomes: readonly CrmOutcome[], names: ReadonlyMap<string, string>): CrmSyncReport {
  return {
    at,
    sent: outcomes.filter((o) => ['created', 'linked', 'updated', 'unchanged'].includes(o.status)).length,
    waiting: outcomes.filter((o) => o.status === 'needs-choice').length,
    failures: outcomes
      .filter((o) => o.status === 'failed')
      .map((o) => ({ personId: o.personId, name: names.get(o.personId) ?? o.personId, reason: o.reason ?? 'failed' })),
  };
}
