/**
 * A small string store for secrets (the API key) that content scripts cannot open. Why IndexedDB:
 * `storage.local` is shared with content scripts on Firefox (Chrome can close it with `setAccessLevel`,
 * Firefox cannot), `storage.session` does not survive a restart, and an IndexedDB database belongs to its
 * origin: the extension's, not the web page's a content script runs in.
 * Only the background may import this module (a unit test in settings enforces it).
 */
import { Dexie, type Table } from 'dexie';
import { INDEXED_DATABASES } from '@/lib/storage/keys';

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

export const SECRET_DB_NAME = INDEXED_DATABASES.secrets.name;

/** For tests: the same contract, in memory. */
export function memorySecretStore(initial: Record<string, string> = {}): SecretStore & { readonly data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (name) => data.get(name) ?? null,
    set: async (name, value) => void data.set(name, value),
    remove: async (name) => void data.delete(name),
  };
}

/**
 * The background's own IndexedDB: one object store, values under out-of-line names. A write resolves once its
 * transaction committed; a newer version or a delete elsewhere closes this connection (Dexie reopens on next use).
 * `factory` is injectable for tests (fake-indexeddb).
 */
export function indexedDbSecretStore(factory: IDBFactory = indexedDB, dbName: string = SECRET_DB_NAME): SecretStore {
  const db = new Dexie(dbName, { indexedDB: factory }) as Dexie & { secrets: Table<unknown, string> };
  // Dexie's 0.1 is IndexedDB version 1, the version this database was created at before it used Dexie.
  db.version(0.1).stores({ secrets: '' });
  // Dexie remembers a failed open and refuses every later call; the key must be readable again on the next one.
  const run = async <T>(op: () => Promise<T>): Promise<T> => {
    try {
      return await op();
    } catch (error) {
      if (db.hasFailed()) db.close({ disableAutoOpen: false });
      throw error;
    }
  };
  return {
    get: (name) =>
      run(async () => {
        const value = await db.secrets.get(name);
        return typeof value === 'string' ? value : null;
      }),
    set: (name, value) => run(async () => void (await db.secrets.put(value, name))),
    remove: (name) => run(() => db.secrets.delete(name)),
  };
}
