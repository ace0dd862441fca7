// The records database (lib/storage/idb-kv-store.ts: what was paid for, the account) as an e2e test reads
// and seeds it, by the keys the worker's stores use (lib/storage/records-tables.ts maps them to rows): from an extension context (the service worker or an extension page; Firefox: an extension
// page), where the extension's IndexedDB is. Plain IndexedDB inside the evaluated functions: they are
// serialised into the browser (Playwright's and puppeteer's evaluate), so they import nothing.
import { INDEXED_DATABASES } from '../../lib/storage/keys';
import { keyOfStoredRow, rowOf, valueOfRow, type RecordsTables } from '../../lib/storage/records-tables';

export const RECORDS_DB = INDEXED_DATABASES.records.name;

/** Something that runs a function in an extension context (a Playwright Page or Worker, a puppeteer Page). */
interface Evaluator {
  evaluate: (...args: never[]) => Promise<unknown>;
}

/** `where.evaluate(fn, arg)`, typed by `fn` (the two libraries type evaluate differently). */
const run = <A, R>(where: Evaluator, fn: (arg: A) => Promise<R>, arg: A): Promise<R> =>
  (where.evaluate as unknown as (f: typeof fn, a: A) => Promise<R>).call(where, fn, arg);

type Rows = Record<string, object[]>;

/** In the browser: every row of every store ({} when the database was never created). */
function readIn(name: string): Promise<Rows> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    // Not created yet: do not create it (an empty version 1 would be in Dexie's way), read nothing.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve({});
    open.onsuccess = () => {
      const db = open.result;
      const stores = [...db.objectStoreNames];
      if (stores.length === 0) return (db.close(), resolve({}));
      const tx = db.transaction(stores);
      const out: Rows = {};
      for (const store of stores) {
        const all = tx.objectStore(store).getAll();
        all.onsuccess = () => (out[store] = all.result as object[]);
      }
      tx.oncomplete = () => (db.close(), resolve(out));
      tx.onerror = () => (db.close(), reject(tx.error ?? new Error('read failed')));
    };
  });
}

/** In the browser: writes rows, each into its store (the worker's database exists by then: its start opened it). */
function writeIn([name, rows]: readonly [string, Array<{ table: string; row: object }>]): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => reject(open.error ?? new Error(`no database ${name}`));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction([...new Set(rows.map((r) => r.table))], 'readwrite');
      for (const { table, row } of rows) tx.objectStore(table).put(row);
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => (db.close(), reject(tx.error ?? new Error('write failed')));
    };
  });
}

/** Every stored row under `prefix` ('' for all), read from an extension context. */
export async function readRecords(where: Evaluator, prefix = ''): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [store, rows] of Object.entries(await run(where, readIn, RECORDS_DB))) {
    const table = store as keyof RecordsTables;
    for (const row of rows) out[keyOfStoredRow(table, row)] = valueOfRow(table, row);
  }
  return Object.fromEntries(Object.entries(out).filter(([key]) => key.startsWith(prefix)));
}

/**
 * Writes rows as the worker's stores would (a test's seed). Another connection's write is not seen by the
 * extension's open Dexie connections' liveQuery (it hears Dexie writes only): reload what should show it.
 */
export function writeRecords(where: Evaluator, rows: Record<string, unknown>): Promise<void> {
  const stored = Object.entries(rows).map(([key, value]) => rowOf(key, value));
  return run(where, writeIn, [RECORDS_DB, stored] as const);
}
