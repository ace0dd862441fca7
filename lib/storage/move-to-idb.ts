/*
 * Earlier versions kept the `idb` families (./keys.ts) in storage.local, which Firefox's content scripts
 * can read. At start the background moves them into the records database (./idb-kv-store.ts) before the
 * worker reads anything: copy, then remove.
 *
 * Safe to repeat at any point (a worker killed in between just does it again at its next start): a key
 * the database already has is not copied again (the database's value is the newer one: only it is
 * written once a key was moved), and storage.local loses a key only after the copy's transaction
 * completed. Keys are unique per record (a ledger entry, a journal entry, an unknown-outcome count per
 * path), so a repeated move can neither lose a money record nor count one twice.
 *
 * Once: the copy's transaction also writes a mark (`STORAGE_FAMILIES.movedFromLocal`), and from then on
 * what storage.local holds of these families is removed unread. Only an earlier version wrote them there;
 * after the move, only something else can have (a content script on Firefox can write storage.local),
 * and a planted "+50 today", ledger or journal entry must never become the worker's record.
 */
import type { StorageAreaLike } from './kv-store';
import type { RecordsDb } from './idb-kv-store';
import { STORAGE_FAMILIES, storageFamilyOf } from './keys';
import { routeKey, rowOf } from './records-tables';

const MOVED_KEY = STORAGE_FAMILIES.movedFromLocal.keys[0];

/**
 * Moves every storage.local key of an `idb` family into `db` (the first time; later, removes them unread);
 * resolves with how many keys were copied. Each lands in its table (./records-tables.ts).
 */
export async function moveToIdb(local: StorageAreaLike, db: RecordsDb, now: () => number = Date.now): Promise<number> {
  const all = await local.get(null);
  const moving = Object.keys(all).filter((key) => key !== MOVED_KEY && storageFamilyOf('idb', key) !== null);
  const copied = await db.transaction('rw', db.tables, async () => {
    if (await db.kv.get(MOVED_KEY)) return 0;
    let count = 0;
    for (const key of moving) {
      const at = routeKey(key);
      if (all[key] === undefined || (await db.table(at.table).get(at.pk)) !== undefined) continue;
      const { table, row } = rowOf(key, all[key]);
      await db.table(table).add(row);
      count++;
    }
    await db.kv.add({ key: MOVED_KEY, value: { at: now() } });
    return count;
  });
  if (moving.length > 0) await local.remove(moving);
  return copied;
}
