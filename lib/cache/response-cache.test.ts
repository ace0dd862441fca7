import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClearRunner } from '@/lib/storage/clear-runner';
import type { ClearAccounts, ClearEvent } from '@/lib/storage/keys';
import type { KvStore } from '@/lib/storage/kv-store';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { ResponseCache, classifyApiResult, looksLikeSample, type Classified } from './response-cache';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 15, 10, 0, 0);

type Result = { ok: true; data: { people: string[] }; sample: null | { notice: string } } | { ok: false; error: { kind: string } };

const live = (people: string[]): Result => ({ ok: true, data: { people }, sample: null });
const sample = (): Result => ({ ok: true, data: { people: ['Fake Person'] }, sample: { notice: 'NOT REAL DATA: balance 0 of 5' } });
const failure = (kind: string): Result => ({ ok: false, error: { kind } });
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A fetcher that answers after `ms` of fake time and counts its calls. */
function slowFetcher(result: Result, ms = 500) {
  return vi.fn(async () => {
    await delay(ms);
    return result;
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getOrFetch', () => {
  it('nothing is written before the request leaves (only the spend journal is, elsewhere); the answer after it', async () => {
    const inner = memoryKvStore();
    const ops: string[] = [];
    const store = {
      ...inner,
      async set(key: string, value: unknown) {
        ops.push(`set ${key.split(':')[0]}`);
        await inner.set(key, value);
      },
    };
    const cache = new ResponseCache({ store });
    const fetcher = vi.fn(async () => {
      ops.push('request');
      return live(['Ada']);
    });
    await cache.getOrFetch('acct-1', 'search:q=ada', fetcher);
    expect(ops).toEqual(['request', 'set cache']);
  });

  it('5 tabs asking at once → 1 fetch, all get the answer', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = slowFetcher(live(['Ada Quant']));
    const calls = Array.from({ length: 5 }, () => cache.getOrFetch('acct-1', 'search:q=adaquant', fetcher));
    await vi.advanceTimersByTimeAsync(1_000);
    const outcomes = await Promise.all(calls);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(outcomes.map((o) => o.from === 'fetch' && o.shared)).toEqual([false, true, true, true, true]);
    for (const o of outcomes) expect(o.from === 'fetch' && o.entry?.value).toEqual({ people: ['Ada Quant'] });
  });

  it('revisit within the TTL → 0 fetches', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = vi.fn(async () => live(['Ada']));
    await cache.getOrFetch('acct-1', 'search:q=ada', fetcher);
    vi.advanceTimersByTime(23 * HOUR);
    const again = await cache.getOrFetch('acct-1', 'search:q=ada', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(again).toMatchObject({
      from: 'cache',
      entry: { kind: 'hit', value: { people: ['Ada'] }, storedAt: T0, expiresAt: T0 + 24 * HOUR },
    });
  });

  it.each([
    // kind, result, default TTL
    ['hit', live(['Ada']), 24 * HOUR],
    ['not-found', failure('not-found'), 6 * HOUR],
  ] as const)('a %s expires after its TTL (%i ms) and is fetched again', async (kind, result, ttl) => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = vi.fn(async () => result);
    const first = await cache.getOrFetch('acct-1', 'person:42', fetcher);
    expect(first).toMatchObject({ from: 'fetch', entry: { kind, expiresAt: T0 + ttl } });
    vi.advanceTimersByTime(ttl - 1);
    expect((await cache.getOrFetch('acct-1', 'person:42', fetcher)).from).toBe('cache');
    vi.advanceTimersByTime(1);
    expect((await cache.getOrFetch('acct-1', 'person:42', fetcher)).from).toBe('fetch');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('per-call TTLs (from settings) override the defaults', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const hit = await cache.getOrFetch('a', 'k1', async () => live([]), { ttlMs: 2 * HOUR });
    const miss = await cache.getOrFetch('a', 'k2', async () => failure('not-found'), { notFoundTtlMs: HOUR });
    expect(hit).toMatchObject({ entry: { expiresAt: T0 + 2 * HOUR } });
    expect(miss).toMatchObject({ entry: { expiresAt: T0 + HOUR, value: null } });
  });

  it('a custom classifier can call an empty search a not-found', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const classify = (r: Result): Classified<string[]> =>
      !r.ok
        ? { cache: 'skip', reason: 'error' }
        : r.data.people.length
          ? { cache: 'hit', value: r.data.people }
          : { cache: 'not-found', value: [] };
    const out = await cache.getOrFetch('a', 'search:q=nobody', async () => live([]), { classify });
    expect(out).toMatchObject({ from: 'fetch', entry: { kind: 'not-found', value: [], expiresAt: T0 + 6 * HOUR } });
  });

  it('samples are never cached: the next ask fetches again', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = vi.fn(async () => sample());
    const first = await cache.getOrFetch('acct-free', 'search:q=ada', fetcher);
    expect(first).toMatchObject({ from: 'fetch', entry: null, result: { sample: { notice: expect.stringMatching(/^NOT REAL DATA/) } } });
    await cache.getOrFetch('acct-free', 'search:q=ada', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('refuses a sample-flagged value even when a careless classifier says hit', async () => {
    const store = memoryKvStore();
    const cache = new ResponseCache({ store });
    const body = { sample: true, notice: 'NOT REAL DATA …', data: [], meta: { creditsCharged: 0, sample: true } };
    const out = await cache.getOrFetch('a', 'k', async () => body, { classify: (r) => ({ cache: 'hit', value: r }) });
    expect(out).toMatchObject({ from: 'fetch', entry: null });
    expect(await store.getMany('cache:')).toEqual({});
  });

  it.each(['unauthorized', 'payment-required', 'rate-limited', 'server', 'network'])('a %s error is not cached', async (kind) => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = vi.fn(async () => failure(kind));
    await cache.getOrFetch('a', 'k', fetcher);
    await cache.getOrFetch('a', 'k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('a thrown fetcher rejects every sharer and leaves nothing behind', async () => {
    const store = memoryKvStore();
    const cache = new ResponseCache({ store });
    const fetcher = vi.fn(async () => {
      await delay(100);
      throw new Error('boom');
    });
    const calls = [cache.getOrFetch('a', 'k', fetcher), cache.getOrFetch('a', 'k', fetcher)];
    for (const c of calls) void c.catch(() => {});
    await vi.advanceTimersByTimeAsync(200);
    for (const c of calls) await expect(c).rejects.toThrow('boom');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect([...store.data.keys()]).toEqual([]);
  });

  it('a storage failure on write still returns the fetched answer', async () => {
    const store = memoryKvStore();
    const onError = vi.fn();
    store.set = async (key: string, value: unknown) => {
      if (key.startsWith('cache:')) throw new Error('QUOTA_BYTES quota exceeded');
      store.data.set(key, value);
    };
    const cache = new ResponseCache({ store, onError });
    const out = await cache.getOrFetch('a', 'k', async () => live(['Ada']));
    expect(out).toMatchObject({ from: 'fetch', entry: null, result: { ok: true } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('QUOTA') }));
  });
});

