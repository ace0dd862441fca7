/*
 * The records database (./idb-kv-store.ts) as an extension page reads it: the worker writes, a page
 * reads and is told when another context wrote (Dexie's liveQuery, as the leads pages are). Read only:
 * every write goes through the worker's stores. Never imported by a content script (it runs in the web
 * page's origin and could not open this database anyway).
 */
import { liveQuery } from 'dexie';
import { openRecordsDb, type RecordsDb } from './idb-kv-store';

let db: RecordsDb | null = null;
/** This page's connection (opened on first use). */
export const pageDb = (): RecordsDb => (db ??= openRecordsDb());

/** The value stored under `key`, null when none, kept current (a source for hooks/use-storage-value.ts). */
export function recordSource<T>(
  key: string,
  records: () => RecordsDb = pageDb,
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

/** Calls `onChange` whenever any context writes or removes a record under `prefix` (not for the first read). */
export function watchPrefix(prefix: string, onChange: () => void): () => void {
  let first = true;
  // The values, not only the keys: a record rewritten with a new value changes no key.
  const subscription = liveQuery(() => pageDb().kv.where('key').startsWith(prefix).toArray()).subscribe({
    next: () => (first ? (first = false) : onChange()),
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
