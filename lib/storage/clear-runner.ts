/*
 * `clearOn` carried out: removes exactly what ./keys.ts declares for the events, in each area, and nothing
 * else. Modules that hold a family in memory are told first, so nothing they hold is written back after the
 * clear. "Delete all data" is not an event here: it wipes everything (lib/privacy).
 */
import type { KvStore } from './kv-store';
import {
  familiesClearedOn,
  keysOfFamily,
  STORAGE_FAMILIES,
  type ClearAccounts,
  type ClearEvent,
  type StorageFamily,
  type StorageFamilyName,
} from './keys';

export type { ClearAccounts } from './keys';

/** Drops what a module holds of a family before its keys are removed (a write begun before the clear must not land after it). */
export type ForgetFamily = (accounts: ClearAccounts) => void | Promise<void>;

/** Resolves with the raw keys removed, by family (a family the events clear is present, maybe empty). */
export type ClearRunner = (events: readonly ClearEvent[], accounts: ClearAccounts) => Promise<Partial<Record<StorageFamilyName, string[]>>>;

/**
 * `stores`: one per area. `accounts`: whose part of a per-account family goes (`'all'` for "Clear cache"; none:
 * no per-account family is touched). A failing store does not stop the others; the first failure is thrown after.
 */
export function createClearRunner({
  stores,
  forget = {},
}: {
  stores: Record<StorageFamily['area'], KvStore>;
  forget?: Partial<Record<StorageFamilyName, ForgetFamily>>;
}): ClearRunner {
  return async (events, accounts) => {
    const names = [...new Set(events.flatMap(familiesClearedOn))].filter(
      (name) => !(STORAGE_FAMILIES[name] as StorageFamily).perAccount || accounts === 'all' || accounts.length > 0,
    );
    for (const name of names) await forget[name]?.(accounts);
    const runs = names.map(async (name) => {
      const store = stores[STORAGE_FAMILIES[name].area];
      const { prefixes, keys } = keysOfFamily(name, accounts);
      const listed = await Promise.all([
        ...prefixes.map((prefix) => (store.keys ? store.keys(prefix) : store.getMany(prefix).then(Object.keys))),
        ...keys.map(async (key) => ((await store.get(key)) === undefined ? [] : [key])),
      ]);
      const found = listed.flat();
      if (found.length) await store.remove(found);
      return [name, found] as const;
    });
    const settled = await Promise.allSettled(runs);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return Object.fromEntries(settled.map((s) => (s as PromiseFulfilledResult<readonly [StorageFamilyName, string[]]>).value));
  };
}
