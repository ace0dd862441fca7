import type { KvStore } from './kv-store';

/**
 * Which keys are kept in memory, and how (lib/storage/keys.ts `inMemory`): the family's prefix, and
 * whether its values are kept or only which keys exist (large values are still read when present).
 */
export type MemoPolicy = (key: string) => { prefix: string; keep: 'values' | 'keys' } | undefined;

type Family = {
  keep: 'values' | 'keys';
  /** `values`: key → value; `keys`: key → true. Only what exists. */
  held: Map<string, unknown>;
  loaded: Promise<void>;
};

/**
 * A KvStore that holds some families in memory, read at first use and kept current by every write through
 * it: a lookup asks about keys it has never seen (a pick, an unknown-outcome count, a cache entry), each an
 * IndexedDB round trip of several ms on a busy machine; from memory a missing key costs nothing.
 *
 * Sound only for families this store alone writes (the worker's). A failed write forgets the family (read
 * again next time). Values are copied in and out, as the database does.
 */
export function memoKvStore(store: KvStore, policy: MemoPolicy): KvStore {
  const families = new Map<string, Family>();
  /** Keys written while their family was being read: the read must not put back what they replaced. */
  const writtenDuringLoad = new Map<string, Set<string>>();

  const familyOf = (key: string): Family | undefined => {
    const rule = policy(key);
    if (!rule) return undefined;
    let family = families.get(rule.prefix);
    if (!family) {
      const held = new Map<string, unknown>();
      const written = new Set<string>();
      writtenDuringLoad.set(rule.prefix, written);
      const read: Promise<Record<string, unknown>> =
        rule.keep === 'keys'
          ? (store.keys ? store.keys(rule.prefix) : store.getMany(rule.prefix).then(Object.keys)).then((ks) =>
              Object.fromEntries(ks.map((k) => [k, true])),
            )
          : store.getMany(rule.prefix);
      const loaded = read.then(
        (found) => {
          for (const [k, v] of Object.entries(found)) if (!written.has(k)) held.set(k, v);
          writtenDuringLoad.delete(rule.prefix);
        },
        (err: unknown) => {
          forget(rule.prefix);
          throw err;
        },
      );
      family = { keep: rule.keep, held, loaded };
      families.set(rule.prefix, family);
    }
    return family;
  };
  const forget = (prefix: string) => {
    families.delete(prefix);
    writtenDuringLoad.delete(prefix);
  };
  const put = (key: string, value: unknown) => {
    const rule = policy(key)!;
    const family = familyOf(key)!;
    writtenDuringLoad.get(rule.prefix)?.add(key);
    if (value === undefined) family.held.delete(key);
    else family.held.set(key, family.keep === 'values' ? structuredClone(value) : true);
    return rule.prefix;
  };
  const landed = async (prefixes: string[], write: Promise<void>) => {
    try {
      await write;
    } catch (err) {
      for (const prefix of prefixes) forget(prefix);
      throw err;
    }
  };

  return {
    async get<T>(key: string) {
      const family = familyOf(key);
      if (!family) return store.get<T>(key);
      await family.loaded;
      if (!family.held.has(key)) return undefined;
      return family.keep === 'values' ? (structuredClone(family.held.get(key)) as T) : store.get<T>(key);
    },
    getMany: (prefix) => store.getMany(prefix),
    // Listing keys reads no value (a clear lists a family's keys to remove them).
    ...(store.keys ? { keys: (prefix: string) => store.keys!(prefix) } : {}),
    set(key, value) {
      if (!policy(key)) return store.set(key, value);
      return landed([put(key, value)], store.set(key, value));
    },
    remove(keys) {
      const list = typeof keys === 'string' ? [keys] : keys;
      const prefixes = list.filter((k) => policy(k)).map((k) => put(k, undefined));
      return landed(prefixes, store.remove(keys));
    },
  };
}
