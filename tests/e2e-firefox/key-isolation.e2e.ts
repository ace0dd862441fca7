import assert from 'node:assert/strict';
import { PROBE_ATTRIBUTE, PROBE_URL, PROBE_WROTE_ATTRIBUTE, buildProbeCopy, probeUrl, startDecoyServer } from '../e2e/key-probe';
import { ANCHORS } from '../emulator';
import { FIREFOX_EXTENSION_PATH, findByText, storageOf, suspended, tabIdReporting, waitFor } from './firefox';
import { configure, fact, firefoxTest } from './harness';
import { readRecords } from '../e2e/records-db';
import { STORAGE_FAMILIES } from '../../lib/storage/keys';
import type { RevealRecord } from '../../lib/credits/reveals';
import { startHubSpotServer } from '../hubspot-emulator/server';

/** A HubSpot token nothing else contains, so finding it anywhere is a leak. */
const HUBSPOT_TOKEN = 'pat-na1-probe-7f3a9c21';

// A content script (added to a test-only copy of the build) looks for the API key, and what was paid for,
// in every storage area and in IndexedDB, after the key was saved and used. It must find nothing.

const FOUNDER = ANCHORS.founder;
const PERSON = 'section[aria-label="Person"]';
/** Every key prefix or exact key of what lives in the records database (what was paid for, the account). */
const RECORD_KEYS = Object.values(STORAGE_FAMILIES).flatMap((f) => (f.area !== 'idb' ? [] : 'keys' in f ? f.keys : [f.prefix]));

const probe = buildProbeCopy(FIREFOX_EXTENSION_PATH);
process.on('exit', probe.cleanup);

firefoxTest(
  'a content script finds no API key, and nothing paid for, in storage.local, storage.sync, storage.session or IndexedDB',
  async ({ ff, server }) => {
    const options = await configure(ff, server.baseUrl, 'test_pro');
    // Something paid for first: a lookup (cache, known records, ledger) and a reveal.
    await ff.openSite(`https://x.com/${FOUNDER.twitterHandle}`, { x: { [FOUNDER.twitterHandle]: FOUNDER.name } });
    const tabId = await tabIdReporting(
      options,
      (p) => p.site === 'x' && p.handle?.toLowerCase() === FOUNDER.twitterHandle.toLowerCase(),
      'the X tab',
    );
    const sidebar = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
    await (await findByText(sidebar, `${PERSON} button`, 'Reveal contact')).click();
    await (await findByText(sidebar, '[role="dialog"] button', 'Reveal for 10 credits')).click();
    await findByText(sidebar, `${PERSON} ul[aria-label="Contact channels"] a`, '@');
    // They are in the extension's records database (so the probe has something to miss) …
    const stored = await readRecords(options);
    for (const prefix of ['account', 'cache:', 'known:', 'ledger:', 'reveal:'])
      assert.ok(
        Object.keys(stored).some((k) => k.startsWith(prefix)),
        `${prefix} in the records database`,
      );
    const email = (Object.entries(stored).find(([k]) => k.startsWith('reveal:'))![1] as RevealRecord).channels.email!;
    assert.match(email, /@/);
    // A marker in storage.local, so the probe can show it really reads that area.
    await options.evaluate(() =>
      (globalThis as unknown as { browser: { storage: { local: { set(v: object): Promise<void> } } } }).browser.storage.local.set({
        probeMarker: 'readable',
      }),
    );
    await options.close();
    const page = await ff.openSite(PROBE_URL, {});
    const raw = await waitFor(
      () => page.evaluate((a: string) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE),
      'the probe content script',
    );
    const found = JSON.parse(raw) as Record<string, unknown> & { local: Record<string, unknown> };
    // The probe really reads: on Firefox, storage.local is open to content scripts (the marker is there) …
    assert.equal(found.local.probeMarker, 'readable', `the probe read storage.local: ${raw.slice(0, 300)}`);
    // … and yet the key is nowhere it can reach, nor the revealed email, the person, or any key of what was paid for.
    assert.doesNotMatch(raw, /test_pro/);
    assert.ok(!raw.includes(email), 'the revealed email');
    assert.ok(!raw.includes(FOUNDER.name), 'the person looked up');
    for (const key of RECORD_KEYS) assert.ok(!raw.includes(`"${key}`), key);
  },
  { extensionPath: probe.dir },
);

firefoxTest(
  'the HubSpot token, connected and used, is nowhere a content script can look (storage.local is open to it on Firefox)',
  async ({ ff }) => {
    const hs = await startHubSpotServer();
    try {
      hs.hubspot.control.addToken(HUBSPOT_TOKEN);
      const options = await ff.openExtensionPage('/options.html');
      const region = 'section[aria-labelledby="hubspot-heading"]';
      await options.locator('#hubspot-token').fill(HUBSPOT_TOKEN);
      await options.locator(`${region} input[type="checkbox"]`).click();
      await options.locator(`${region} details.advanced > summary`).click();
      await options.locator('#hubspot-base-url').fill(hs.baseUrl);
      await options.locator(`${region} button[type="submit"]`).click();
      await options.waitForFunction(
        (r: string) => /HubSpot connected/.test(document.querySelector(`${r} [role="status"]`)?.textContent ?? ''),
        { timeout: 15_000 },
        region,
      );
      const local = await storageOf(options, 'local');
      const session = await storageOf(options, 'session');
      await options.close();
      assert.doesNotMatch(JSON.stringify([local, session]), new RegExp(HUBSPOT_TOKEN));
      const page = await ff.openSite(PROBE_URL, {});
      const raw = await waitFor(() => page.evaluate((a: string) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE), 'the probe');
      const found = JSON.parse(raw) as { local: Record<string, unknown> };
      assert.ok(!('refused' in found.local), `the probe read storage.local: ${raw.slice(0, 300)}`);
      assert.doesNotMatch(raw, new RegExp(HUBSPOT_TOKEN));
      assert.ok(
        hs.hubspot.log.some((l) => l.status === 200),
        'the token reached HubSpot from the background',
      );
    } finally {
      await hs.close();
    }
  },
  { extensionPath: probe.dir },
);

