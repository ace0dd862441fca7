import { writeFileSync } from 'node:fs';
import type { BrowserContext, Worker } from '@playwright/test';
import path from 'node:path';
import { ANCHORS } from '../emulator';
import { openPanel } from '../demo/panel';
import { EXTENSION_PATH, expect, test } from './fixtures';
import { PROBE_ATTRIBUTE, PROBE_PAGE, PROBE_URL, PROBE_WROTE_ATTRIBUTE, buildProbeCopy, probeUrl, startDecoyServer } from './key-probe';
import { serveSites } from './site-fixtures';
import { tabIdOf } from './worker-state';
import { readRecords } from './records-db';
import { keysOfFamily, STORAGE_FAMILIES, type ClearEvent, type StorageFamilyName } from '../../lib/storage/keys';
import type { RevealRecord } from '../../lib/credits/reveals';
import { startHubSpotServer } from '../hubspot-emulator/server';
import { connectHubSpot } from './hubspot-connect';

/** A HubSpot token nothing else contains, so finding it anywhere is a leak. */
const HUBSPOT_TOKEN = 'pat-na1-probe-7f3a9c21';

// The Chromium half of the key-isolation check (the Firefox half is tests/e2e-firefox/key-isolation.e2e.ts):
// a content script added to a test-only copy of the build looks for the API key everywhere it can.

const probe = buildProbeCopy(EXTENSION_PATH);
// An extension page whose own script does what the console check must catch (see the control test).
writeFileSync(
  path.join(probe.dir, 'control.html'),
  '<!doctype html><meta charset="utf-8"><title>control</title><script src="control.js"></script>',
);
writeFileSync(
  path.join(probe.dir, 'control.js'),
  `try { new Function('return 1')(); } catch {}\nconsole.error('control console.error');\n`,
);
test.use({ extensionPath: probe.dir });
// Removed when this worker process ends, not in afterAll: with fullyParallel a worker may run some of this
// file's tests, run afterAll when it turns to another file, then come back for the rest (the module is not
// evaluated again), and launch a browser on a copy that is gone (no service worker ever starts).
process.once('exit', () => probe.cleanup());

/** Every key prefix or exact key of what lives in the records database (what was paid for, the account). */
const RECORD_KEYS = Object.values(STORAGE_FAMILIES).flatMap((f) => (f.area !== 'idb' ? [] : 'keys' in f ? f.keys : [f.prefix]));

/** Something paid for with the key in use: a lookup in the panel (cache, known records, ledger) and a reveal. Returns the panel's person region and the revealed email. */
async function lookUpAndReveal({
  context,
  extensionId,
  serviceWorker,
}: {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
}) {
  await serveSites(context, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${ANCHORS.founder.twitterHandle}`);
  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, x));
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: ANCHORS.founder.name })).toBeVisible({ timeout: 20_000 });
  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  await panel
    .getByRole('dialog', { name: 'Confirm reveal' })
    .getByRole('button', { name: /^Reveal for/ })
    .click();
  await expect(person.getByText(/^Revealed /)).toBeVisible({ timeout: 15_000 });
  // They are in the extension's records database …
  const stored = await readRecords(serviceWorker);
  for (const prefix of ['account', 'cache:', 'known:', 'ledger:', 'reveal:'])
    expect(
      Object.keys(stored).some((k) => k.startsWith(prefix)),
      prefix,
    ).toBe(true);
  const email = (Object.entries(stored).find(([k]) => k.startsWith('reveal:'))![1] as RevealRecord).channels.email!;
  expect(email).toContain('@');
  return { person, email };
}

test('a content script finds no API key, and nothing paid for, in storage.local, storage.sync, storage.session or IndexedDB', async ({
  context,
  configureKey,
  extensionId,
  serviceWorker,
}) => {
  await configureKey('test_pro');
  // Something paid for first (so the probe has something to miss).
  const { email } = await lookUpAndReveal({ context, extensionId, serviceWorker });

  await context.route(`${PROBE_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PROBE_PAGE }));
  const page = await context.newPage();
  await page.goto(PROBE_URL);
  await expect
    .poll(() => page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE), { timeout: 15_000 })
    .not.toBeNull();
  const raw = (await page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE))!;
  const found = JSON.parse(raw) as { local: Record<string, unknown>; sync: Record<string, unknown>; indexedDB: Record<string, unknown> };
  // The probe ran in full: storage.sync answered, IndexedDB opened (the page's own, empty) …
  expect(found.sync).toEqual({});
  expect(found.indexedDB).toMatchObject({ stores: {} });
  // … storage.local is closed to content scripts on Chromium (setAccessLevel), and the key is nowhere.
  expect(found.local).toHaveProperty('refused');
  expect(raw).not.toContain('test_pro');
  // … nor the revealed email, the account, or any key of what was paid for.
  expect(raw).not.toContain(email);
  expect(raw).not.toContain(ANCHORS.founder.name);
  for (const key of RECORD_KEYS) expect(raw).not.toContain(`"${key}`);
});

