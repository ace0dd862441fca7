/*
 * The records database: the `idb` families of ./keys.ts in the extension's own IndexedDB (Dexie 4), which a
 * content script cannot open. The worker persists through it as a KvStore, each key routed to its table's
 * row (./records-tables.ts), so its stores are the same code as against memory in tests.
 *
 * A write resolves when its transaction completed. `strict` families (journal, ledger, reveals) go through
 * a second connection whose transactions are on disk before "complete"; the rest through a relaxed one, so a
 * cache write never waits for a disk flush. Versions are append-only, as in lib/leads/lead-db.ts.
 */
import { Dexie } from 'dexie';
import type { KvStore } from './kv-store';
import { INDEXED_DATABASES, isStrictKey } from './keys';
import {
  keyOfRow,
  keyOfStoredRow,
  moveKvToTables,
  RECORDS_DB_VERSIONS,
  routeKey,
  rowOf,
  tablesUnder,
  valueOfRow,
  type RecordsTables,
} from './records-tables';

export type RecordsDb = Dexie & RecordsTables;

export interface RecordsDbOptions {
  name?: string;
  /** fake-indexeddb in Node tests and benches. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  durability?: 'strict' | 'relaxed';
}

export function openRecordsDb(options: RecordsDbOptions = {}): RecordsDb {
  const db = new Dexie(options.name ?? INDEXED_DATABASES.records.name, {
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    chromeTransactionDurability: options.durability ?? 'relaxed',
  }) as RecordsDb;
  db.version(1).stores(RECORDS_DB_VERSIONS[1]);
  db.version(2).stores(RECORDS_DB_VERSIONS[2]).upgrade(moveKvToTables);
  return db;
}

export interface IdbKvStoreOptions extends Omit<RecordsDbOptions, 'durability'> {
  /**
   * Run once (on the strict connection) before every operation: the move of storage.local keys (./move-to-idb.ts),
   * so the first read sees them. A failed move is tried at the next start; what it left stays in storage.local.
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
  /** Every row under `prefix`, with its full key (`values: false`: the keys alone, no value read). */
  const rowsUnder = async (prefix: string, values: boolean) => {
    const found: Array<{ key: string; table: keyof RecordsTables; row?: object }> = [];
    for (const { table, range } of tablesUnder(prefix)) {
      const t = relaxed.table(table);
      const rows =
        table === 'kv'
          ? t.where('key').startsWith(prefix)
          : range
            ? t.where(':id').between(range[0], range[1], true, true)
            : t.toCollection();
      if (values) for (const row of (await rows.toArray()) as object[]) found.push({ key: keyOfStoredRow(table, row), table, row });
      else
        for (const pk of await rows.primaryKeys())
          found.push({ key: table === 'kv' ? (pk as string) : keyOfRow(table, pk as never), table });
    }
    return found.filter((f) => f.key.startsWith(prefix));
  };
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
      const at = routeKey(key);
      const row = (await relaxed.table(at.table).get(at.pk)) as object | undefined;
      return row === undefined ? undefined : (valueOfRow(at.table, row) as T);
    },
    async getMany<T>(prefix: string) {
      await gate;
      const out: Record<string, T> = {};
      for (const { key, row, table } of await rowsUnder(prefix, true)) out[key] = valueOfRow(table, row!) as T;
      return out;
    },
    /** The keys under `prefix`, without reading their values. */
    async keys(prefix: string) {
      await gate;
      return (await rowsUnder(prefix, false)).map((r) => r.key);
    },
    async set(key, value) {
      await gate;
      const db = dbFor(key);
      // storage.local drops `undefined` (JSON); so does this, so a store behaves the same on both.
      if (value === undefined) {
        const at = routeKey(key);
        await db.table(at.table).delete(at.pk);
      } else {
        const { table, row } = rowOf(key, value);
        await db.table(table).put(row);
      }
    },
    async remove(keys) {
      await gate;
      const list = typeof keys === 'string' ? [keys] : keys;
      const groups = new Map<string, { db: RecordsDb; table: keyof RecordsTables; pks: unknown[] }>();
      for (const key of list) {
        const db = dbFor(key);
        const at = routeKey(key);
        const id = `${db === strict ? 's' : 'r'}:${at.table}`;
        const group = groups.get(id) ?? { db, table: at.table, pks: [] };
        group.pks.push(at.pk);
        groups.set(id, group);
      }
      await Promise.all([...groups.values()].map(({ db, table, pks }) => db.table(table).bulkDelete(pks as never[])));
    },
  };
}