firefoxTest(
  'a key an earlier version left in storage.local is moved out of it when the background next starts, bound to that version’s API address, and still works',
  async ({ ff, server, charged }) => {
    const control = await ff.openExtensionPage('/options.html');
    // That version had no secret store: empty it (this install's first start already marked the legacy places checked).
    await control.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('crypto-directory-secrets');
          open.onerror = () => reject(open.error ?? new Error('cannot open the secret store'));
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('secrets', 'readwrite');
            tx.objectStore('secrets').clear();
            tx.oncomplete = () => (db.close(), resolve());
            tx.onerror = () => reject(tx.error ?? new Error('cannot clear the secret store'));
          };
        }),
    );
    await control.evaluate(
      (baseUrl: string) =>
        (globalThis as unknown as { browser: { storage: { local: { set(v: object): Promise<void> } } } }).browser.storage.local.set({
          // As an earlier version left them: the key beside complete settings.
          apiKey: 'test_pro',
          settings: {
            dailyBudget: 150,
            autoLookup: true,
            autoDetails: false,
            lowBalanceWarning: 50,
            cacheTtlHours: 24,
            notFoundTtlHours: 6,
            apiBaseUrl: baseUrl,
          },
          settings$: { v: 1 },
        }),
      server.baseUrl,
    );
    await suspended(ff);
    // A profile visit wakes the background: the key is migrated, then pays for the lookup.
    await ff.openSite(`https://x.com/${ANCHORS.founder.twitterHandle}`, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
    // Paid at the emulator's random port, not the build default: the key went where the old setting said.
    await waitFor(async () => charged('test_pro') === 5, 'the lookup paid with the migrated key');
    const local = await storageOf(control, 'local');
    assert.ok(!('apiKey' in local), 'apiKey is gone from storage.local');
    assert.ok(!('legacyApiBaseUrl' in local), 'the old address is gone from storage.local too');
    assert.ok(!('apiBaseUrl' in (local.settings as object)), 'settings no longer hold an address');
    assert.doesNotMatch(JSON.stringify(local), /test_pro/);
    const options = await ff.openExtensionPage('/options.html');
    await waitFor(
      async () => (await fact(options, 'section[aria-labelledby="account-heading"]', 'API host')) === server.baseUrl,
      'the bound address on the options page',
    );
  },
  { prefs: { 'extensions.background.idle.timeout': 2_000 } },
);

firefoxTest(
  'a content script that rewrites the API address in storage.local does not move the key: lookups and popup searches stay on the saved host',
  async ({ ff, server, ledger, charged }) => {
    const decoy = await startDecoyServer();
    try {
      const options = await configure(ff, server.baseUrl, 'test_pro');
      // The probe, on a web page, points every plausible field at the decoy (and plants a legacy key).
      const page = await ff.openSite(probeUrl(decoy.baseUrl), {});
      const wrote = JSON.parse(
        await waitFor(
          () => page.evaluate((a: string) => document.documentElement.getAttribute(a), PROBE_WROTE_ATTRIBUTE),
          'the probe to rewrite storage',
        ),
      ) as Record<string, string>;
      // On Firefox the write lands: storage.local now names the decoy everywhere it could.
      assert.equal(wrote.local, 'written', JSON.stringify(wrote));
      const local = await storageOf(options, 'local');
      assert.equal((local.settings as { apiBaseUrl?: string }).apiBaseUrl, decoy.baseUrl);
      assert.equal(local.apiBaseUrl, decoy.baseUrl);

      // A fresh background reads everything again: the rewrite is in place when it loads the key.
      await suspended(ff);
      await ff.openSite(`https://x.com/${ANCHORS.founder.twitterHandle}`, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
      await waitFor(async () => charged('test_pro') === 5, 'the lookup paid at the emulator');

      // The popup's search, typed and sent as a user does.
      const popup = await ff.openExtensionPage('/popup.html');
      const box = await popup.waitForSelector('input[aria-label="Search the directory"]');
      await box!.type('Lumen');
      await (await popup.waitForSelector('::-p-text(Search · 5 credits)'))!.click();
      await waitFor(async () => ledger('test_pro').filter((e) => e.path === '/v1/search').length === 2, 'the popup search at the emulator');

      // The options page still names the saved host.
      const again = await ff.openExtensionPage('/options.html');
      await waitFor(
        async () => (await fact(again, 'section[aria-labelledby="account-heading"]', 'API host')) === server.baseUrl,
        'the saved host on the options page',
      );
      assert.deepEqual(decoy.requests, [], 'the decoy saw no request');
      assert.equal(charged('test_pro'), 10);
    } finally {
      await decoy.close();
    }
  },
  { extensionPath: probe.dir, prefs: { 'extensions.background.idle.timeout': 2_000 } },
);
