import { beforeEach, describe, expect, it } from 'vitest';
import { withPageHints } from '@/tests/support/page-hints';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator, type Emulator } from '@/tests/emulator';
import { browserKvStore, type KvStore } from '@/lib/storage/kv-store';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { createWorker } from '@/lib/worker/create-worker';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { settingsItem } from '@/lib/settings/settings-item';
import { tabStateItem } from '@/lib/tab-state/items';
import { storageFamilyOf } from './keys';
import { moveToIdb } from './move-to-idb';

const A = ANCHORS;
const BASE = 'http://127.0.0.1:8787';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const from = (tabId: number) => ({ kind: 'content-script', tabId, topFrame: true }) as const;
const xUrl = (handle: string) => `https://x.com/${handle}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  fakeBrowser.reset();
});

/** The background over `local` (its KvStore), the key's store shared across restarts. */
function background(emulator: Emulator, local: KvStore, apiKey: ReturnType<typeof createApiKeyStore>, fetch = emulator.fetch) {
  return createWorker({
    leads: testLeadStore(),
    fetch: (input, init) => fetch(input, init),
    local,
    apiKey,
    identity,
    nameWaitMs: 30,
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
}

/**
 * The version before: the same stores on `browser.storage.local` (as it wrote them). A lookup (cache,
 * known records, ledger), a reveal, then a search killed on the wire: its journal entry is left open.
 */
async function previousVersion(emulator: Emulator, apiKey: ReturnType<typeof createApiKeyStore>) {
  await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
  let hang = false;
  const worker = background(emulator, browserKvStore(fakeBrowser.storage.local), apiKey, (input, init) =>
    hang ? (void emulator.fetch(input, init), new Promise<Response>(() => {})) : emulator.fetch(input, init),
  );
  await worker.start();
  expect((await worker.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: BASE }, page)).ok).toBe(true);
  const url = xUrl(A.founder.twitterHandle);
  await worker.handlers.reportProfile({ url, profile: parseProfileUrl(url), hints: withPageHints(url) }, from(1));
  expect(await worker.handlers.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
  hang = true;
  const other = xUrl(A.fund.twitterHandle);
  void worker.handlers.reportProfile({ url: other, profile: parseProfileUrl(other), hints: withPageHints(other) }, from(2));
  await sleep(60); // the search is on the wire, its journal entry written
  worker.stop();
  return fakeBrowser.storage.local.get(null);
}

describe('moveToIdb: what an earlier version kept in storage.local moves into the records database', () => {
  it('copied, then removed from storage.local; a move cut short is repeated without losing or doubling a record; the next worker books the open journal entry once and pays nothing again', async () => {
    const emulator = createEmulator();
    const apiKey = createApiKeyStore({ secrets: memorySecretStore() });
    const before = await previousVersion(emulator, apiKey);
    const moved = Object.keys(before).filter((k) => storageFamilyOf('idb', k) !== null);
    // The old storage.local had every kind of record this move is about.
    const families = new Set(moved.map((k) => storageFamilyOf('idb', k)));
    for (const name of ['account', 'cache', 'known', 'reveal', 'ledger', 'journal'] as const) expect(families.has(name), name).toBe(true);

    // A first start dies after the copy, before storage.local was cleaned.
    const records = testRecords();
    const dying = records.store({
      before: (db) =>
        moveToIdb(
          { ...fakeBrowser.storage.local, get: (k) => fakeBrowser.storage.local.get(k), remove: () => Promise.reject(new Error('killed')) },
          db,
        ),
    });
    expect(await dying.getMany('')).toEqual({
      ...Object.fromEntries(moved.map((k) => [k, before[k]])),
      'moved-from-local': { at: expect.any(Number) as number },
    });
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(expect.arrayContaining(moved));

    // The next start moves again: every key once, storage.local left with the settings only.
    const store = records.store({ before: (db) => moveToIdb(fakeBrowser.storage.local, db) });
    const worker = background(emulator, store, apiKey);
    await worker.start();
    const left = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(left.map((k) => storageFamilyOf('local', k))).toEqual(left.map(() => 'settings'));

    // The ledger: the lookup and the reveal as they were, the search left on the wire booked once as
    // "may have been charged", and the interrupted tab's lookup resumed (one resend, charged): one entry
    // per charge the server made, none lost, none twice.
    // The start resumes the interrupted tab's lookup without waiting for it: its card says it is done.
    await expect.poll(async () => (await tabStateItem(2).getValue())?.status).toBe('matched');
    const spending = await worker.handlers.getSpending(undefined, page);
    expect(spending.entries.map((e) => [e.creditsCharged, e.estimated ?? false]).sort()).toEqual([
      [10, false],
      [5, false],
      [5, false],
      [5, true],
    ]);
    expect(spending.entries).toHaveLength(emulator.control.ledger('test_pro').filter((e) => e.creditsCharged > 0).length);
    expect(checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro')).ok).toBe(true);
    // The resumed lookup's own entry closes after its card is painted (its charge is booked first, above).
    await expect.poll(() => store.getMany('journal:')).toEqual({});
    expect(spending.reveals.map((r) => r.personId)).toEqual([A.founder.id]);

    // The account and the cache came along: the same profile again is free, its reveal shown.
    const calls = emulator.control.ledger('test_pro').length;
    const url = xUrl(A.founder.twitterHandle);
    await worker.handlers.reportProfile({ url, profile: parseProfileUrl(url), hints: withPageHints(url) }, from(3));
    expect(await tabStateItem(3).getValue()).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    expect(emulator.control.ledger('test_pro').length).toBe(calls);
    worker.stop();

    // A third start finds nothing to move and changes nothing.
    const again = records.store({ before: (db) => moveToIdb(fakeBrowser.storage.local, db) });
    expect(Object.keys(await again.getMany('ledger:')).length).toBe(4);
  });

  it('after the first move, what storage.local holds of these families is dropped unread (a planted raise, ledger or journal entry is never imported)', async () => {
    const db = testRecords().db();
    await fakeBrowser.storage.local.set({ 'ledger:2026-11-25:1:0': { creditsCharged: 5 }, settings: { dailyBudget: 9 } });
    expect(await moveToIdb(fakeBrowser.storage.local, db)).toBe(1);
    const planted = {
      'credits:raise': { day: '2026-11-26', credits: 1_000_000 },
      'journal:planted': { id: 'planted', credits: 5 },
      'ledger:2026-11-26:1:0': { creditsCharged: 0 },
    };
    await fakeBrowser.storage.local.set(planted);
    expect(await moveToIdb(fakeBrowser.storage.local, db)).toBe(0);
    expect(await db.kv.get('credits:raise')).toBeUndefined();
    expect(await db.journal.get('planted')).toBeUndefined();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { dailyBudget: 9 } });
    expect(await db.ledger.toArray()).toEqual([{ id: '2026-11-25:1:0', creditsCharged: 5 }]);
  });

  it('a key the database already has keeps the database’s value (the newer one)', async () => {
    const records = testRecords();
    const db = records.db();
    await db.kv.put({ key: 'unknown:a:/v1/search?q=ada', value: { count: 2, at: 5 } });
    await fakeBrowser.storage.local.set({ 'unknown:a:/v1/search?q=ada': { count: 1, at: 1 }, settings: { dailyBudget: 9 } });
    expect(await moveToIdb(fakeBrowser.storage.local, db)).toBe(0);
    expect((await db.kv.get('unknown:a:/v1/search?q=ada'))?.value).toEqual({ count: 2, at: 5 });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { dailyBudget: 9 } });
  });
});
