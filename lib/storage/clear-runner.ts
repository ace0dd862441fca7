/*
 * `clearOn` carried out: given the events that just happened (a key saved, another account, the key
 * removed, "Clear cache"), removes exactly what ./keys.ts declares for them, in each area, and nothing
 * else. The one place these events clear storage; the modules that keep a family in memory (an index, a
 * generation, a halt) are told first, so nothing they still hold is written back after the clear.
 *
 * Pure over the stores it is given (no browser global): the worker passes storage.local, storage.session
 * and the records database. "Delete all data" is not an event here: it wipes everything (lib/privacy).
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

/** A store per area of ./keys.ts (`local`, `session`: browser.storage; `idb`: the records database). */
export type ClearStores = Record<StorageFamily['area'], KvStore>;

/**
 * What a module holds in memory of a family, dropped when the family is cleared, before its keys are
 * removed (so a write begun before the clear does not land after it).
 */
export type ForgetFamily = (accounts: ClearAccounts) => void | Promise<void>;

export interface ClearRunnerOptions {
  stores: ClearStores;
  forget?: Partial<Record<StorageFamilyName, ForgetFamily>>;
}

/** What a run removed: the raw keys, by family (a family the events clear is present, maybe empty). */
export type Cleared = Partial<Record<StorageFamilyName, string[]>>;

export type ClearRunner = (events: readonly ClearEvent[], accounts: ClearAccounts) => Promise<Cleared>;

/**
 * The runner. `accounts` says whose part of a per-account family goes: `'all'` ("Clear cache"), or the
 * accounts the events are about (the previous account; none when no account was in use, and then no
 * per-account family is touched). A store that fails does not stop the others; the first failure is
 * thrown once all were tried.
 */
export function createClearRunner({ stores, forget = {} }: ClearRunnerOptions): ClearRunner {
  return async (events, accounts) => {
    const names = [...new Set(events.flatMap(familiesClearedOn))].filter(
      (name) => !STORAGE_FAMILIES[name].perAccount || accounts === 'all' || accounts.length > 0,
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
