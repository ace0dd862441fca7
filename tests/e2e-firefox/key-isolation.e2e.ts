import assert from 'node:assert/strict';
import { PROBE_ATTRIBUTE, PROBE_URL, buildProbeCopy } from '../e2e/key-probe';
import { ANCHORS } from '../emulator';
import { FIREFOX_EXTENSION_PATH, storageOf, suspended, waitFor } from './firefox';
import { configure, firefoxTest } from './harness';

// A content script (added to a test-only copy of the build) looks for the API key in every storage area
// and in IndexedDB, after the key was saved and used. It must find nothing.

const probe = buildProbeCopy(FIREFOX_EXTENSION_PATH);
process.on('exit', probe.cleanup);

firefoxTest(
  'a content script finds no API key in storage.local, storage.sync, storage.session or IndexedDB',
  async ({ ff, server }) => {
    const options = await configure(ff, server.baseUrl, 'test_pro');
    await options.close();
    const page = await ff.openSite(PROBE_URL, {});
    const raw = await waitFor(
      () => page.evaluate((a: string) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE),
      'the probe content script',
    );
    const found = JSON.parse(raw) as Record<string, unknown> & { local: Record<string, unknown> };
    // The probe really reads: on Firefox, storage.local is open to content scripts (settings are there) …
    assert.ok('settings' in found.local, `the probe read storage.local: ${raw.slice(0, 300)}`);
    // … and yet the key is nowhere it can reach.
    assert.doesNotMatch(raw, /test_pro/);
  },
  { extensionPath: probe.dir },
);

firefoxTest(
  'a key an earlier version left in storage.local is moved out of it when the background next starts, and still works',
  async ({ ff, server, charged }) => {
    const control = await ff.openExtensionPage('/options.html');
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
    await waitFor(async () => charged('test_pro') === 5, 'the lookup paid with the migrated key');
    const local = await storageOf(control, 'local');
    assert.ok(!('apiKey' in local), 'apiKey is gone from storage.local');
    assert.doesNotMatch(JSON.stringify(local), /test_pro/);
  },
  { prefs: { 'extensions.background.idle.timeout': 2_000 } },
);
