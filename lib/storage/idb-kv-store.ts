/*
 * The records database: the `idb` families of ./keys.ts (what was paid for, the user's corrections, the
 * account) as one key-value table in the extension's own IndexedDB, opened with Dexie 4. It belongs to
 * the extension's origin: the worker and the extension pages open it, a content script cannot (unlike
 * storage.local on Firefox). The worker persists through it as a KvStore (lib/cache/kv-store.ts), so the
 * stores on it (cache, ledger, journal, reveals…) are the same code as against memory in tests.
 *
 * A write resolves when its transaction completed. Keys of a `strict` family (./keys.ts `isStrictKey`:
 * the journal entry written before a paid request leaves, the ledger, reveals) go through a second
 * connection whose transactions are strict (on disk before "complete"); the rest through a relaxed one
 * (handed to the OS, as storage.local is), so a cache write never waits for a disk flush.
 *
 * Versions are append-only, as in lib/leads/lead-db.ts.
 */
import { Dexie, type Table } from 'dexie';
import type { KvStore } from './kv-store';
import { INDEXED_DATABASES, isStrictKey } from './keys';

export const RECORDS_DB_NAME = INDEXED_DATABASES.records.name;

/** One stored key (the full key of ./keys.ts, e.g. `ledger:2026-11-26:…`) and its value. */
export interface KvRow {
  key: string;
  value: unknown;
}

export type RecordsDb = Dexie & { kv: Table<KvRow, string> };

/** Stores per version (Dexie's syntax: the primary key first). */
export const RECORDS_DB_VERSIONS = {
  1: { kv: '&key' },
} as const;

export interface RecordsDbOptions {
  name?: string;
  /** fake-indexeddb in Node tests and benches. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  durability?: 'strict' | 'relaxed';
}

export function openRecordsDb(options: RecordsDbOptions = {}): RecordsDb {
  const db = new Dexie(options.name ?? RECORDS_DB_NAME, {
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    chromeTransactionDurability: options.durability ?? 'relaxed',
  }) as RecordsDb;
  db.version(1).stores(RECORDS_DB_VERSIONS[1]);
  return db;
}

export interface IdbKvStoreOptions extends Omit<RecordsDbOptions, 'durability'> {
  /**
   * Run once, on the strict connection, and awaited before every operation: the move of an earlier
   * version's storage.local keys (./move-to-idb.ts), so the worker's first read already sees them. A
   * failed move is tried again at the next start; meanwhile the store works (what was left behind stays
   * in storage.local, nothing is lost).
   */
  before?: (strict: RecordsDb) => Promise<unknown>;
}

/** The records database as a KvStore (both connections; see the header). */
export function idbKvStore(
  options: IdbKvStoreOptions = {},
): KvStore & { readonly db: RecordsDb; keys(prefix: string): Promise<string[]>; close(): void; reopen(): Promise<void> } {
  const { before, ...open } = options;
  const relaxed = openRecordsDb({ ...open, durability: 'relaxed' });
  const strict = openRecordsDb({ ...open, durability: 'strict' });
  const gate = (before ? before(strict) : Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
  const dbFor = (key: string) => (isStrictKey(key) ? strict : relaxed);
  return {
    db: relaxed,
    /** Both connections closed for good ("Delete all data"): nothing may recreate the database after it is deleted. */
    close() {
      relaxed.close({ disableAutoOpen: true });
      strict.close({ disableAutoOpen: true });
    },
    /** Opened again after a `close` (a wipe that did not happen). */
    async reopen() {
      await Promise.all([relaxed.open(), strict.open()]);
    },
    async get<T>(key: string) {
      await gate;
      return (await relaxed.kv.get(key))?.value as T | undefined;
    },
    async getMany<T>(prefix: string) {
      await gate;
      const rows = await relaxed.kv.where('key').startsWith(prefix).toArray();
      return Object.fromEntries(rows.map((r) => [r.key, r.value as T]));
    },
    /** The keys under `prefix`, without reading their values. */
    async keys(prefix: string) {
      await gate;
      return relaxed.kv.where('key').startsWith(prefix).primaryKeys();
    },
    async set(key, value) {
      await gate;
      // storage.local drops `undefined` (JSON); so does this, so a store behaves the same on both.
      if (value === undefined) await dbFor(key).kv.delete(key);
      else await dbFor(key).kv.put({ key, value });
    },
    async remove(keys) {
      await gate;
      const list = typeof keys === 'string' ? [keys] : keys;
      if (list.length === 0) return;
      const strictKeys = list.filter(isStrictKey);
      const relaxedKeys = list.filter((k) => !isStrictKey(k));
      await Promise.all([
        strictKeys.length ? strict.kv.bulkDelete(strictKeys) : undefined,
        relaxedKeys.length ? relaxed.kv.bulkDelete(relaxedKeys) : undefined,
      ]);
    },
  };
}
