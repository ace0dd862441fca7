import { beforeEach, describe, expect, it } from 'vitest';
import { withPageHints } from '@/tests/support/page-hints';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { readReveal } from '@/lib/credits/reveals';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import { NOT_SAVABLE } from '@/lib/messages/texts';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PagePerson } from '@/lib/profile/types';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { keysOfFamily, STORAGE_FAMILIES, type ClearEvent, type StorageFamily, type StorageFamilyName } from '@/lib/storage/keys';
import { meterItem, pagePeopleItem, tabStateItem } from '@/lib/tab-state/items';
import { pagePeopleStatus } from '@/lib/tab-state/page-people';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { EXTENSION_PAGE as page, TEST_BASE_URL as BASE, TEST_IDENTITY } from '@/tests/support/test-worker';
import { createWorker } from './create-worker';

// A key saved for another account, through the real worker against the Directory API emulator: what the
// declarations (lib/storage/keys.ts `clearOn`) say goes is gone from storage, and nothing the first
// account paid for or was told can be read by the second (the panel, the Leads page's answers, a save).

const A = ANCHORS;
const FIRST = { key: 'test_pro', account: 'acc_pro' };
const SECOND = { key: 'test_team', account: 'acc_team' };
const LIST_TAB = 4;
const FOLLOWERS = 'https://x.com/MeridianVC/followers';
const ROWS: PagePerson[] = [A.founder.twitterHandle, A.cofounder.twitterHandle].map((handle) => ({ name: `Name of ${handle}`, handle }));
const FAMILIES = Object.entries(STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;

beforeEach(() => fakeBrowser.reset());

async function setup() {
  const emulator = createEmulator();
  await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
  const records = testRecords();
  const told: Array<[number, PeopleSwitch]> = [];
  const worker = createWorker({
    leads: testLeadStore(),
    fetch: (input, init) => emulator.fetch(input, init),
    local: records.store(),
    apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
    identity: TEST_IDENTITY,
    tellTab: (tabId, message) => told.push([tabId, message]),
    nameWaitMs: 30,
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
  await worker.start();
  const h = worker.handlers;
  const db = records.db();
  const reader = records.store();
  const from = (tabId: number) => ({ kind: 'content-script', tabId, topFrame: true }) as const;
  /** Every stored key of an area: the records database (`idb`) or a browser.storage area. */
  const stored = async (area: StorageFamily['area']): Promise<string[]> =>
    area === 'idb' ? await reader.keys('') : Object.keys(await fakeBrowser.storage[area].get(null));
  return {
    emulator,
    worker,
    h,
    told,
    stored,
    save: async (key: string) => expect((await h.saveApiKey({ apiKey: key, baseUrl: BASE }, page)).ok).toBe(true),
    visit: (tabId: number, handle: string) =>
      Promise.resolve(
        h.reportProfile(
          {
            url: `https://x.com/${handle}`,
            profile: parseProfileUrl(`https://x.com/${handle}`),
            hints: withPageHints(`https://x.com/${handle}`),
          },
          from(tabId),
        ),
      ),
    listRows: () => Promise.resolve(h.reportProfile({ url: FOLLOWERS, profile: null, hints: {}, people: ROWS }, from(LIST_TAB))),
    /** What a panel showing `personId` reads (entrypoints/sidepanel): the meter's account, then its reveal entry. */
    shownReveal: async (personId: string) => {
      const accountId = (await meterItem.getValue())?.accountId;
      return accountId ? ((await readReveal(accountId, personId, records.db)) ?? null) : null;
    },
    /** The keys of `family` that belong to `accountId` (the whole family for one not kept per account), as declared. */
    ofAccount: async (family: StorageFamilyName, accountId: string) => {
      const { prefixes, keys } = keysOfFamily(family, [accountId]);
      return (await stored(STORAGE_FAMILIES[family].area)).filter((k) => keys.includes(k) || prefixes.some((p) => k.startsWith(p)));
    },
    /** The ledger rows (kept per entry, not per account) that name `accountId`. */
    ledgerRows: async (accountId: string) =>
      (await db.ledger.toArray()).filter((row) => (row as { accountId?: string }).accountId === accountId),
    searches: (key: string) => emulator.control.ledger(key).filter((e) => e.path.startsWith('/v1/search')).length,
  };
}

/** The first account at work: a lookup, a reveal, a popup search, a list page's rows, then a 402 halt. */
async function workAsFirst(t: Awaited<ReturnType<typeof setup>>) {
  await t.save(FIRST.key);
  await t.visit(1, A.founder.twitterHandle);
  expect(await tabStateItem(1).getValue()).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
  expect(await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
  const found = await t.h.search({ q: A.fundPerson.name }, page);
  expect(found.ok && found.people.some((p) => p.id === A.fundPerson.id)).toBe(true);
  await t.worker.watch('panel', LIST_TAB);
  await t.listRows();
  expect(pagePeopleStatus((await pagePeopleItem(LIST_TAB).getValue())!.rows)).toBe('1 known · 1 not looked up');
  t.emulator.control.setAccount(FIRST.key, { balance: 3 });
  await t.visit(2, A.cofounder.twitterHandle);
  expect(await tabStateItem(2).getValue()).toMatchObject({ status: 'out-of-credits' });
  t.emulator.control.setAccount(FIRST.key, { balance: 6000 });
  return { popupPerson: A.fundPerson.id };
}

const SWITCH: ClearEvent[] = ['key-change', 'account-change'];
const clearedBySwitch = FAMILIES.filter(([, f]) => (f.clearOn as readonly ClearEvent[]).some((e) => SWITCH.includes(e))).map(
  ([name]) => name,
);
const keptBySwitch = FAMILIES.filter(([name, f]) => f.perAccount && !clearedBySwitch.includes(name)).map(([name]) => name);

describe('a key change to another account (clearOn carried out by the worker)', () => {
  it('leaves nothing of the first account readable: cached answers, known records, page rows, the halt; reveals and ledger rows stay its own', async () => {
    const t = await setup();
    const { popupPerson } = await workAsFirst(t);
    // Before: the first account left something in every family the switch clears and in the reveal store and ledger.
    const before = new Map(await Promise.all(clearedBySwitch.map(async (f) => [f, await t.ofAccount(f, FIRST.account)] as const)));
    for (const family of ['cache', 'known', 'halt', 'pagePeople'] as const) expect(before.get(family)?.length, family).toBeGreaterThan(0);
    const kept = new Map(await Promise.all(keptBySwitch.map(async (f) => [f, await t.ofAccount(f, FIRST.account)] as const)));
    expect(kept.get('reveal')).toHaveLength(1);
    const ledger = await t.ledgerRows(FIRST.account);
    expect(ledger.length).toBeGreaterThan(0);
    expect((await t.h.getSpending(undefined, page)).entries.length).toBeGreaterThan(0);
    expect((await t.shownReveal(A.founder.id))?.channels.email).toMatch(/@/);

    const told = t.told.length;
    await t.save(SECOND.key);

    // Storage: every family the events clear holds nothing of the first account (the list is the declarations').
    for (const family of clearedBySwitch) expect(await t.ofAccount(family, FIRST.account), family).toEqual([]);
    // What the first account paid for is kept, as declared (its reveals, its ledger rows)…
    for (const family of keptBySwitch) expect(await t.ofAccount(family, FIRST.account), family).toEqual(kept.get(family));
    expect(await t.ledgerRows(FIRST.account)).toEqual(ledger);
    // …but none of it reads as the second account's: the panel, the spending table, the Leads page's reveals.
    expect(await t.shownReveal(A.founder.id)).toBeNull();
    expect(await t.h.getSpending(undefined, page)).toMatchObject({ entries: [], reveals: [] });
    const reveals = await t.h.getReveals(undefined, page);
    expect(reveals.accountId).toBe(SECOND.account);
    expect(revealsByPerson(reveals.reveals, reveals.accountId).get(A.founder.id)?.inUse).toBeNull();

    // A popup row the first account was shown cannot be saved as the second's (0 calls either way).
    expect(await t.h.saveLead({ personId: popupPerson }, page)).toEqual({ ok: false, message: NOT_SAVABLE });
    // The list page's rows went, the watched tab was asked again, and read for the second account nothing is known.
    expect(await pagePeopleItem(LIST_TAB).getValue()).toBeNull();
    expect(t.told.slice(told)).toContainEqual([LIST_TAB, { people: true }]);
    await t.listRows();
    expect(pagePeopleStatus((await pagePeopleItem(LIST_TAB).getValue())!.rows)).toBe('0 known · 2 not looked up');
    // The profile the first account paid for is paid for again by the second: no cached answer, no known record.
    await t.visit(3, A.founder.twitterHandle);
    expect(await tabStateItem(3).getValue()).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    expect(t.searches(SECOND.key)).toBe(1);
  });

  it('another key of the same account keeps what that account paid for (no account change)', async () => {
    const t = await setup();
    await workAsFirst(t);
    const cached = await t.ofAccount('cache', FIRST.account);
    await t.save('test_pro_2');
    expect(await t.ofAccount('cache', FIRST.account)).toEqual(cached);
    expect(await pagePeopleItem(LIST_TAB).getValue()).not.toBeNull();
    await t.visit(3, A.founder.twitterHandle);
    expect(t.searches('test_pro_2')).toBe(0);
  });

  it('removing the key clears what key-removed declares, the stored account included; "Clear cache" every account’s answers', async () => {
    const t = await setup();
    await workAsFirst(t);
    await t.h.removeApiKey(undefined, page);
    const removed = FAMILIES.filter(([, f]) => (f.clearOn as readonly ClearEvent[]).includes('key-removed')).map(([name]) => name);
    for (const family of removed) expect(await t.ofAccount(family, FIRST.account), family).toEqual([]);
    expect(await t.h.getAccount(undefined, page)).toMatchObject({ hasKey: false, account: null });

    await t.save(FIRST.key);
    await t.visit(3, A.founder.twitterHandle);
    await t.save(SECOND.key);
    await t.visit(4, A.founder.twitterHandle);
    const cached = (await t.stored('idb')).filter((k) => k.startsWith(STORAGE_FAMILIES.cache.prefix));
    expect(cached.length).toBeGreaterThan(0);
    expect(await t.h.clearCache(undefined, page)).toEqual({ cleared: cached.length });
    for (const account of [FIRST.account, SECOND.account]) expect(await t.ofAccount('cache', account), account).toEqual([]);
  });
});
