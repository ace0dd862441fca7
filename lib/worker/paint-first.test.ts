import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { browserKvStore, type KvStore } from '@/lib/storage/kv-store';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { meterItem, tabStateItem } from '@/lib/tab-state/items';
import { CACHE_PREFIX, JOURNAL_PREFIX, KNOWN_PREFIX, LEDGER_PREFIX, tabStateItemKey } from '@/lib/storage/keys';
import type { TabState } from '@/lib/tab-state/tab-state';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { testLeadStore } from '@/tests/support/test-leads';
import { EXTENSION_PAGE, startTestWorker, TEST_BASE_URL, TEST_IDENTITY } from '@/tests/support/test-worker';
import { createWorker } from './create-worker';

// The card is painted as soon as the answer is safe (the journal entry that stands for its charge and the
// answer itself on disk); the rest, the booking included, follows the paint. A worker killed right after
// the paint must lose neither money nor the answer.

const A = ANCHORS;
const handle = A.founder.twitterHandle;
const url = `https://x.com/${handle}`;
const sessionKey = tabStateItemKey(1).replace(/^session:/, '');

/** storage.local as the worker sees it, until `kill()`: from then on nothing it asks of it lands (or answers). */
function killable(store: KvStore) {
  let dead = false;
  const never = new Promise<never>(() => undefined);
  const live = <T>(op: () => Promise<T>): Promise<T> => (dead ? never : op());
  return {
    store: {
      get: (key) => live(() => store.get(key)),
      getMany: (prefix) => live(() => store.getMany(prefix)),
      set: (key, value) => live(() => store.set(key, value)),
      remove: (keys) => live(() => store.remove(keys)),
    } satisfies KvStore,
    kill: () => void (dead = true),
  };
}

