/*
 * Earlier versions kept the `idb` families in storage.local, which Firefox's content scripts can read: at
 * start, before the worker reads anything, they are copied into the records database, then removed.
 *
 * Safe to repeat (a worker killed in between does it again): a key the database has is not copied again (its
 * value is the newer), storage.local loses a key only after the copy committed, and keys are unique per
 * record, so a repeat can neither lose a money record nor count one twice.
 *
 * Once: the copy also writes `movedFromLocal`, and from then on these families in storage.local are removed
 * unread: only something else can have written them (a Firefox content script), and a planted "+50 today",
 * ledger or journal entry must never become the worker's record.
 */
import type { StorageAreaLike } from './kv-store';
import type { RecordsDb } from './idb-kv-store';
import { STORAGE_FAMILIES, storageFamilyOf } from './keys';
import { routeKey, rowOf } from './records-tables';

const MOVED_KEY = STORAGE_FAMILIES.movedFromLocal.keys[0];

/** Resolves with how many keys were copied. */
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
