import { beforeEach, describe, expect, it } from 'vitest';
import { withPageHints } from '@/tests/support/page-hints';
import { fakeBrowser } from 'wxt/testing';
import type { KvStore } from '@/lib/storage/kv-store';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { createWorker } from '@/lib/worker/create-worker';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { settingsItem } from '@/lib/settings/settings-item';
import * as keys from './keys';
import type { ClearEvent, StorageFamily, StorageFamilyName } from './keys';
import { testLeadStore } from '@/tests/support/test-leads';

// These strings are what existing installs have stored: a change here loses users' ledgers, reveals and
// settings unless a migration moves them. Pinned byte for byte.
describe('storage key formats', () => {
  it.each([
    [keys.SETTINGS_ITEM, 'local:settings'],
    [keys.ACCOUNT_KEY, 'account'],
    [keys.SELECTION_ITEM, 'session:selection'],
    [keys.METER_ITEM, 'session:meter'],
    [keys.tabStateItemKey(42), 'session:tab:42'],
    [keys.accountKey('cache', 'acct:1', 'search:ada'), 'cache:acct%3A1:search:ada'],
    [keys.accountKey('cache', 'a'), 'cache:a:'],
    [keys.accountKey('known', 'acct 1', 'x:ada'), 'known:acct%201:x:ada'],
    [keys.revealKey('a:b', 'p/1'), 'reveal:a%3Ab:p%2F1'],
    [keys.ledgerKey('2026-11-26', 1_700_000_000_000, 'ab1'), 'ledger:2026-11-26:1700000000000:ab1'],
    [keys.ledgerKey('2026-11-26', 5, 'z'), 'ledger:2026-11-26:0000000000005:z'],
    [keys.HALT_KEY, 'credits:halt'],
    [keys.RAISE_KEY, 'credits:raise'],
    [`${keys.JOURNAL_PREFIX}j-1`, 'journal:j-1'],
    [keys.accountKey('unknown', 'a:b', '/v1/search?q=ada'), 'unknown:a%3Ab:/v1/search?q=ada'],
    [keys.accountKey('pick', 'a:b', 'x:ada'), 'pick:a%3Ab:x:ada'],
    [keys.accountKey('notThem', 'a', 'li:ada-l'), 'notthem:a:li:ada-l'],
    [keys.prospectFacetsKey('a:b'), 'facets:a%3Ab:people'],
    [keys.LEGACY_API_KEY_KEYS.join(','), 'apiKey,apiKey$'],
    [keys.WELCOME_PENDING_KEY, 'welcome-pending'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('an account prefix never matches another account that starts with the same characters', () => {
    expect(keys.accountKey('cache', 'a:b', 'k').startsWith(keys.accountKey('cache', 'a'))).toBe(false);
    expect(keys.accountKey('known', 'a:b', 'k').startsWith(keys.accountKey('known', 'a'))).toBe(false);
    expect(keys.revealKey('a:b', 'k').startsWith(keys.accountKey('reveal', 'a'))).toBe(false);
    expect(keys.accountKey('unknown', 'a:b', '/v1/x').startsWith(keys.accountKey('unknown', 'a', ''))).toBe(false);
  });

  it.each([
    ['tab:7', true],
    ['tab:123456', true],
    ['selection', false],
    ['meter', false],
    ['tab:', false],
    ['tab:-1', false],
    ['tab:7$', false],
  ])('isTabStateKey(%s) → %s', (raw, expected) => {
    expect(keys.isTabStateKey(raw)).toBe(expected);
  });
});

const families = Object.entries(keys.STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;

/** The prefixes and exact keys of `area` an event clears: with `accountId`, a per-account family's part of that account. */
function keysClearedOn(area: StorageFamily['area'], event: ClearEvent, accountId?: string) {
  const out = { prefixes: [] as string[], keys: [] as string[] };
  for (const name of keys.familiesClearedOn(event).filter((n) => keys.STORAGE_FAMILIES[n].area === area)) {
    const { prefixes, keys: exact } = keys.keysOfFamily(name, accountId === undefined ? 'all' : [accountId]);
    out.prefixes.push(...prefixes);
    out.keys.push(...exact);
  }
  return out;
}
/** Each family's prefixes: its prefix, or its exact keys. */
const starts = (f: StorageFamily): readonly string[] => ('keys' in f ? f.keys : [f.prefix]);

describe('keys.STORAGE_FAMILIES', () => {
  it('no two families share a key: every prefix and exact key is unique, and none is a prefix of another family’s', () => {
    const all = families.flatMap(([name, f]) => starts(f).map((s) => ({ name, s })));
    expect(new Set(all.map((x) => x.s)).size).toBe(all.length);
    // Across areas too (stricter than needed: one string, one meaning).
    for (const a of all)
      for (const b of all) if (a.name !== b.name) expect(b.s.startsWith(a.s), `${a.name} "${a.s}" / ${b.name} "${b.s}"`).toBe(false);
  });

  it('every family names its owner and a per-account family is a prefix family', () => {
    for (const [name, f] of families) {
      expect(f.owner, name).toMatch(/^lib\/.+\.ts$/);
      if (f.perAccount) expect('prefix' in f, name).toBe(true);
    }
  });

  it.each<[ClearEvent, StorageFamilyName[]]>([
    ['key-change', ['legacyApiKey', 'legacyApiBaseUrl']],
    ['account-change', ['cache', 'inflight', 'known', 'halt', 'prospectFacets', 'enrichRun', 'pagePeople']],
    [
      'key-removed',
      ['account', 'cache', 'inflight', 'known', 'halt', 'prospectFacets', 'enrichRun', 'legacyApiKey', 'legacyApiBaseUrl', 'pagePeople'],
    ],
    ['cache-clear', ['cache', 'inflight', 'known']],
  ])('%s clears %j', (event, expected) => {
    expect(keys.familiesClearedOn(event)).toEqual(expected);
  });

  it('what the user paid for or decided is never cleared by these events: reveals, ledger, journal, unknown outcomes, picks', () => {
    const cleared = new Set((['key-change', 'account-change', 'key-removed', 'cache-clear'] as const).flatMap(keys.familiesClearedOn));
    for (const name of ['reveal', 'ledger', 'journal', 'unknown', 'pick', 'notThem', 'settings', 'raise'] as const)
      expect(cleared.has(name), name).toBe(false);
  });

  it.each<[StorageFamily['area'], ClearEvent, string | undefined, { prefixes: string[]; keys: string[] }]>([
    [
      'idb',
      'account-change',
      'a:b',
      { prefixes: ['cache:a%3Ab:', 'inflight:a%3Ab:', 'known:a%3Ab:', 'facets:a%3Ab:', 'enrich:a%3Ab:'], keys: ['credits:halt'] },
    ],
    ['idb', 'cache-clear', undefined, { prefixes: ['cache:', 'inflight:', 'known:'], keys: [] }],
    [
      'idb',
      'key-removed',
      undefined,
      { prefixes: ['cache:', 'inflight:', 'known:', 'facets:', 'enrich:'], keys: ['account', 'credits:halt'] },
    ],
    ['local', 'key-removed', undefined, { prefixes: [], keys: ['apiKey', 'apiKey$', 'legacyApiBaseUrl'] }],
    ['local', 'cache-clear', undefined, { prefixes: [], keys: [] }],
    // A list page's rows said what the last account knew: every tab's go.
    ['session', 'account-change', 'a', { prefixes: ['people:'], keys: [] }],
  ])('the %s keys %s clears (account %s)', (area, event, accountId, expected) => {
    expect(keysClearedOn(area, event, accountId)).toEqual(expected);
  });

  it('storage.local, which content scripts read on Firefox, holds no family of what was paid for or of personal data', () => {
    const inIdb = ['account', 'cache', 'inflight', 'known', 'reveal', 'ledger', 'journal', 'unknown', 'pick', 'notThem'] as const;
    for (const name of inIdb) expect(keys.STORAGE_FAMILIES[name].area, name).toBe('idb');
    expect(families.filter(([, f]) => f.area === 'local').map(([name]) => name)).toEqual([
      'settings',
      'legacyApiKey',
      'legacyApiBaseUrl',
      'welcomePending',
    ]);
  });

  it.each<[StorageFamily['area'], string, StorageFamilyName | null]>([
    ['idb', 'cache:acct_1:search:ada', 'cache'],
    ['idb', `${keys.JOURNAL_PREFIX}j1`, 'journal'],
    ['idb', keys.accountKey('unknown', 'acct_1', '/v1/search?q=ada'), 'unknown'],
    ['idb', keys.accountKey('pick', 'acct_1', 'x:ada'), 'pick'],
    ['idb', keys.accountKey('notThem', 'acct_1', 'x:ada'), 'notThem'],
    ['idb', 'account', 'account'],
    ['idb', 'credits:halt', 'halt'],
    ['idb', 'credits:other', null],
    ['idb', 'settings', null],
    ['local', 'settings$', 'settings'],
    ['local', 'cache:acct_1:search:ada', null],
    ['local', 'apiKey', 'legacyApiKey'],
    ['local', 'tab:1', null],
    ['session', 'tab:1', 'tabState'],
    ['session', 'cache:acct_1:x', null],
  ])('%s "%s" → %s', (area, key, expected) => {
    expect(keys.storageFamilyOf(area, key)).toBe(expected);
  });

  it.each([
    [`${keys.JOURNAL_PREFIX}j1`, true],
    [keys.ledgerKey('2026-11-26', 5, 'z'), true],
    [keys.accountKey('unknown', 'a', '/v1/search?q=ada'), true],
    [keys.revealKey('a', 'per_1'), true],
    [keys.accountKey('cache', 'a', 'search:ada'), false],
    [keys.accountKey('known', 'a', 'x:ada'), false],
    ['account', false],
    ['settings', false],
  ])('isStrictKey(%s) → %s', (key, expected) => {
    expect(keys.isStrictKey(key)).toBe(expected);
  });
});

// ── a worker run writes only registered keys ─────────────────────────────────────────────────────

const A = ANCHORS;
const BASE = 'http://127.0.0.1:8787';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const report = (tabId: number, url: string, hints = {}) =>
  ({ url, profile: parseProfileUrl(url), hints: withPageHints(url, hints) }) satisfies Parameters<
    ReturnType<typeof createWorker>['handlers']['reportProfile']
  >[0];
const from = (tabId: number) => ({ kind: 'content-script', tabId, topFrame: true }) as const;

/** The in-memory store, recording every key ever written (a journal entry is removed once settled). */
function recordingStore(): KvStore & { readonly data: Map<string, unknown>; readonly written: Set<string> } {
  const inner = memoryKvStore();
  const written = new Set<string>();
  return {
    ...inner,
    data: inner.data,
    written,
    async set(key, value) {
      written.add(key);
      await inner.set(key, value);
    },
  };
}

/** Every key the browser's storage areas saw set (wxt items: settings, account, tab states, meter, selection). */
function recordBrowserWrites() {
  const written = { local: new Set<string>(), session: new Set<string>() };
  for (const area of ['local', 'session'] as const) {
    fakeBrowser.storage[area].onChanged.addListener((changes: Record<string, unknown>) => {
      for (const key of Object.keys(changes)) written[area].add(key);
    });
  }
  return written;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a worker run writes only registered keys', () => {
  it('lookup, details, a pick, "Not them?", a reveal and a lost answer: every key written is in a registered family', async () => {
    const emulator = createEmulator();
    const local = recordingStore();
    const browserWrites = recordBrowserWrites();
    await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
    const worker = createWorker({
      leads: testLeadStore(),
      fetch: (input, init) => emulator.fetch(input, init),
      local,
      apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
      identity,
      nameWaitMs: 30,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
    });
    await worker.start();
    expect((await worker.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: BASE }, page)).ok).toBe(true);

    // A lookup and its details.
    await worker.handlers.reportProfile(report(1, `https://x.com/${A.founder.twitterHandle}`), from(1));
    await worker.handlers.loadDetails({ view: { tabId: 1 }, target: 'person' }, page);
    await worker.handlers.loadDetails({ view: { tabId: 1 }, target: 'organization' }, page);
    // A reveal, confirmed.
    expect(await worker.handlers.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
    // Two Daniel Okafors: a pick; then "Not them?" with a search of the user's words.
    await worker.handlers.reportProfile(
      report(2, `https://www.linkedin.com/in/${A.sameName.first.linkedinSlug}/`, { name: 'Daniel Okafor' }),
      from(2),
    );
    await worker.handlers.pickCandidate({ tabId: 2, personId: A.sameName.first.id }, page);
    await worker.handlers.lookUp({ tabId: 2, q: 'Daniel Okafor Harborline' }, page);
    // A lost answer: charged, then the connection drops.
    emulator.control.inject({ chargeThenDrop: 1 });
    await worker.handlers.reportProfile(report(3, `https://x.com/${A.fund.twitterHandle}`), from(3));

    const unregistered = (area: StorageFamily['area'], written: Iterable<string>) =>
      [...written].filter((k) => keys.storageFamilyOf(area, k) === null);
    // The worker's KvStore is the records database: every key it writes is an `idb` family's.
    expect(unregistered('idb', local.written)).toEqual([]);
    expect(unregistered('idb', local.data.keys())).toEqual([]);
    expect(unregistered('local', browserWrites.local)).toEqual([]);
    expect(unregistered('session', browserWrites.session)).toEqual([]);

    // The run reached the families it was meant to (so the check above is not vacuous).
    const reached = new Set([...local.written].map((k) => keys.storageFamilyOf('idb', k)));
    for (const name of ['account', 'cache', 'known', 'reveal', 'ledger', 'journal', 'unknown', 'pick', 'notThem'] as const)
      expect(reached.has(name), name).toBe(true);
    // storage.local saw the settings only.
    expect([...browserWrites.local].map((k) => keys.storageFamilyOf('local', k))).toEqual(['settings', 'settings']);
    expect([...browserWrites.session].map((k) => keys.storageFamilyOf('session', k))).toEqual(
      expect.arrayContaining(['tabState', 'meter']),
    );
  });
});
