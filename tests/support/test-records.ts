import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { idbKvStore, openRecordsDb } from '@/lib/storage/idb-kv-store';

// Dexie read the globals when first imported (maybe before the fake above existed), and liveQuery (what
// a page watches) runs only when Dexie has an indexedDB: point it at the fake.
Dexie.dependencies.indexedDB = globalThis.indexedDB;
Dexie.dependencies.IDBKeyRange = globalThis.IDBKeyRange;

let made = 0;

/**
 * The records database (lib/storage/idb-kv-store.ts, the real Dexie adapter) on fake IndexedDB, fresh
 * for each call (a database of its own name). `store()` is the worker's KvStore (call it again for a
 * restarted worker: same data); `db()` is another connection, as an extension page opens it.
 */
export function testRecords() {
  const name = `records-test-${++made}`;
  return {
    name,
    store: (options: Parameters<typeof idbKvStore>[0] = {}) => idbKvStore({ ...options, name }),
    db: () => openRecordsDb({ name }),
  };
}
