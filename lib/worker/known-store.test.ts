import { describe, expect, it } from 'vitest';
import { createClearRunner } from '@/lib/storage/clear-runner';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { knownWords } from '@/lib/lookup/known-records';
import { KnownStore } from './known-store';

const HOUR = 3_600_000;
const row = (id: string, handle: string) => ({ id, firstName: 'P', lastName: id, twitterHandle: handle, company: null });
const search = (...people: ReturnType<typeof row>[]) => ({ q: 'q', people, projects: [] });
const x = (handle: string) => ({ site: 'x' as const, handle, key: `x:${handle}`, url: '' });

function setup(opts: { ttlHours?: number; maxEntries?: number } = {}) {
  let now = 1_000;
  let ttlHours = opts.ttlHours ?? 24;
  const store = memoryKvStore();
  const known = new KnownStore({
    store,
    now: () => now,
    ttlMs: () => ttlHours * HOUR,
    ...(opts.maxEntries ? { maxEntries: opts.maxEntries } : {}),
  });
  return {
    known,
    store,
    advance: (ms: number) => (now += ms),
    setTtl: (h: number) => (ttlHours = h),
  };
}

/** Known now, stored now: `remember` and its write at once. */
const learn = async (known: KnownStore, ...args: Parameters<KnownStore['remember']>) => (await known.remember(...args))();

describe('KnownStore', () => {
  it('remember: the records are known at once; they are stored when the returned write runs (after the paint)', async () => {
    const t = setup();
    const store = await t.known.remember('acc', 'search:q', search(row('p1', 'one')));
    expect(await t.known.match('acc', x('one'), {})).not.toBeNull();
    expect(await t.store.getMany('known:')).toEqual({});
    await store();
    expect(Object.keys(await t.store.getMany('known:'))).toHaveLength(1);
  });

  it.each([
    ['within the lifetime', 23, 24, true],
    ['past the lifetime', 25, 24, false],
    ['within the lifetime it was stored with, but past a shortened setting', 3, 2, false],
  ])('%s', async (_label, hoursLater, ttlNow, found) => {
    const t = setup();
    await learn(t.known, 'acc', 'search:q', search(row('p1', 'one')));
    t.advance(hoursLater * HOUR);
    t.setTtl(ttlNow);
    expect((await t.known.match('acc', x('one'), {})) !== null).toBe(found);
  });

  it('learns nothing while the cache lifetime is zero', async () => {
    const t = setup({ ttlHours: 0 });
    await learn(t.known, 'acc', 'search:q', search(row('p1', 'one')));
    expect(t.store.data.size).toBe(0);
  });

  it('is bounded: the oldest records leave first, in storage too', async () => {
    const t = setup({ maxEntries: 2 });
    await learn(t.known, 'acc', 'search:a', search(row('p1', 'one')));
    t.advance(1);
    await learn(t.known, 'acc', 'search:b', search(row('p2', 'two'), row('p3', 'three')));
    expect(await t.known.match('acc', x('one'), {})).toBeNull();
    expect(await t.known.match('acc', x('three'), {})).not.toBeNull();
    expect([...t.store.data.keys()].sort()).toEqual(['known:acc:p:p2', 'known:acc:p:p3']);
  });

  it('is per account, survives a restart, and clears per account', async () => {
    const t = setup();
    await learn(t.known, 'acc', 'search:a', search(row('p1', 'one')));
    expect(await t.known.match('other', x('one'), {})).toBeNull();
    const restarted = new KnownStore({ store: t.store, now: () => 2_000, ttlMs: () => 24 * HOUR });
    expect(await restarted.match('acc', x('one'), {})).not.toBeNull();
    await createClearRunner({
      stores: { idb: t.store, local: memoryKvStore(), session: memoryKvStore() },
      forget: { known: (a) => restarted.forget(a) },
    })(['account-change'], ['acc']);
    expect(await restarted.match('acc', x('one'), {})).toBeNull();
    expect(t.store.data.size).toBe(0);
  });

  it.each([
    ['the automatic lookup of an X profile', { how: 'looked-up', site: 'x' } as const, 'looked up on X'],
    ['the rep’s search', { how: 'searched', q: 'one' } as const, 'from your search for “one”'],
    ['a caller that does not say', undefined, 'from a lookup of “q”'],
  ])('how a search became known (%s) is kept with the record, across a restart', async (_label, asked, words) => {
    const t = setup();
    await learn(t.known, 'acc', 'search:q', search(row('p1', 'one')), asked);
    const restarted = new KnownStore({ store: t.store, now: () => 2_000, ttlMs: () => 24 * HOUR });
    const hit = await restarted.match('acc', x('one'), {});
    expect(hit && knownWords(hit.source)).toBe(words);
    expect(hit?.source.at).toBe(1_000);
  });

  it('a row stored before `how` was kept is read as it was, and its search is not said to be the rep’s', async () => {
    const t = setup();
    const source = { label: 'a search for “one”', at: 500 };
    await t.store.set('known:acc:p:p1', { kind: 'person', record: row('p1', 'one'), source, storedAt: 500, expiresAt: 10 * HOUR });
    const hit = await t.known.match('acc', x('one'), {});
    expect(hit?.source).toEqual(source);
    expect(knownWords(hit!.source)).toBe('from a lookup of “one”');
    expect(await t.known.sources('acc')).toEqual(new Map([['p:p1', 'from a lookup of “one”']]));
  });
});
