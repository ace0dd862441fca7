import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { browserKvStore, type KvStore } from './kv-store';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { inMemoryOf } from '@/lib/storage/keys';
import { memoKvStore } from './memo-kv-store';

beforeEach(() => {
  fakeBrowser.reset();
});

describe.each([
  ['memoryKvStore', () => memoryKvStore()],
  ['browserKvStore(fakeBrowser.storage.local)', () => browserKvStore(fakeBrowser.storage.local)],
  ['idbKvStore(fake-indexeddb)', () => idbKvStore({ indexedDB: new IDBFactory(), IDBKeyRange })],
  [
    'memoKvStore(idbKvStore) with the registry as its policy',
    () => memoKvStore(idbKvStore({ indexedDB: new IDBFactory(), IDBKeyRange }), inMemoryOf),
  ],
] as const)('%s', (_name, make: () => KvStore) => {
  it('gets what was set, undefined for what was not', async () => {
    const kv = make();
    await kv.set('a', { n: 1, list: ['x'] });
    expect(await kv.get('a')).toEqual({ n: 1, list: ['x'] });
    expect(await kv.get('missing')).toBeUndefined();
  });

  // The families are records (objects): the records database keeps each as a row of its table.
  it('getMany returns only keys under the prefix, keyed by full key', async () => {
    const kv = make();
    await kv.set('cache:a:1', { n: 1 });
    await kv.set('cache:a:2', { n: 2 });
    await kv.set('cache:ab:1', { n: 3 });
    await kv.set('ledger:x', { n: 4 });
    await kv.set('pick:a:x:someone', { personId: 'p1' });
    expect(await kv.getMany('cache:a:')).toEqual({ 'cache:a:1': { n: 1 }, 'cache:a:2': { n: 2 } });
    expect(await kv.getMany('cache:a:2')).toEqual({ 'cache:a:2': { n: 2 } });
    expect(await kv.getMany('ledger:')).toEqual({ 'ledger:x': { n: 4 } });
    expect(await kv.getMany('pick:')).toEqual({ 'pick:a:x:someone': { personId: 'p1' } });
    expect(await kv.getMany('nothing:')).toEqual({});
    expect(Object.keys(await kv.getMany('')).sort()).toEqual(['cache:a:1', 'cache:a:2', 'cache:ab:1', 'ledger:x', 'pick:a:x:someone']);
  });

  it('removes one key or many', async () => {
    const kv = make();
    await Promise.all(['k1', 'k2', 'k3'].map((k) => kv.set(k, k)));
    await kv.remove('k1');
    await kv.remove(['k2', 'k3']);
    await kv.remove([]);
    expect(await kv.getMany('k')).toEqual({});
    // A money key and a cache key in one call (the records database writes them on two connections).
    await kv.set('journal:j1', { id: 'j1' });
    await kv.set('cache:a:1', { n: 2 });
    await kv.remove(['journal:j1', 'cache:a:1']);
    expect(await kv.getMany('')).toEqual({});
  });

  it('stores a copy: mutating the original after set does not change storage', async () => {
    const kv = make();
    const value = { n: 1 };
    await kv.set('v', value);
    value.n = 2;
    expect(await kv.get('v')).toEqual({ n: 1 });
  });
});

it('browserKvStore writes through to the area it was given', async () => {
  const kv = browserKvStore(fakeBrowser.storage.local);
  await kv.set('x', 42);
  expect(await fakeBrowser.storage.local.get('x')).toEqual({ x: 42 });
  expect(await fakeBrowser.storage.session.get('x')).toEqual({});
});

it('browserKvStore uses getKeys when the area has it, reading only matching values', async () => {
  const reads: unknown[] = [];
  const data: Record<string, unknown> = { 'p:1': 1, 'p:2': 2, 'q:1': 3 };
  const kv = browserKvStore({
    get: async (keys) => {
      reads.push(keys);
      const list = keys == null ? Object.keys(data) : typeof keys === 'string' ? [keys] : keys;
      return Object.fromEntries(list.filter((k) => k in data).map((k) => [k, data[k]]));
    },
    set: async () => {},
    remove: async () => {},
    getKeys: async () => Object.keys(data),
  });
  expect(await kv.getMany('p:')).toEqual({ 'p:1': 1, 'p:2': 2 });
  expect(reads).toEqual([['p:1', 'p:2']]);
});
