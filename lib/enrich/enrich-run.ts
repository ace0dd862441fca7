/*
 * "Enrich a list" (issue 43): rows read once (./read-list.ts), quoted exactly (rows already known cost 0, each
 * other one lookup at the account's price), looked up by the worker (lib/worker/enrich-list.ts) through the one
 * paid path. The shapes the Leads page and the worker share; the run is kept in the records database.
 */
import { z } from 'zod';
import { LINKEDIN_ORIGIN, X_HANDLE } from '@/lib/profile/sites';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import type { PageRowRecord } from '@/lib/tab-state/page-people';

/** The most rows one list may hold (a conference sheet, a KOL campaign; the bench runs 500). */
export const MAX_LIST_ROWS = 1000;

const listText = z.string().trim().min(1).max(200).optional();

/** One person of the list, normalised once with the pages' rules (./read-list.ts), every field bounded (the worker checks again). */
export const ListRowSchema = z.strictObject({
  /** Its identity, duplicates folded on it: the lookup cache's profile key (lib/profile/profile-key.ts), else `nc:<name>|<company>`. */
  key: z.string().min(1).max(500),
  /** The file's lines it was read from (1-based, header counted): several when duplicates were folded. */
  lines: z.array(z.number().int().positive().max(10_000_000)).max(MAX_LIST_ROWS),
  xHandle: z.string().regex(X_HANDLE).optional(),
  /** A LinkedIn `/in/` slug (a person's profile address). */
  linkedinSlug: z
    .string()
    .max(200)
    .refine((slug) => parseLinkedInUrl(`${LINKEDIN_ORIGIN}/in/${encodeURIComponent(slug)}/`)?.kind === 'person', 'not a LinkedIn profile')
    .optional(),
  name: listText,
  company: listText,
  email: z.string().trim().min(3).max(320).optional(),
});
export type ListRow = z.infer<typeof ListRowSchema>;

/** What became of a row; `credits`: what its lookup was charged (0 for an answer already paid for). */
export type ListRowOutcome =
  /** Quoted: one lookup, not sent yet. */
  | { status: 'to-look-up' }
  | { status: 'looking-up' }
  /** Known before anything was sent (the knowledge index, a saved lead, an answer already paid for): 0 credits. */
  | { status: 'known'; record: PageRowRecord; from: 'known' | 'lead' | 'cache' }
  /** Looked up now and matched exactly (on the X handle, or on name and company). */
  | { status: 'matched'; record: PageRowRecord; credits: number }
  /** Several directory people fit: the rep picks one (0 credits). */
  | { status: 'candidates'; candidates: PageRowRecord[]; credits: number }
  /** Looked up, and the directory has nobody for it: paid, and said so. */
  | { status: 'not-found'; credits: number }
  /** Only a LinkedIn address, which the directory cannot be searched by, and no lead has it: 0 credits. */
  | { status: 'needs-name' }
  /** A saved lead marked "Do not contact": skipped, nothing sent. */
  | { status: 'do-not-contact'; personId: string }
  /** Sent and failed (a lost answer says what may have been charged); `credits`: what was booked for it. */
  | { status: 'failed'; message: string; credits?: number }
  /** Not sent: cancelled, refused, or the price rose; says why. */
  | { status: 'not-sent'; message: string };

export type EnrichRow = ListRow & { outcome: ListRowOutcome };

/** A list's run, as the worker keeps it (one per account: a new list replaces a finished one). */
export interface EnrichRun {
  id: string;
  accountId: string;
  /** The list's name (the file's name, or "Pasted list"): the default tag of "Save as leads". */
  name: string;
  startedAt: number;
  /** The quote the rep clicked: lookups and credits. */
  quoted: { lookups: number; credits: number };
  /** `running` goes on by itself after a worker stop; `interrupted`: found running at a browser start, waits for "Resume". */
  state: 'running' | 'interrupted' | 'cancelled' | 'done';
  rows: EnrichRow[];
}

/** The exact price of a list before anything is sent (the `quoteList` message): nothing is sent to make it. */
export interface ListQuote {
  /** Every row with what it will be: `known`, `needs-name`, `do-not-contact` (0 credits) or `to-look-up`. */
  rows: EnrichRow[];
  /** Lookups to pay for, and their price at the account's prices. */
  lookups: number;
  credits: number;
  /** Why the whole list does not fit today's budget or the balance (null: it fits). */
  refusal: string | null;
  /** How many lookups fit as things stand ("Enrich the N that fit"). */
  fits: number;
  /** How much today's budget must rise for the whole list ("Raise today's budget by N for this list"), or null. */
  raiseBy: number | null;
}
