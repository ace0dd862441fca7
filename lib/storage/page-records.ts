/*
 * The records database (./idb-kv-store.ts) as an extension page reads it: the worker writes, a page
 * reads and is told when another context wrote (Dexie's liveQuery, as the leads pages are). Read only:
 * every write goes through the worker's stores. Never imported by a content script (it runs in the web
 * page's origin and could not open this database anyway).
 */
import { liveQuery } from 'dexie';
import type { RevealRecord } from '@/lib/credits/reveals';
import { openRecordsDb, type RecordsDb } from './idb-kv-store';
import { REVEAL_PREFIX, revealKey } from './keys';

let db: RecordsDb | null = null;
/** This page's connection (opened on first use). */
const pageDb = (): RecordsDb => (db ??= openRecordsDb());

/** The value stored under `key`, null when none, kept current (a source for hooks/use-storage-value.ts). */
function recordSource<T>(
  key: string,
  records: () => RecordsDb,
): { getValue(): Promise<T | null>; watch(onChange: (value: T | null) => void): () => void } {
  const read = async () => ((await records().kv.get(key))?.value as T | undefined) ?? null;
  return {
    getValue: read,
    watch(onChange) {
      const subscription = liveQuery(read).subscribe({ next: onChange, error: () => undefined });
      return () => subscription.unsubscribe();
    },
  };
}

/**
 * One contact an account revealed, as the reveal store (lib/credits/reveals.ts) keeps it: the one copy of
 * revealed channels. A panel watches the entry of the person it shows, so a reveal on one tab shows on
 * every tab showing that person, at no cost. `records`: another connection than this page's (a test's).
 */
export const revealSource = (accountId: string, personId: string, records: () => RecordsDb = pageDb) =>
  recordSource<RevealRecord>(revealKey(accountId, personId), records);

/** Calls `onChange` whenever any context writes or removes a reveal (not for the first read). */
export function watchReveals(onChange: () => void): () => void {
  let first = true;
  // The values, not only the keys: a reveal rewritten with a new channel changes no key.
  const subscription = liveQuery(() => pageDb().kv.where('key').startsWith(REVEAL_PREFIX).toArray()).subscribe({
    next: () => (first ? (first = false) : onChange()),
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
