import { describe, expect, it } from 'vitest';
import { Dexie, type Transaction } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Ledger } from '@/lib/credits/ledger';
import { RevealStore } from '@/lib/credits/reveals';
import { SpendJournal } from '@/lib/credits/spend-journal';
import { idbKvStore, openRecordsDb } from './idb-kv-store';
import { keyOfStoredRow, moveKvToTables, RECORDS_DB_VERSIONS, routeKey, rowOf, valueOfRow, type KvRow } from './records-tables';
// Recorded from v1 (commit d08d4dc: one `kv` table) by running the worker against the emulator: two
// accounts' lookups and reveals, a fund's details, a not-found, eight ledger rows, a journal entry left
// open by a killed worker, and the small families that stay in `kv` (pick, correction, unknown count,
// a leftover in-flight marker, today's raise, the move mark).
import recorded from './fixtures/records-v1.json';

const V1 = recorded as KvRow[];
const byKey = Object.fromEntries(V1.map((r) => [r.key, r.value]));

/** A fresh fake IndexedDB holding the recorded v1 database, as a user upgrading from v1 has it. */
async function v1Database() {
  const options = { indexedDB: new IDBFactory(), IDBKeyRange };
  const v1 = new Dexie('crypto-directory-records', options);
  v1.version(1).stores(RECORDS_DB_VERSIONS[1]);
  await v1.table('kv').bulkPut(V1);
  v1.close();
  return options;
}

/** Every row of every table of `db`, as the keys and values the stores wrote. */
async function everything(db: Dexie): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of db.tables) {
    const name = table.name as keyof (typeof RECORDS_DB_VERSIONS)[2];
    for (const row of (await table.toArray()) as object[]) {
      const key = keyOfStoredRow(name, row);
      expect(out, `${key} twice`).not.toHaveProperty(key);
      out[key] = valueOfRow(name, row);
    }
  }
  return out;
}

describe('the records database: typed tables', () => {
  it.each([
    ['cache:acc_pro:search:adaquant', 'cache', ['acc_pro', 'search:adaquant']],
    ['cache:acc_pro:investor:meridian-ventures', 'cache', ['acc_pro', 'investor:meridian-ventures']],
    ['cache:a%3Ab:search:x', 'cache', ['a:b', 'search:x']],
    ['known:acc_pro:p:per_anchor_ada', 'known', ['acc_pro', 'p:per_anchor_ada']],
    ['reveal:acc_team:per_anchor_ada', 'reveals', ['acc_team', 'per_anchor_ada']],
    ['reveal:acc_pro:per%2Fodd%3Aid', 'reveals', ['acc_pro', 'per/odd:id']],
    ['ledger:2026-11-28:1795832570664:z5y7ud0', 'ledger', '2026-11-28:1795832570664:z5y7ud0'],
    ['journal:j-restart-1', 'journal', 'j-restart-1'],
    ['pick:acc_pro:x:ada_quant', 'kv', 'pick:acc_pro:x:ada_quant'],
    ['unknown:acc_pro:/v1/search?q=lost', 'kv', 'unknown:acc_pro:/v1/search?q=lost'],
    ['account', 'kv', 'account'],
    // A per-account key without its account part is no record of a table: it stays a plain key.
    ['cache:', 'kv', 'cache:'],
  ] as const)('%s lives in %s under %j, and its row names it again', (key, table, pk) => {
    expect(routeKey(key)).toEqual({ table, pk });
    const value = { at: 1, accountId: 'acc_pro', personId: 'x' };
    const stored = rowOf(key, value);
    expect(stored.table).toBe(table);
    expect(keyOfStoredRow(stored.table, stored.row)).toBe(key);
  });

  it('v1 → v2 moves every recorded row to its table once: nothing lost, nothing doubled, the rest left in kv', async () => {
    const options = await v1Database();
    const db = openRecordsDb(options);
    expect(await everything(db)).toEqual(byKey);
    const count = (prefix: string) => V1.filter((r) => r.key.startsWith(prefix)).length;
    expect(await db.cache.count()).toBe(count('cache:'));
    expect(await db.known.count()).toBe(count('known:'));
    expect(await db.reveals.count()).toBe(2);
    expect(await db.ledger.count()).toBe(8);
    expect(await db.journal.count()).toBe(1);
    expect((await db.kv.toCollection().primaryKeys()).sort()).toEqual([
      'account',
      'credits:raise',
      'inflight:acc_pro:search:lost',
      'moved-from-local',
      'notthem:acc_pro:x:ada_quant',
      'pick:acc_pro:x:ada_quant',
      'unknown:acc_pro:/v1/search?q=lost',
    ]);
    // Rows are the records, queryable by their fields: one account's reveals, by the page's own read.
    expect(
      (await db.reveals.where('[accountId+personId]').between(['acc_team', Dexie.minKey], ['acc_team', Dexie.maxKey]).toArray()).map(
        (r) => r.personId,
      ),
    ).toEqual(['per_anchor_ada']);
    db.close();
  });

  it('the stores read the migrated database as they read v1: the ledger, the open journal entry, both accounts’ reveals', async () => {
    const store = idbKvStore(await v1Database());
    const ledger = new Ledger({ store, now: () => 1795832570664 });
    await ledger.load();
    const recordedCredits = V1.filter((r) => r.key.startsWith('ledger:')).reduce(
      (sum, r) => sum + (r.value as { creditsCharged: number }).creditsCharged,
      0,
    );
    expect(ledger.spentOnSync('2026-11-28')).toBe(recordedCredits);
    expect((await new SpendJournal(store).pending()).map((e) => e.id)).toEqual(['j-restart-1']);
    expect((await new RevealStore(store).all()).map((r) => r.accountId).sort()).toEqual(['acc_pro', 'acc_team']);
    expect(await store.get('pick:acc_pro:x:ada_quant')).toEqual({ personId: 'per_anchor_ada' });
    store.close();
  });

  it('a move cut short (a table write fails half-way) leaves v1 as it was; the next open moves everything once', async () => {
    const options = await v1Database();
    const dying = new Dexie('crypto-directory-records', options);
    dying.version(1).stores(RECORDS_DB_VERSIONS[1]);
    // Cache and known records move, then the reveals' write fails: the upgrade transaction aborts.
    dying
      .version(2)
      .stores(RECORDS_DB_VERSIONS[2])
      .upgrade((tx) =>
        moveKvToTables(
          new Proxy(tx, {
            get: (t, prop) =>
              prop === 'table'
                ? (name: string) => (name === 'reveals' ? { bulkPut: () => Promise.reject(new Error('browser closed')) } : t.table(name))
                : Reflect.get(t, prop),
          }) as Transaction,
        ),
      );
    await expect(dying.open()).rejects.toThrow();
    dying.close();

    const still = new Dexie('crypto-directory-records', options);
    still.version(1).stores(RECORDS_DB_VERSIONS[1]);
    await still.open();
    expect(still.verno).toBe(1);
    expect(await still.table('kv').count()).toBe(V1.length);
    still.close();

    const db = openRecordsDb(options);
    expect(await everything(db)).toEqual(byKey);
    db.close();
    // Opened again (the next start): already v2, nothing moves twice.
    const again = openRecordsDb(options);
    expect(await everything(again)).toEqual(byKey);
    await again.transaction('rw', again.tables, (tx) => moveKvToTables(tx));
    expect(await everything(again)).toEqual(byKey);
    again.close();
  });
});
