/*
 * "Delete all data" (options page → worker message `deleteAllData`): every storage area, every IndexedDB
 * database of the extension, every alarm. Written over the registry (lib/storage/keys.ts): a key family
 * or a database someone registers later is deleted without an edit here. Whole areas are cleared, not
 * the registered keys, so a key nobody registered goes too.
 *
 * Then the background restarts the extension (`runtime.reload()`, entrypoints/background.ts): that is
 * what resets every piece of in-memory state at once (the ledger's totals, the account session, live
 * records, the rate governor, the meter, views, pending timers) instead of a reset per module that a
 * module added later could miss; it also closes the extension's pages, whose own state is stale. The
 * marker written last tells the restarted background to open the welcome page (first-run state).
 */
import { INDEXED_DATABASES, STORAGE_FAMILIES, WELCOME_PENDING_KEY } from '@/lib/storage/keys';

export interface DeleteAllTargets {
  /** A storage area by the registry's name for it (`browser.storage[name]`); each area the registry uses is cleared whole. */
  area: (name: string) => { clear(): Promise<void> } | undefined;
  /** `browser.storage.local`, where the welcome marker goes. */
  local: { set(items: Record<string, unknown>): Promise<void> };
  indexedDB: IDBFactory;
  alarms?: { clearAll(): Promise<unknown> };
  /** This context's own connections, closed first (the worker's leads database). Others close on `versionchange`. */
  close?: ReadonlyArray<() => void>;
  /** How long a deletion may stay blocked by a connection another page does not close (default 10 s). */
  blockedTimeoutMs?: number;
}

/**
 * The `browser.storage` areas the registry uses (`local`, `session`, and any added later). The `idb` area
 * is the records database, deleted with the other databases.
 */
export const registeredAreas = (): string[] =>
  [...new Set(Object.values(STORAGE_FAMILIES).map((f) => f.area as string))].filter((a) => a !== 'idb');

/** The names of every database in the registry. */
export const registeredDatabases = (): string[] => Object.values(INDEXED_DATABASES).map((db) => db.name);

/**
 * Deletes one database. An open connection elsewhere gets `versionchange` and must close (Dexie and the
 * secret store do); until then the request is `blocked`: wait for it, but not forever.
 */
export function deleteDatabase(factory: IDBFactory, name: string, blockedTimeoutMs = 10_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const req = factory.deleteDatabase(name);
    req.onsuccess = () => {
      clearTimeout(timer);
      resolve();
    };
    req.onerror = () => {
      clearTimeout(timer);
      reject(req.error ?? new Error(`cannot delete ${name}`));
    };
    req.onblocked = () => {
      timer ??= setTimeout(
        () => reject(new Error(`${name} is still open in another page: close the extension's pages and try again`)),
        blockedTimeoutMs,
      );
    };
  });
}

/** Wipes everything the extension stores, then leaves the marker that reopens the welcome page after the restart. */
export async function deleteAllData(t: DeleteAllTargets): Promise<void> {
  for (const close of t.close ?? []) close();
  for (const name of registeredDatabases()) await deleteDatabase(t.indexedDB, name, t.blockedTimeoutMs);
  // An area the registry names that the browser lacks (not a storage area) holds nothing to clear here.
  for (const name of registeredAreas()) await t.area(name)?.clear();
  await t.alarms?.clearAll();
  await t.local.set({ [WELCOME_PENDING_KEY]: true });
}

/**
 * At the background's start: after "Delete all data", open the welcome page once (as a fresh install does).
 * Opened first, forgotten after: a start cut short (Chromium may refuse a worker's calls right after
 * `runtime.reload`, "No SW") leaves it pending for the next try or the next start.
 */
export async function openWelcomeIfPending(
  local: { get(key: string): Promise<Record<string, unknown>>; remove(key: string): Promise<void> },
  openWelcome: () => unknown,
): Promise<boolean> {
  const pending = (await local.get(WELCOME_PENDING_KEY))[WELCOME_PENDING_KEY] === true;
  if (!pending) return false;
  await openWelcome();
  await local.remove(WELCOME_PENDING_KEY);
  return true;
}
