/*
 * What "Delete all data" removes, counted for its dialog ("31 leads, 8 notes, 2 revealed contacts") from
 * the two databases a page may read (leads, and records read only): the rep reads what goes before it goes.
 */
import type { Lead } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { RecordsDb } from '@/lib/storage/idb-kv-store';
import { countLabel } from '@/lib/text/count-label';

export interface StoredCounts {
  leads: number;
  /** Every note of every lead (a lead's notes go with it). */
  notes: number;
  /** Revealed contacts of every account: paid for, and paid again to reveal once more. */
  revealed: number;
  /** Entries of the spending history (the credit ledger). */
  spending: number;
  /** Cached Directory API answers. */
  cached: number;
}

/** Leads and the notes on them. */
export function countLeads(leads: ReadonlyArray<Pick<Lead, 'notes'>>): Pick<StoredCounts, 'leads' | 'notes'> {
  return { leads: leads.length, notes: leads.reduce((sum, lead) => sum + lead.notes.length, 0) };
}

/** Counts what is stored now (inside a liveQuery, again whenever any context changes either database). */
export async function readStoredCounts(leads: Pick<LeadStore, 'all'>, records: RecordsDb): Promise<StoredCounts> {
  const [all, revealed, spending, cached] = await Promise.all([
    leads.all(),
    records.reveals.count(),
    records.ledger.count(),
    records.cache.count(),
  ]);
  return { ...countLeads(all), revealed, spending, cached };
}

/** What the worker holds that a page cannot count: whether there is an API key, and a HubSpot connection. */
export interface HeldSecrets {
  apiKey: boolean;
  hubspot: boolean;
}

export interface DeleteAllSummary {
  /** "31 leads, 8 notes, 2 revealed contacts"; null when they could not be counted. */
  counts: string | null;
  /** The rest of what goes, in a sentence. */
  also: string;
  /** Why it cannot be taken back. */
  undo: string;
}

/** The dialog's words for `stored` (null: could not be counted, so everything is named without numbers). */
export function deleteAllSummary(stored: StoredCounts | null, held: HeldSecrets): DeleteAllSummary {
  const secrets = [held.apiKey && 'your API key', held.hubspot && 'the HubSpot connection', 'your settings'];
  if (!stored)
    return {
      counts: null,
      also: `Everything it keeps: your saved leads with their notes, revealed contacts, the spending history, cached answers, ${andList(secrets)}.`,
      undo: 'It cannot be undone: revealing a contact again costs credits.',
    };
  const { leads, notes, revealed, spending, cached } = stored;
  const also = [
    spending > 0 && `the spending history (${countLabel(spending, 'entry', 'entries')})`,
    cached > 0 && countLabel(cached, 'cached answer'),
    ...secrets,
  ];
  return {
    counts: `${countLabel(leads, 'lead')}, ${countLabel(notes, 'note')}, ${countLabel(revealed, 'revealed contact')}`,
    also: `Also deleted: ${andList(also)}.`,
    undo:
      revealed === 0
        ? 'It cannot be undone.'
        : `It cannot be undone: revealing ${revealed === 1 ? 'that contact' : 'those contacts'} again costs credits.`,
  };
}

/** "a, b and c", leaving out what is not there. */
function andList(items: ReadonlyArray<string | false>): string {
  const kept = items.filter((i): i is string => !!i);
  return kept.length < 2 ? (kept[0] ?? '') : `${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1]}`;
}

/** "Back up leads first" failed (the leads could not be read, or the download not started): the dialog stays, nothing deleted. */
export const backupFailedMessage = (reason: string): string => `The leads could not be backed up (${reason}). Nothing was deleted.`;
