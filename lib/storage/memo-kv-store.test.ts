import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { KvStore } from './kv-store';
import { memoKvStore, type MemoPolicy } from './memo-kv-store';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { inMemoryOf } from '@/lib/storage/keys';

const policy: MemoPolicy = (key) =>
  key.startsWith('pick:') ? { prefix: 'pick:', keep: 'values' } : key.startsWith('cache:') ? { prefix: 'cache:', keep: 'keys' } : undefined;

/** A store that counts what it is asked, and can be made to fail its writes. */
function counted(inner: KvStore = memoryKvStore()) {
  const asked: string[] = [];
  let failWrites = false;
  const store: KvStore = {
    get: (key) => (asked.push(`get ${key}`), inner.get(key)),
    getMany: (prefix) => (asked.push(`getMany ${prefix}`), inner.getMany(prefix)),
    keys: async (prefix) => (asked.push(`keys ${prefix}`), Object.keys(await inner.getMany(prefix))),
    set: (key, value) => (failWrites ? Promise.reject(new Error('disk full')) : inner.set(key, value)),
    remove: (keys) => (failWrites ? Promise.reject(new Error('disk full')) : inner.remove(keys)),
  };
  return { store, inner, asked, failWrites: (on: boolean) => void (failWrites = on) };
}

describe('memoKvStore', () => {
  it('reads a family once; after that a key never seen costs no read', async () => {
    const c = counted(memoryKvStore({ 'pick:a:x:ada': { personId: 'p1' } }));
    const kv = memoKvStore(c.store, policy);
    expect(await kv.get('pick:a:x:ada')).toEqual({ personId: 'p1' });
    expect(await kv.get('pick:a:x:bob')).toBeUndefined();
    expect(await kv.get('pick:a:x:eve')).toBeUndefined();
    expect(c.asked).toEqual(['getMany pick:']);
  });

  it('a write is read back before it lands, and lands', async () => {
    const c = counted();
    const kv = memoKvStore(c.store, policy);
    const write = kv.set('pick:a:x:ada', { personId: 'p2' });
    expect(await kv.get('pick:a:x:ada')).toEqual({ personId: 'p2' });
    await write;
    expect(await c.inner.get('pick:a:x:ada')).toEqual({ personId: 'p2' });
    await kv.remove(['pick:a:x:ada', 'other']);
    expect(await kv.get('pick:a:x:ada')).toBeUndefined();
  });

  it('a write made while its family is being read is not undone by that read', async () => {
    const c = counted(memoryKvStore({ 'pick:a:x:ada': { personId: 'old' } }));
    let release!: () => void;
    const slow: KvStore = {
      ...c.store,
      getMany: async <T>(prefix: string) => {
        const found = await c.inner.getMany<T>(prefix); // read before the write below lands
        await new Promise<void>((r) => (release = r));
        return found;
      },
    };
    const kv = memoKvStore(slow, policy);
    const reading = kv.get('pick:a:x:bob');
    await kv.remove('pick:a:x:ada');
    release();
    await reading;
    expect(await kv.get('pick:a:x:ada')).toBeUndefined();
  });

  it('a failed write forgets the family: the next read asks the store again', async () => {
    const c = counted(memoryKvStore({ 'pick:a:x:ada': { personId: 'p1' } }));
    const kv = memoKvStore(c.store, policy);
    await kv.get('pick:a:x:ada');
    c.failWrites(true);
    await expect(kv.set('pick:a:x:ada', { personId: 'p9' })).rejects.toThrow('disk full');
    expect(await kv.get('pick:a:x:ada')).toEqual({ personId: 'p1' });
    expect(c.asked).toEqual(['getMany pick:', 'getMany pick:']);
  });

  it('values are copied in and out (a caller mutating them changes nothing kept)', async () => {
    const kv = memoKvStore(counted().store, policy);
    const pick = { personId: 'p1' };
    await kv.set('pick:a:x:ada', pick);
    pick.personId = 'changed';
    const read = (await kv.get<{ personId: string }>('pick:a:x:ada'))!;
    read.personId = 'changed too';
    expect(await kv.get('pick:a:x:ada')).toEqual({ personId: 'p1' });
  });

  it('a `keys` family lists its keys once and reads a value only when there is one', async () => {
    const c = counted(memoryKvStore({ 'cache:a:search:q=ada': { value: 1 } }));
    const kv = memoKvStore(c.store, policy);
    expect(await kv.get('cache:a:search:q=bob')).toBeUndefined();
    expect(await kv.get('cache:a:search:q=ada')).toEqual({ value: 1 });
    await kv.set('cache:a:search:q=eve', { value: 2 });
    expect(await kv.get('cache:a:search:q=eve')).toEqual({ value: 2 });
    expect(c.asked).toEqual(['keys cache:', 'get cache:a:search:q=ada', 'get cache:a:search:q=eve']);
  });

  it('keys outside the policy go to the store every time', async () => {
    const c = counted(memoryKvStore({ 'ledger:x': 1 }));
    const kv = memoKvStore(c.store, policy);
    await kv.get('ledger:x');
    await kv.get('ledger:x');
    expect(c.asked).toEqual(['get ledger:x', 'get ledger:x']);
  });

  it('over the records database with the registry as its policy, behaves as the database does', async () => {
    const records = idbKvStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const kv = memoKvStore(records, inMemoryOf);
    await records.set('notthem:a:x:ada', 'p1');
    expect(await kv.get('notthem:a:x:ada')).toBe('p1');
    await kv.set('cache:a:search:q=ada', { value: 1 });
    expect(await records.keys('cache:a:')).toEqual(['cache:a:search:q=ada']);
    expect(await kv.get('cache:a:search:q=ada')).toEqual({ value: 1 });
    expect(await kv.get('cache:a:search:q=bob')).toBeUndefined();
  });
});
