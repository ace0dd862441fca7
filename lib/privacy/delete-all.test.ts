import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { browserKvStore, type KvStore } from '@/lib/storage/kv-store';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { openLeadDb } from '@/lib/leads/lead-db';
import { LeadStore } from '@/lib/leads/lead-store';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { indexedDbSecretStore } from '@/lib/settings/secret-store';
import { INDEXED_DATABASES, STORAGE_FAMILIES, WELCOME_PENDING_KEY } from '@/lib/storage/keys';
import { ALL_DATA_BEING_DELETED } from '@/lib/messages/texts';
import { createWorker } from '@/lib/worker/create-worker';
import { createEmulator } from '@/tests/emulator';
import { EXTENSION_PAGE, TEST_BASE_URL, TEST_IDENTITY } from '@/tests/support/test-worker';
import { deleteAllData, deleteDatabase, openWelcomeIfPending, registeredAreas } from './delete-all';

const storageArea = (name: string) => (fakeBrowser.storage as unknown as Record<string, Browser.storage.StorageArea | undefined>)[name];

/** One key of every registered family, in its area or the records database (a prefix family gets a key under its prefix). */
async function seedEveryFamily(records: KvStore): Promise<number> {
  let seeded = 0;
  for (const f of Object.values(STORAGE_FAMILIES)) {
    const key = 'keys' in f ? f.keys[0] : `${f.prefix}seeded`;
    if (f.area === 'idb') await records.set(key, { seeded: true });
    else await storageArea(f.area)!.set({ [key]: { seeded: true } });
    seeded++;
  }
  // A key nobody registered goes too: areas are cleared whole.
  await fakeBrowser.storage.local.set({ 'unregistered-key': 1 });
  return seeded;
}

async function everythingLeft(factory: IDBFactory) {
  const areas = Object.fromEntries(await Promise.all(registeredAreas().map(async (a) => [a, await storageArea(a)?.get(null)] as const)));
  return { areas, databases: (await factory.databases()).map((d) => d.name), alarms: await fakeBrowser.alarms.getAll() };
}

describe('Delete all data', () => {
  beforeEach(() => fakeBrowser.reset());

  it('leaves no key in any storage area, no database and no alarm; only the welcome marker, which the restart consumes', async () => {
    const factory = new IDBFactory();
    const emulator = createEmulator();
    const leads = new LeadStore(openLeadDb({ indexedDB: factory, IDBKeyRange }));
    // The worker's records database, as the background opens it (two connections, open until deletion).
    const records = idbKvStore({ indexedDB: factory, IDBKeyRange });
    const worker = createWorker({
      leads,
      fetch: (input, init) => emulator.fetch(input, init),
      local: records,
      // The real secret store: its connection stays open, as the background's does, until the deletion asks it to close.
      apiKey: createApiKeyStore({ secrets: indexedDbSecretStore(factory) }),
      identity: TEST_IDENTITY,
      alarms: fakeBrowser.alarms,
      deleteAll: () =>
        deleteAllData({
          area: storageArea,
          local: fakeBrowser.storage.local,
          indexedDB: factory,
          alarms: fakeBrowser.alarms,
          close: [() => leads.db.close({ disableAutoOpen: true }), () => records.close()],
        }),
    });
    await worker.start();
    expect((await worker.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: TEST_BASE_URL }, EXTENSION_PAGE)).ok).toBe(true);
    await leads.db.costs.add({ personId: 'p1', accountId: 'acc', at: 1, credits: 10, estimated: false, what: 'reveal' });
    expect(await seedEveryFamily(records)).toBe(Object.keys(STORAGE_FAMILIES).length);
    await fakeBrowser.alarms.create('some-wake-up', { delayInMinutes: 5 });
    // Another page's connection to the leads database (the Leads page): Dexie closes it on versionchange.
    const otherPage = openLeadDb({ indexedDB: factory, IDBKeyRange });
    await otherPage.open();

    const before = await everythingLeft(factory);
    expect(before.databases.sort()).toEqual(
      Object.values(INDEXED_DATABASES)
        .map((d) => d.name)
        .sort(),
    );

    await worker.handlers.deleteAllData(undefined, EXTENSION_PAGE);
    // Until the restart, nothing is served (a lookup now would write the records database again) …
    await expect(worker.handlers.getAccount(undefined, EXTENSION_PAGE)).rejects.toThrow(ALL_DATA_BEING_DELETED);
    // … and the records database stays closed: a late write from work already under way cannot recreate it.
    await expect(records.set('cache:late', 1)).rejects.toThrow();

    expect(await everythingLeft(factory)).toEqual({
      areas: Object.fromEntries(registeredAreas().map((a) => [a, a === 'local' ? { [WELCOME_PENDING_KEY]: true } : {}])),
      databases: [],
      alarms: [],
    });
    // The restarted background: the welcome page once, and storage.local empty again.
    const openWelcome = vi.fn();
    expect(await openWelcomeIfPending(fakeBrowser.storage.local, openWelcome)).toBe(true);
    expect(await openWelcomeIfPending(fakeBrowser.storage.local, openWelcome)).toBe(false);
    expect(openWelcome).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    worker.stop();
  });

  it('a welcome page that could not be opened stays pending for the next try', async () => {
    await fakeBrowser.storage.local.set({ [WELCOME_PENDING_KEY]: true });
    const refused = vi.fn(() => Promise.reject(new Error('No SW')));
    await expect(openWelcomeIfPending(fakeBrowser.storage.local, refused)).rejects.toThrow('No SW');
    const opened = vi.fn(async () => undefined);
    expect(await openWelcomeIfPending(fakeBrowser.storage.local, opened)).toBe(true);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('is refused to a content script, even past the router', async () => {
    const deleteAll = vi.fn(async () => {});
    const worker = createWorker({
      leads: new LeadStore(openLeadDb({ indexedDB: new IDBFactory(), IDBKeyRange })),
      fetch: () => Promise.reject(new Error('no network')),
      local: browserKvStore(fakeBrowser.storage.local),
      apiKey: createApiKeyStore({ secrets: indexedDbSecretStore(new IDBFactory()) }),
      identity: TEST_IDENTITY,
      deleteAll,
    });
    await expect(worker.handlers.deleteAllData(undefined, { kind: 'content-script', tabId: 1, topFrame: true })).rejects.toThrow(
      /extension page/,
    );
    expect(deleteAll).not.toHaveBeenCalled();
    worker.stop();
  });

  it('gives up on a database another page keeps open (it never closes on versionchange), naming it', async () => {
    const factory = new IDBFactory();
    const stubborn = await new Promise<IDBDatabase>((resolve) => {
      const req = factory.open('crypto-directory-leads', 1);
      req.onsuccess = () => resolve(req.result);
    });
    stubborn.onversionchange = () => {}; // does not close
    await expect(deleteDatabase(factory, 'crypto-directory-leads', 20)).rejects.toThrow(/crypto-directory-leads is still open/);
    stubborn.close();
  });
});
