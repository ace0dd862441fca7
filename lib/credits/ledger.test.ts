import { describe, expect, it } from 'vitest';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { Ledger, ledgerCsv, type LedgerEntry } from './ledger';

const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const DAY = 86_400_000;

function entry(at: number, creditsCharged = 5, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    at,
    accountId: 'acct-1',
    endpoint: 'search',
    path: '/v1/search?q=ada',
    creditsCharged,
    balanceAfter: 95,
    sample: false,
    ...extra,
  };
}

describe('Ledger', () => {
  it('survives re-instantiation over the same store (worker restart): spent-today is recomputed', async () => {
    const store = memoryKvStore();
    let now = local(2025, 1, 15, 9);
    const before = new Ledger({ store, now: () => now });
    await before.load();
    await before.append(entry(now, 5));
    await before.append(entry(now + 1, 10, { endpoint: 'reveal' }));
    await before.append(entry(now + 2, 0, { sample: true }));

    now += 3_600_000;
    const after = new Ledger({ store, now: () => now });
    await after.load();
    expect(after.spentOnSync('2025-01-15')).toBe(15);
    expect(await after.entries()).toHaveLength(3);
    expect((await after.entries()).map((e) => e.creditsCharged)).toEqual([5, 10, 0]);
  });

  it('lastDays gives zero-filled daily totals, oldest first, across a month end', async () => {
    const now = local(2025, 3, 2);
    const ledger = new Ledger({ store: memoryKvStore(), now: () => now });
    await ledger.load();
    await ledger.append(entry(local(2025, 2, 28, 23, 59), 5));
    await ledger.append(entry(local(2025, 3, 1, 0, 0), 10));
    await ledger.append(entry(local(2025, 3, 2, 8), 5));
    await ledger.append(entry(local(2025, 3, 2, 9), 5));
    expect(await ledger.lastDays(4)).toEqual([
      { day: '2025-02-27', credits: 0, calls: 0 },
      { day: '2025-02-28', credits: 5, calls: 1 },
      { day: '2025-03-01', credits: 10, calls: 1 },
      { day: '2025-03-02', credits: 10, calls: 2 },
    ]);
    expect(await ledger.lastDays()).toHaveLength(30);
  });

  it('prunes entries older than ~90 days on load', async () => {
    const now = local(2025, 6, 1);
    const store = memoryKvStore();
    const writer = new Ledger({ store, now: () => now - 200 * DAY, retentionDays: 10_000 });
    await writer.load();
    await writer.append(entry(now - 120 * DAY, 5));
    await writer.append(entry(now - 89 * DAY, 5));
    await writer.append(entry(now, 5));

    const ledger = new Ledger({ store, now: () => now });
    expect((await ledger.entries()).map((e) => e.at)).toEqual([now - 89 * DAY, now]);
    expect(Object.keys(await store.getMany('ledger:'))).toHaveLength(2);
  });

  it('filters entries by account and writes undefined-free entries', async () => {
    const store = memoryKvStore();
    const ledger = new Ledger({ store });
    await ledger.load();
    await ledger.append(entry(Date.now(), 5, { accountId: 'a', tabId: undefined }));
    await ledger.append(entry(Date.now(), 5, { accountId: 'b', tabId: 7, profileKey: 'x:ada' }));
    expect((await ledger.entries({ accountId: 'b' })).map((e) => e.tabId)).toEqual([7]);
    const stored = [...store.data.values()] as LedgerEntry[];
    expect(stored).toHaveLength(2);
    expect(stored.filter((e) => 'tabId' in e)).toEqual([expect.objectContaining({ tabId: 7 })]);
  });

  it('ignores malformed stored entries', async () => {
    const store = memoryKvStore({ 'ledger:2025-01-15:x': { junk: true }, 'ledger:2025-01-15:y': null });
    const ledger = new Ledger({ store, now: () => local(2025, 1, 15) });
    expect(await ledger.entries()).toEqual([]);
  });

  it('exports CSV with a header and escaped fields', async () => {
    const at = Date.UTC(2025, 0, 15, 10, 0, 0);
    const ledger = new Ledger({ store: memoryKvStore(), now: () => at });
    await ledger.load();
    await ledger.append(entry(at, 5, { path: '/v1/search?q=quant, ada', tabId: 3, profileKey: '=cmd()' }));
    await ledger.append(
      entry(at + 1, 10, { endpoint: 'reveal', path: '/v1/people/p1?include=private', estimated: true, balanceAfter: null }),
    );
    const lines = ledgerCsv(await ledger.entries()).split('\r\n');
    // A spreadsheet output (lib/text/cells.ts): UTF-8 with a byte order mark, formula-like cells guarded.
    expect(lines[0]).toBe('\uFEFFat,day,accountId,endpoint,path,creditsCharged,balanceAfter,sample,estimated,note,tabId,profileKey');
    expect(lines[1]).toMatch(
      /^2025-01-15T10:00:00\.000Z,\d{4}-\d\d-\d\d,acct-1,search,"\/v1\/search\?q=quant, ada",5,95,false,false,,3,'=cmd\(\)$/,
    );
    expect(lines[2]).toMatch(/,reveal,\/v1\/people\/p1\?include=private,10,,false,true,may have been charged,,$/);
    expect(lines[3]).toBe('');
  });
});
