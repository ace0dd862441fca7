/** What the domain's stores persist through, so they run unchanged against memory in tests. */
export interface KvStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Every entry whose key starts with `prefix`, keyed by the full key. */
  getMany<T>(prefix: string): Promise<Record<string, T>>;
  /** The keys that start with `prefix`, without their values (a store that can list them so). */
  keys?(prefix: string): Promise<string[]>;
  set(key: string, value: unknown): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** The subset of a `browser.storage` area the adapter needs (passed in: no browser global here). */
export interface StorageAreaLike {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
  /** Chrome 130+: lets `getMany` avoid reading every value in the area just to filter keys. */
  getKeys?: () => Promise<string[]>;
}

export function browserKvStore(area: StorageAreaLike): KvStore {
  return {
    async get<T>(key: string) {
      const got = await area.get(key);
      return got[key] as T | undefined;
    },
    async getMany<T>(prefix: string) {
      const keys = area.getKeys ? (await area.getKeys()).filter((k) => k.startsWith(prefix)) : null;
      const items = keys ? (keys.length ? await area.get(keys) : {}) : await area.get(null);
      return Object.fromEntries(Object.entries(items).filter(([k]) => k.startsWith(prefix))) as Record<string, T>;
    },
    async set(key, value) {
      await area.set({ [key]: value });
    },
    async remove(keys) {
      if (Array.isArray(keys) && keys.length === 0) return;
      await area.remove(keys);
    },
  };
}