async function stored(prefix: string): Promise<Record<string, unknown>> {
  return browserKvStore(fakeBrowser.storage.local).getMany(prefix);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('paint first, then the bookkeeping', () => {
  it('a worker killed right after the card is painted loses neither the charge (booked once, from its journal entry) nor the paid answer', async () => {
    const emulator = createEmulator();
    const apiKey = createApiKeyStore({ secrets: memorySecretStore() });
    await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
    const deps = {
      fetch: (i: Parameters<typeof emulator.fetch>[0], n?: Parameters<typeof emulator.fetch>[1]) => emulator.fetch(i, n),
      apiKey,
      identity: TEST_IDENTITY,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
    };
    const local = killable(browserKvStore(fakeBrowser.storage.local));
    const leads = testLeadStore();
    const first = createWorker({ ...deps, leads, local: local.store });
    await first.start();
    expect((await first.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: TEST_BASE_URL }, EXTENSION_PAGE)).ok).toBe(true);

    // The panel's view of the tab: the moment it hears "matched", the worker dies.
    let atPaint: { journal: number; ledger: number; cache: number; leadCosts: number } | null = null;
    const painted = new Promise<void>((resolve) =>
      fakeBrowser.storage.session.onChanged.addListener((changes) => {
        const next = changes[sessionKey]?.newValue as TabState | undefined;
        if (next?.status !== 'matched' || atPaint) return;
        local.kill();
        void Promise.all([stored(JOURNAL_PREFIX), stored(LEDGER_PREFIX), stored(CACHE_PREFIX), leads.db.costs.count()]).then(
          ([journal, ledger, cache, leadCosts]) => {
            atPaint = {
              journal: Object.keys(journal).length,
              ledger: Object.keys(ledger).length,
              cache: Object.keys(cache).length,
              leadCosts,
            };
            resolve();
          },
        );
      }),
    );
    void first.handlers.reportProfile(
      { url, profile: parseProfileUrl(url), hints: {} },
      { kind: 'content-script', tabId: 1, topFrame: true },
    );
    await painted;
    first.stop();
    // The journal entry and the answer were on disk before the paint; the booking, and who it paid for (the
    // leads database's cost rows), were left for after it.
    expect(atPaint).toEqual({ journal: 1, ledger: 0, cache: 1, leadCosts: 0 });

    // Chrome starts a new worker over the same storage: the open journal entry is booked at its price, once.
    const second = createWorker({ ...deps, leads: testLeadStore(), local: browserKvStore(fakeBrowser.storage.local) });
    await second.start();
    const spending = await second.handlers.getSpending(undefined, EXTENSION_PAGE);
    expect(spending.entries.map((e) => [e.path, e.creditsCharged, e.estimated ?? false])).toEqual([
      [`/v1/search?q=${handle.toLowerCase()}`, 5, true],
    ]);
    expect(checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro')).ok).toBe(true);
    expect(Object.keys(await stored(JOURNAL_PREFIX))).toEqual([]);

    // The paid answer survived: the same profile in another tab is shown at no cost.
    await second.handlers.reportProfile(
      { url, profile: parseProfileUrl(url), hints: {} },
      { kind: 'content-script', tabId: 2, topFrame: true },
    );
    expect(await tabStateItem(2).getValue()).toMatchObject({ status: 'matched' });
    expect(emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search')).toHaveLength(1);
    second.stop();
  });

  it('one piece of the work after the paint failing (the journal close) does not skip the rest (the booking, the meter)', async () => {
    const emulator = createEmulator();
    await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
    const plain = browserKvStore(fakeBrowser.storage.local);
    // The journal entry cannot be closed (its remove fails); everything else lands.
    const local: KvStore = {
      ...plain,
      remove: (keys) =>
        [keys].flat().some((k) => k.startsWith(JOURNAL_PREFIX)) ? Promise.reject(new Error('disk gone')) : plain.remove(keys),
    };
    const worker = createWorker({
      fetch: (i, n) => emulator.fetch(i, n),
      apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
      identity: TEST_IDENTITY,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
      leads: testLeadStore(),
      local,
    });
    await worker.start();
    expect((await worker.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: TEST_BASE_URL }, EXTENSION_PAGE)).ok).toBe(true);
    await Promise.resolve(
      worker.handlers.reportProfile(
        { url, profile: parseProfileUrl(url), hints: {} },
        { kind: 'content-script', tabId: 1, topFrame: true },
      ),
    ).catch(() => undefined);
    expect(Object.keys(await stored(KNOWN_PREFIX)).length).toBeGreaterThan(0);
    // The booking was stored before the close failed; the meter, after it, still heard of the charge.
    expect(Object.values(await stored(LEDGER_PREFIX))).toMatchObject([{ creditsCharged: 5 }]);
    await vi.waitFor(async () => expect(await meterItem.getValue()).toMatchObject({ spentToday: 5 }));
    expect(await tabStateItem(1).getValue()).toMatchObject({ status: 'matched' });
    worker.stop();
  });

  it('a reported profile is looked up without waiting for its "looking up" state to land', async () => {
    const t = await startTestWorker();
    const area = fakeBrowser.storage.session;
    const setItems = area.set.bind(area);
    // storage.session is slow: nothing the worker writes there lands until released (in order).
    const issued: Array<() => Promise<void>> = [];
    vi.spyOn(area, 'set').mockImplementation((items) => new Promise<void>((done) => issued.push(() => setItems(items).then(done))));
    const reported = t.h.reportProfile(
      { url, profile: parseProfileUrl(url), hints: {} },
      { kind: 'content-script', tabId: 1, topFrame: true },
    );
    await vi.waitFor(() => expect(t.emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search')).toHaveLength(1));
    vi.mocked(area.set).mockRestore();
    for (const write of issued.splice(0)) await write();
    await reported;
    expect(await tabStateItem(1).getValue()).toMatchObject({ status: 'matched' });
    t.worker.stop();
  });

  it('a profile already paid for is shown its card as the first state written, with no write before it', async () => {
    const t = await startTestWorker();
    const report = (tabId: number) =>
      t.h.reportProfile({ url, profile: parseProfileUrl(url), hints: {} }, { kind: 'content-script', tabId, topFrame: true });
    await report(1); // paid: the answer is cached
    const writes: string[] = [];
    fakeBrowser.storage.session.onChanged.addListener((changes) => {
      const next = changes[tabStateItemKey(2).replace(/^session:/, '')]?.newValue as TabState | undefined;
      if (next) writes.push(`tab ${next.status}`);
    });
    fakeBrowser.storage.local.onChanged.addListener((changes) => writes.push(...Object.keys(changes).map((k) => `local ${k}`)));
    await report(2);
    expect(writes[0]).toBe('tab matched');
    expect(writes.filter((w) => w.startsWith('tab'))).toEqual(['tab matched']);
    expect(t.emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search')).toHaveLength(1);
    t.worker.stop();
  });
});
