import { describe, expect, it } from 'vitest';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { createClearRunner, type ClearAccounts, type ForgetFamily } from './clear-runner';
import { CLEAR_EVENTS, keysOfFamily, STORAGE_FAMILIES, type ClearEvent, type StorageFamily, type StorageFamilyName } from './keys';

// Every expectation here is read from the declarations (STORAGE_FAMILIES' `clearOn`, `area`, `perAccount`),
// so a family added or a `clearOn` changed is tested without an edit here.

const FAMILIES = Object.entries(STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;
/** "a:b" starts with the same character as "a": clearing "a" must not reach it. */
const ACCOUNTS = ['a', 'a:b', 'b'];

interface Seeded {
  family: StorageFamilyName;
  area: StorageFamily['area'];
  key: string;
  /** The account a per-account family's key belongs to. */
  account?: string;
}

/** One key of every family (each account's, for a per-account family), in its area's store. */
function seedEveryFamily() {
  const stores = { local: memoryKvStore(), session: memoryKvStore(), idb: memoryKvStore() };
  const seeded: Seeded[] = [];
  for (const [family, f] of FAMILIES) {
    const keys: Array<{ key: string; account?: string }> =
      'keys' in f
        ? f.keys.map((key) => ({ key }))
        : f.perAccount
          ? ACCOUNTS.map((account) => ({ key: `${keysOfFamily(family, [account]).prefixes[0]}k`, account }))
          : [{ key: `${f.prefix}k` }];
    for (const k of keys) {
      stores[f.area].data.set(k.key, { seeded: family });
      seeded.push({ family, area: f.area, ...k });
    }
  }
  return { stores, seeded };
}

const clearsOn = (family: StorageFamilyName, event: ClearEvent) =>
  (STORAGE_FAMILIES[family].clearOn as readonly ClearEvent[]).includes(event);
/** What the declarations say a clear removes: the family clears on the event, and (per account) the key is one of those accounts'. */
const goes = (s: Seeded, events: readonly ClearEvent[], accounts: ClearAccounts) =>
  events.some((e) => clearsOn(s.family, e)) && (s.account === undefined || accounts === 'all' || accounts.includes(s.account));

const SCOPES: ClearAccounts[] = [['a'], 'all', []];

describe('the clear runner carries out clearOn', () => {
  it.each(CLEAR_EVENTS.flatMap((event) => SCOPES.map((accounts) => [event, accounts] as const)))(
    '%s for accounts %j removes exactly what the declarations say, in each area',
    async (event, accounts) => {
      const { stores, seeded } = seedEveryFamily();
      const cleared = await createClearRunner({ stores })([event], accounts);

      const gone = seeded.filter((s) => goes(s, [event], accounts));
      const left = seeded.filter((s) => !goes(s, [event], accounts));
      for (const s of gone) expect(stores[s.area].data.has(s.key), `${s.family} ${s.key} removed`).toBe(false);
      for (const s of left) expect(stores[s.area].data.has(s.key), `${s.family} ${s.key} kept`).toBe(true);
      // The report names each removed key under its family.
      const reported = Object.entries(cleared).flatMap(([family, keys]) => keys.map((key) => `${family} ${key}`));
      expect(reported.sort()).toEqual(gone.map((s) => `${s.family} ${s.key}`).sort());
      // Never a wipe: the user's paid record (reveals, ledger, journal) outlives every event.
      expect(left.length).toBeGreaterThan(0);
      if (accounts === 'all') expect(gone.length).toBeGreaterThan(0);
    },
  );

  it('events together clear the union of what each declares (a removed key is also another account)', async () => {
    const events: ClearEvent[] = ['key-removed', 'account-change'];
    const { stores, seeded } = seedEveryFamily();
    await createClearRunner({ stores })(events, ['a']);
    const left = seeded.filter((s) => stores[s.area].data.has(s.key));
    expect(left).toEqual(seeded.filter((s) => !goes(s, events, ['a'])));
  });

  it.each(CLEAR_EVENTS)('%s: each cleared family’s memory is forgotten once, before its keys go; no other family’s', async (event) => {
    const { stores, seeded } = seedEveryFamily();
    const told: Array<{ family: StorageFamilyName; accounts: ClearAccounts; keysStillThere: boolean }> = [];
    const forget = Object.fromEntries(
      FAMILIES.map(([family, f]): [StorageFamilyName, ForgetFamily] => [
        family,
        (accounts) => {
          const own = seeded.filter((s) => s.family === family);
          told.push({ family, accounts, keysStillThere: own.every((s) => stores[f.area].data.has(s.key)) });
        },
      ]),
    );
    await createClearRunner({ stores, forget })([event], ['a']);
    const cleared = FAMILIES.filter(([family]) => clearsOn(family, event)).map(([family]) => family);
    expect(told).toEqual(cleared.map((family) => ({ family, accounts: ['a'], keysStillThere: true })));
  });

  it('a per-account family is left alone when no account was in use (a first key), its memory too', async () => {
    const { stores, seeded } = seedEveryFamily();
    const told: StorageFamilyName[] = [];
    const forget = Object.fromEntries(FAMILIES.map(([family]) => [family, () => void told.push(family)]));
    await createClearRunner({ stores, forget })(['account-change'], []);
    const perAccount = seeded.filter((s) => s.account !== undefined);
    for (const s of perAccount) expect(stores[s.area].data.has(s.key), s.key).toBe(true);
    expect(told.every((family) => !(STORAGE_FAMILIES[family] as StorageFamily).perAccount)).toBe(true);
    expect(told.length).toBeGreaterThan(0);
  });

  it('a store that fails does not keep the others from being cleared; the failure is thrown after', async () => {
    const { stores, seeded } = seedEveryFamily();
    const broken = { ...stores.idb, remove: () => Promise.reject(new Error('QuotaExceededError')) };
    await expect(createClearRunner({ stores: { ...stores, idb: broken } })(['key-removed'], ['a'])).rejects.toThrow('QuotaExceededError');
    const others = seeded.filter((s) => s.area !== 'idb' && goes(s, ['key-removed'], ['a']));
    expect(others.length).toBeGreaterThan(0);
    for (const s of others) expect(stores[s.area].data.has(s.key), s.key).toBe(false);
  });

  it('lists a family by its keys when the store can, without reading the values (a cache answer is tens of KB)', async () => {
    const { stores } = seedEveryFamily();
    const idb = stores.idb;
    const keysOnly = {
      ...idb,
      getMany: () => Promise.reject(new Error('values read')),
      keys: async (prefix: string) => [...idb.data.keys()].filter((k) => k.startsWith(prefix)),
    };
    const cleared = await createClearRunner({ stores: { ...stores, idb: keysOnly } })(['cache-clear'], 'all');
    expect(cleared.cache?.length).toBe(ACCOUNTS.length);
  });
});
