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
 */
import type { StorageAreaLike } from '@/lib/cache/kv-store';
import type { RecordsDb } from './idb-kv-store';
import { storageFamilyOf } from './keys';

/** Moves every storage.local key of an `idb` family into `db`; resolves with how many keys left storage.local. */
export async function moveToIdb(local: StorageAreaLike, db: RecordsDb): Promise<number> {
  const all = await local.get(null);
  const moving = Object.keys(all).filter((key) => storageFamilyOf('idb', key) !== null);
  if (moving.length === 0) return 0;
  await db.transaction('rw', db.kv, async () => {
    const present = new Set(await db.kv.where('key').anyOf(moving).primaryKeys());
    await db.kv.bulkAdd(moving.filter((key) => !present.has(key) && all[key] !== undefined).map((key) => ({ key, value: all[key] })));
  });
  await local.remove(moving);
  return moving.length;
}
