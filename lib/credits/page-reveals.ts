// The reveal store as an extension page reads it (read only: the worker's RevealStore writes).
import { recordSource, pageDb, watchPrefix } from '@/lib/storage/page-records';
import type { RecordsDb } from '@/lib/storage/idb-kv-store';
import { REVEAL_PREFIX, revealKey } from '@/lib/storage/keys';
import type { RevealRecord } from './reveals';

/**
 * One contact an account revealed, as the reveal store (./reveals.ts) keeps it: the one copy of
 * revealed channels. A panel watches the entry of the person it shows, so a reveal on one tab shows on
 * every tab showing that person, at no cost. `records`: another connection than this page's (a test's).
 */
export const revealSource = (accountId: string, personId: string, records: () => RecordsDb = pageDb) =>
  recordSource<RevealRecord>(revealKey(accountId, personId), records);

/** Calls `onChange` whenever any context writes or removes a reveal (not for the first read). */
export const watchReveals = (onChange: () => void): (() => void) => watchPrefix(REVEAL_PREFIX, onChange);