test('a key for another account: nothing the first account was answered is left in the records database, and its reveal is not shown', async ({
  context,
  configureKey,
  extensionId,
  serviceWorker,
}) => {
  await configureKey('test_pro');
  const { person, email } = await lookUpAndReveal({ context, extensionId, serviceWorker });
  await configureKey('test_team');
  // What the declarations clear on another account (lib/storage/keys.ts `clearOn`), for acc_pro: gone.
  const cleared = Object.entries(STORAGE_FAMILIES).flatMap(([name, f]) =>
    f.area === 'idb' && (f.clearOn as readonly ClearEvent[]).includes('account-change') ? [name as StorageFamilyName] : [],
  );
  const left = Object.keys(await readRecords(serviceWorker)).filter((k) =>
    cleared.some((name) => {
      const { prefixes, keys } = keysOfFamily(name, ['acc_pro']);
      return keys.includes(k) || prefixes.some((p) => k.startsWith(p));
    }),
  );
  expect(left).toEqual([]);
  // The reveal stays acc_pro's (paid for, kept as declared) but the open panel no longer shows it.
  expect(Object.keys(await readRecords(serviceWorker, STORAGE_FAMILIES.reveal.prefix))).toHaveLength(1);
  await expect(person.getByText(email)).toHaveCount(0);
  await expect(person.getByText(/^Revealed /)).toHaveCount(0);
});

test('the HubSpot token, connected and used, is nowhere a content script can look either', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const hs = await startHubSpotServer();
  try {
    hs.hubspot.control.addToken(HUBSPOT_TOKEN);
    await (await connectHubSpot(context, extensionId, hs.baseUrl, HUBSPOT_TOKEN)).close();
    await context.route(`${PROBE_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PROBE_PAGE }));
    const page = await context.newPage();
    await page.goto(PROBE_URL);
    await expect
      .poll(() => page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE), { timeout: 15_000 })
      .not.toBeNull();
    const raw = (await page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE))!;
    expect(JSON.parse(raw)).toMatchObject({ sync: {}, indexedDB: { stores: {} } });
    expect(raw).not.toContain(HUBSPOT_TOKEN);
    // Not in any storage area at all (Firefox lets content scripts read storage.local: it must hold no secret).
    const everything = await serviceWorker.evaluate(async () => {
      const c = (globalThis as unknown as { chrome: { storage: Record<string, { get(k: null): Promise<unknown> }> } }).chrome;
      return JSON.stringify([await c.storage.local!.get(null), await c.storage.session!.get(null), await c.storage.sync!.get(null)]);
    });
    expect(everything).not.toContain(HUBSPOT_TOKEN);
    // The token did work (it reached HubSpot from the background only).
    expect(hs.hubspot.log.some((l) => l.status === 200)).toBe(true);
  } finally {
    await hs.close();
  }
});

test('a storage write naming another API address does not move the key: lookups and popup searches stay on the saved host', async ({
  context,
  configureKey,
  extensionId,
  serviceWorker,
  emulator,
}) => {
  const decoy = await startDecoyServer();
  try {
    await configureKey('test_pro');
    await serveSites(context, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
    const x = await context.newPage();
    await x.goto('https://x.com/home');
    const tabId = await tabIdOf(serviceWorker, x);

    // The probe points every plausible field at the decoy: Chromium refuses its storage.local write …
    await context.route(`${PROBE_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PROBE_PAGE }));
    const probe = await context.newPage();
    await probe.goto(probeUrl(decoy.baseUrl));
    await expect
      .poll(() => probe.evaluate((a) => document.documentElement.getAttribute(a), PROBE_WROTE_ATTRIBUTE), { timeout: 15_000 })
      .not.toBeNull();
    const wrote = JSON.parse((await probe.evaluate((a) => document.documentElement.getAttribute(a), PROBE_WROTE_ATTRIBUTE))!) as Record<
      string,
      string
    >;
    expect(wrote.local).not.toBe('written');
    // … so the same rewrite is made where storage.local is open (an extension page), as it lands on Firefox.
    const admin = await context.newPage();
    await admin.goto(`chrome-extension://${extensionId}/options.html`);
    await admin.evaluate(async (to) => {
      const local = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(k: string[]): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } };
        }
      ).chrome.storage.local;
      // (The /v1/me answer is no longer in storage.local: a planted one names the decoy too.)
      const { settings } = (await local.get(['settings'])) as { settings: object };
      await local.set({
        settings: { ...settings, apiBaseUrl: to, baseUrl: to },
        apiBaseUrl: to,
        legacyApiBaseUrl: to,
        apiKey: 'probe_planted_key',
        account: { account: { baseUrl: to }, checkedAt: 1 },
      });
    }, decoy.baseUrl);
    // A fresh worker reads everything again.
    const cdp = await context.newCDPSession(admin);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    // A lookup (the panel open on the tab) and a popup search.
    const panel = await openPanel(context, extensionId, tabId);
    await x.goto(`https://x.com/${ANCHORS.founder.twitterHandle}`);
    await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: ANCHORS.founder.name })).toBeVisible({
      timeout: 20_000,
    });
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('searchbox', { name: 'Search the directory' }).fill('Lumen');
    await popup.getByRole('button', { name: /^Search · 5 credits/ }).click();
    await expect.poll(() => emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search').length).toBe(2);
    expect(emulator.charged('test_pro')).toBe(10);
    expect(decoy.requests).toEqual([]);
  } finally {
    await decoy.close();
  }
});

test('control: the console check sees a CSP eval violation (even caught) and a console.error of an extension page', async ({
  context,
  extensionId,
  consoleErrors,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/control.html`);
  await expect.poll(() => consoleErrors.join('\n')).toMatch(/CSP violation on chrome-extension:\/\/.*: script-src blocked eval/);
  await expect.poll(() => consoleErrors.join('\n')).toContain('control console.error');
  consoleErrors.length = 0; // provoked on purpose
});
