// The records database (lib/storage/idb-kv-store.ts: what was paid for, the account) as an e2e test reads
// and seeds it: from an extension context (the service worker or an extension page; Firefox: an extension
// page), where the extension's IndexedDB is. Plain IndexedDB inside the evaluated functions: they are
// serialised into the browser (Playwright's and puppeteer's evaluate), so they import nothing.
import { INDEXED_DATABASES } from '../../lib/storage/keys';

export const RECORDS_DB = INDEXED_DATABASES.records.name;

/** Something that runs a function in an extension context (a Playwright Page or Worker, a puppeteer Page). */
interface Evaluator {
  evaluate: (...args: never[]) => Promise<unknown>;
}

/** `where.evaluate(fn, arg)`, typed by `fn` (the two libraries type evaluate differently). */
const run = <A, R>(where: Evaluator, fn: (arg: A) => Promise<R>, arg: A): Promise<R> =>
  (where.evaluate as unknown as (f: typeof fn, a: A) => Promise<R>).call(where, fn, arg);

/** In the browser: the rows whose key starts with `prefix`, keyed by key ({} when the database was never created). */
function readIn([name, prefix]: readonly [string, string]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    // Not created yet: do not create it (an empty version 1 would be in Dexie's way), read nothing.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve({});
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('kv')) return (db.close(), resolve({}));
      const all = db.transaction('kv').objectStore('kv').getAll();
      all.onerror = () => (db.close(), reject(all.error ?? new Error('read failed')));
      all.onsuccess = () => {
        db.close();
        const rows = all.result as Array<{ key: string; value: unknown }>;
        resolve(Object.fromEntries(rows.filter((r) => r.key.startsWith(prefix)).map((r) => [r.key, r.value])));
      };
    };
  });
}

/** In the browser: writes rows (the worker's database exists by then: its start opened it). */
function writeIn([name, rows]: readonly [string, Record<string, unknown>]): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => reject(open.error ?? new Error(`no database ${name}`));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('kv', 'readwrite');
      for (const [key, value] of Object.entries(rows)) tx.objectStore('kv').put({ key, value });
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => (db.close(), reject(tx.error ?? new Error('write failed')));
    };
  });
}

/** Every stored row under `prefix` ('' for all), read from an extension context. */
export function readRecords(where: Evaluator, prefix = ''): Promise<Record<string, unknown>> {
  return run(where, readIn, [RECORDS_DB, prefix] as const);
}

/**
 * Writes rows as the worker's stores would (a test's seed). Another connection's write is not seen by the
 * extension's open Dexie connections' liveQuery (it hears Dexie writes only): reload what should show it.
 */
export function writeRecords(where: Evaluator, rows: Record<string, unknown>): Promise<void> {
  return run(where, writeIn, [RECORDS_DB, rows] as const);
}
