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
  /** Keys written while the family was being read (null once read): the read must not put back what they replaced. */
  written: Set<string> | null;
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

  const familyOf = (key: string): Family | undefined => {
    const rule = policy(key);
    if (!rule) return undefined;
    const known = families.get(rule.prefix);
    if (known) return known;
    const read: Promise<Record<string, unknown>> =
      rule.keep === 'keys'
        ? (store.keys ? store.keys(rule.prefix) : store.getMany(rule.prefix).then(Object.keys)).then((ks) =>
            Object.fromEntries(ks.map((k) => [k, true])),
          )
        : store.getMany(rule.prefix);
    const family: Family = { keep: rule.keep, held: new Map(), written: new Set(), loaded: Promise.resolve() };
    family.loaded = read.then(
      (found) => {
        for (const [k, v] of Object.entries(found)) if (!family.written!.has(k)) family.held.set(k, v);
        family.written = null;
      },
      (err: unknown) => {
        families.delete(rule.prefix);
        throw err;
      },
    );
    families.set(rule.prefix, family);
    return family;
  };
  const put = (key: string, value: unknown) => {
    const family = familyOf(key)!;
    family.written?.add(key);
    if (value === undefined) family.held.delete(key);
    else family.held.set(key, family.keep === 'values' ? structuredClone(value) : true);
    return policy(key)!.prefix;
  };
  const landed = async (prefixes: string[], write: Promise<void>) => {
    try {
      await write;
    } catch (err) {
      for (const prefix of prefixes) families.delete(prefix);
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
