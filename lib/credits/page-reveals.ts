// The reveal store as an extension page reads it (read only: the worker's RevealStore writes).
import { pageDb } from '@/lib/storage/page-records';
import type { RecordsDb } from '@/lib/storage/idb-kv-store';
import type { RevealRecord } from './reveals';

/**
 * One contact an account revealed, as the reveal store (./reveals.ts) keeps it: the one copy of
 * revealed channels. A panel watches the entry of the person it shows, so a reveal on one tab shows on
 * every tab showing that person, at no cost (a read for useLiveQuery). `records`: another connection than
 * this page's (a test's).
 */
export const readReveal = (accountId: string, personId: string, records: () => RecordsDb = pageDb): Promise<RevealRecord | undefined> =>
  records().reveals.get([accountId, personId]) as Promise<RevealRecord | undefined>;

/** Every account's reveals, newest first (the Leads page labels those of another account): a read for useLiveQuery. */
export const allReveals = (records: () => RecordsDb = pageDb): Promise<RevealRecord[]> =>
  records().reveals.orderBy('at').reverse().toArray() as unknown as Promise<RevealRecord[]>;
