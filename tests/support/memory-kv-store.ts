import type { KvStore } from '@/lib/storage/kv-store';

/** In-memory store for tests; values are cloned on the way in and out, as real storage serialises them. */
export function memoryKvStore(initial: Record<string, unknown> = {}): KvStore & { readonly data: Map<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(initial).map(([k, v]) => [k, structuredClone(v)]));
  return {
    data,
    async get<T>(key: string) {
      return data.has(key) ? (structuredClone(data.get(key)) as T) : undefined;
    },
    async getMany<T>(prefix: string) {
      const out: Record<string, T> = {};
      for (const [k, v] of data) if (k.startsWith(prefix)) out[k] = structuredClone(v) as T;
      return out;
    },
    async set(key, value) {
      // Real storage drops `undefined`; mirror that so tests don't pass on values the browser loses.
      if (value === undefined) data.delete(key);
      else data.set(key, structuredClone(value));
    },
    async remove(keys) {
      for (const k of typeof keys === 'string' ? [keys] : keys) data.delete(k);
    },
  };
}
