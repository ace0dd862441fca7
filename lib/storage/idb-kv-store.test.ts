import { describe, expect, it, vi } from 'vitest';
import { testRecords } from '@/tests/support/test-records';
import { accountKey, JOURNAL_PREFIX, ledgerKey, revealKey } from './keys';

describe('idbKvStore: a write is done when it is on disk for money, when handed to the OS for the rest', () => {
  it.each([
    ['a journal entry (written before a paid request leaves)', `${JOURNAL_PREFIX}j1`, 'strict'],
    ['a ledger entry', ledgerKey('2026-11-26', 5, 'z'), 'strict'],
    ['an unknown-outcome mark', accountKey('unknown', 'a', '/v1/search?q=ada'), 'strict'],
    ['a reveal', revealKey('a', 'per_1'), 'strict'],
    ['a cache entry', accountKey('cache', 'a', 'search:ada'), 'relaxed'],
    ['a known record', accountKey('known', 'a', 'x:ada'), 'relaxed'],
    ['the account', 'account', 'relaxed'],
  ])('%s: %s', async (_label, key, durability) => {
    // Spied before the store opens its connections (Dexie binds the method when it opens one).
    const open = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const writes = () => open.mock.calls.filter(([, mode]) => mode === 'readwrite').map(([, , options]) => options?.durability);
    const store = testRecords().store();
    await store.set(key, { n: 1 });
    expect(writes()).toEqual([durability]);
    await store.remove([key]);
    expect(writes()).toEqual([durability, durability]);
    expect(await store.get(key)).toBeUndefined();
  });
});
