/**
 * A small string store for secrets (the API key) that content scripts cannot open. Why IndexedDB:
 * `storage.local` is shared with content scripts on Firefox (Chrome can close it with `setAccessLevel`,
 * Firefox cannot), `storage.session` does not survive a restart, and an IndexedDB database belongs to its
 * origin: the extension's, not the web page's a content script runs in.
 * Only the background may import this module (a unit test in settings enforces it).
 */
import { INDEXED_DATABASES } from '@/lib/storage/keys';

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

export const SECRET_DB_NAME = INDEXED_DATABASES.secrets.name;
const STORE = 'secrets';

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

/** The background's own IndexedDB. `factory` is injectable for tests (fake-indexeddb). */
export function indexedDbSecretStore(factory: IDBFactory = indexedDB, dbName: string = SECRET_DB_NAME): SecretStore {
  let opening: Promise<IDBDatabase> | null = null;

  function open(): Promise<IDBDatabase> {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const db = req.result;
        // Closed under us (another version, browser cleanup): reopen on the next call.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('cannot open the secret store'));
      req.onblocked = () => reject(new Error('the secret store is blocked by another connection'));
    }).catch((e: unknown) => {
      opening = null;
      throw e;
    });
    return opening;
  }

  /** Runs one request in its own transaction and resolves once the transaction has committed. */
  async function run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = op(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? req.error ?? new Error('secret store transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('secret store transaction aborted'));
    });
  }

  return {
    async get(name) {
      const value = await run<unknown>('readonly', (s) => s.get(name));
      return typeof value === 'string' ? value : null;
    },
    async set(name, value) {
      await run('readwrite', (s) => s.put(value, name));
    },
    async remove(name) {
      await run('readwrite', (s) => s.delete(name));
    },
  };
}