/** The worker's clear (lib/storage/clear-runner.ts) over this cache's store: an event, for some accounts. */
const clearer = (store: KvStore, cache: ResponseCache) => (event: ClearEvent, accounts: ClearAccounts) =>
  createClearRunner({
    stores: { idb: store, local: memoryKvStore(), session: memoryKvStore() },
    forget: { cache: (a) => cache.forget(a) },
  })([event], accounts);

describe('accounts', () => {
  it('entries are isolated per account', async () => {
    const cache = new ResponseCache({ store: memoryKvStore() });
    const fetcher = vi.fn(async () => live(['Ada']));
    await cache.getOrFetch('acct-1', 'search:q=ada', fetcher);
    await cache.getOrFetch('acct-2', 'search:q=ada', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('an account change drops that account only, and ids that look like prefixes stay apart', async () => {
    const store = memoryKvStore();
    const cache = new ResponseCache({ store });
    for (const a of ['a', 'a:b', 'ab']) await cache.set(a, 'k', { who: a });
    await clearer(store, cache)('account-change', ['a']);
    expect(await cache.get('a', 'k')).toBeUndefined();
    expect(await cache.get('a:b', 'k')).toMatchObject({ value: { who: 'a:b' } });
    expect(await cache.get('ab', 'k')).toMatchObject({ value: { who: 'ab' } });
  });

  it.each<[ClearEvent, ClearAccounts]>([
    ['account-change', ['a']],
    ['cache-clear', 'all'],
  ])('a fetch in flight during a clear (%s) does not write its answer afterwards', async (event, accounts) => {
    const store = memoryKvStore();
    const cache = new ResponseCache({ store });
    const p = cache.getOrFetch('a', 'k', slowFetcher(live(['old key answer'])));
    await vi.advanceTimersByTimeAsync(100);
    await clearer(store, cache)(event, accounts);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await p).toMatchObject({ from: 'fetch', entry: null });
    expect(await cache.get('a', 'k')).toBeUndefined();
  });

  it('"Clear cache" empties every account\'s entries, nothing else', async () => {
    const store = memoryKvStore({ 'ledger:keep': 1 });
    const cache = new ResponseCache({ store });
    await cache.set('a', 'k', 1);
    await cache.set('b', 'k', 2);
    await clearer(store, cache)('cache-clear', 'all');
    expect([...store.data.keys()]).toEqual(['ledger:keep']);
  });
});

describe('bounded size', () => {
  it('evicts the oldest entries beyond maxEntries', async () => {
    const store = memoryKvStore();
    const cache = new ResponseCache({ store, maxEntries: 3 });
    for (const k of ['k1', 'k2', 'k3', 'k4', 'k5']) {
      await cache.set('a', k, k);
      vi.advanceTimersByTime(1_000);
    }
    expect(Object.keys(await store.getMany('cache:')).sort()).toEqual(['cache:a:k3', 'cache:a:k4', 'cache:a:k5']);
  });

  it('counts entries already in the store from an earlier run', async () => {
    const store = memoryKvStore();
    const first = new ResponseCache({ store, maxEntries: 2 });
    await first.set('a', 'old', 1);
    vi.advanceTimersByTime(1_000);
    await first.set('a', 'mid', 2);
    const second = new ResponseCache({ store, maxEntries: 2 });
    vi.advanceTimersByTime(1_000);
    await second.set('a', 'new', 3);
    expect(Object.keys(await store.getMany('cache:')).sort()).toEqual(['cache:a:mid', 'cache:a:new']);
  });
});

describe('markers earlier builds left', () => {
  it('are removed at start; entries stay', async () => {
    const store = memoryKvStore({ 'inflight:a:k': { startedAt: T0, owner: 'dead-worker' }, 'cache:a:k': { value: 1 } });
    const cache = new ResponseCache({ store });
    expect(await cache.dropLeftoverMarkers()).toBe(1);
    expect([...store.data.keys()]).toEqual(['cache:a:k']);
  });
});

describe('helpers', () => {
  it.each([
    [
      { ok: true, data: 1, sample: null },
      { cache: 'hit', value: 1 },
    ],
    [
      { ok: true, data: 1, sample: { notice: 'NOT REAL DATA' } },
      { cache: 'skip', reason: 'sample' },
    ],
    [
      { ok: false, error: { kind: 'not-found' } },
      { cache: 'not-found', value: null },
    ],
    [
      { ok: false, error: { kind: 'server' } },
      { cache: 'skip', reason: 'error' },
    ],
  ] as const)('classifyApiResult(%j) → %j', (result, expected) => {
    expect(classifyApiResult(result)).toEqual(expected);
  });

  it.each([
    [{ sample: true }, true],
    [{ sample: { notice: 'x' } }, true],
    [{ meta: { sample: true } }, true],
    [{ notice: 'NOT REAL DATA: your balance…' }, true],
    [{ sample: false, meta: { sample: false } }, false],
    [{ sample: null, data: [] }, false],
    [[], false],
    [null, false],
    ['NOT REAL DATA', false],
  ])('looksLikeSample(%j) → %s', (value, expected) => {
    expect(looksLikeSample(value)).toBe(expected);
  });
});
