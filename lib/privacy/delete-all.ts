/*
 * "Delete all data": every storage area, every IndexedDB database, every alarm, over the registry
 * (lib/storage/keys.ts) so what is registered later goes too; whole areas, so an unregistered key goes too.
 * Then the background restarts the extension (entrypoints/background.ts): that resets all in-memory state
 * at once (no per-module reset a later module could miss) and closes the pages, whose state is stale. The
 * marker written last opens the welcome page after the restart.
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

/** The `browser.storage` areas the registry uses; its `idb` area is the records database, deleted with the others. */
export const registeredAreas = (): string[] =>
  [...new Set(Object.values(STORAGE_FAMILIES).map((f) => f.area as string))].filter((a) => a !== 'idb');

/** The names of every database in the registry. */
export const registeredDatabases = (): string[] => Object.values(INDEXED_DATABASES).map((db) => db.name);

/** Deletes one database. A connection elsewhere gets `versionchange` and must close; while `blocked`, wait, not forever. */
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
 * At the background's start after "Delete all data": open the welcome page once, then forget it (a start
 * cut short, Chromium's "No SW" right after `runtime.reload`, leaves it pending for the next try).
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
