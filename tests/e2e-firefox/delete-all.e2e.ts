import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'puppeteer-core';
import { ANCHORS } from '../emulator';
import { dayKey } from '../../lib/credits/day-key';
import type { LeadBackup } from '../../lib/leads/lead-backup';
import { INDEXED_DATABASES, LEDGER_PREFIX, REVEAL_PREFIX } from '../../lib/storage/keys';
import { BASE, findByText, tabIdReporting, waitFor, type FirefoxSession } from './firefox';
import { configure, firefoxTest } from './harness';
import { readRecords } from '../e2e/records-db';

// Issue 28 in Firefox ESR: after a key, settings, a paid search, a saved lead and a paid reveal,
// "Delete all data" → "Delete everything" on the options page wipes every storage area and database, the
// add-on restarts (runtime.reload) at its welcome page, and the sidebar page says "No API key".
// Issue 38: the dialog first names what goes with counts, and "Back up leads first" saves the Leads
// page's backup file (Firefox is told to save into this test's own directory, read once complete).

const A = ANCHORS;
const KEY = 'test_pro';
const downloads = mkdtempSync(path.join(tmpdir(), 'ff-delete-all-downloads-'));
after(() => rmSync(downloads, { recursive: true, force: true }));

/** Firefox saves downloads into `downloads` without asking (and without opening the downloads panel). */
const DOWNLOAD_PREFS = {
  'browser.download.folderList': 2,
  'browser.download.dir': downloads,
  'browser.download.useDownloadDir': true,
  'browser.download.always_ask_before_handling_new_types': false,
  'browser.download.alwaysOpenPanel': false,
};

interface ExtensionData {
  areas: Record<'local' | 'session' | 'sync', Record<string, unknown>>;
  /** Database name → records in all its stores. */
  databases: Record<string, number>;
}

/** Every storage area and IndexedDB database of the add-on's origin, read from one of its pages. */
function extensionData(page: Page): Promise<ExtensionData> {
  return page.evaluate(async () => {
    type Area = { get(k: null): Promise<Record<string, unknown>> };
    const storage = (globalThis as unknown as { browser: { storage: Record<'local' | 'session' | 'sync', Area> } }).browser.storage;
    const areas = { local: await storage.local.get(null), session: await storage.session.get(null), sync: await storage.sync.get(null) };
    const databases: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error(`cannot open ${name}`));
      });
      const stores = [...db.objectStoreNames];
      let records = 0;
      for (const s of stores)
        records += await new Promise<number>((resolve, reject) => {
          const req = db.transaction(s, 'readonly').objectStore(s).count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error ?? new Error(`cannot count ${s}`));
        });
      db.close();
      databases[name] = records;
    }
    return { areas, databases };
  });
}

/** Where a tab is (puppeteer's page.url() stays about:blank for the add-on's pages). */
const hrefOf = (page: Page) => page.evaluate(() => `${location.href}|${document.readyState}`).catch(() => '');

/** The tab showing `url` (the add-on opens the welcome page itself). */
async function pageAt(ff: FirefoxSession, url: string): Promise<Page> {
  return waitFor(
    async () => {
      for (const page of await ff.browser.pages()) if ((await hrefOf(page)) === `${url}|complete`) return page;
      return null;
    },
    url,
    30_000,
  );
}

firefoxTest(
  '"Delete all data" → "Delete everything" leaves what a fresh install keeps, the welcome page, and "No API key"',
  async ({ ff, server, charged }) => {
    // What a fresh install keeps once its background has started: the wipe must come back to exactly this.
    const first = await ff.openExtensionPage('/privacy.html');
    const freshInstall = await extensionData(first);
    await first.close();

    const options = await configure(ff, server.baseUrl, KEY);
    const popup = await ff.openExtensionPage('/popup.html');
    await (await popup.waitForSelector('input[aria-label="Search the directory"]'))!.type(A.founder.name);
    await (await findByText(popup, 'button', 'Search · 5 credits')).click();
    await (await popup.waitForSelector(`button[aria-label="Save ${A.founder.name} as lead"]`, { timeout: 15_000 }))!.click();
    await findByText(popup, '.save-lead__mark', 'Saved · New');
    const revealed = await popup.evaluate(
      (personId: string) =>
        (
          globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<{ res?: { ok?: boolean } }> } } }
        ).browser.runtime.sendMessage({
          type: 'revealLead',
          data: { personId, confirmed: true },
        }),
      A.founder.id,
    );
    assert.equal(revealed?.res?.ok, true);
    await popup.close();
    assert.ok(charged(KEY) >= 15);

    const before = await extensionData(options);
    // What was paid for is in the records database (storage.local holds the settings only).
    const paid = Object.keys(await readRecords(options));
    assert.ok(paid.some((k) => k.startsWith(LEDGER_PREFIX)) && paid.some((k) => k.startsWith(REVEAL_PREFIX)), 'ledger and reveal stored');
    assert.ok(
      (before.databases[INDEXED_DATABASES.leads.name] ?? 0) > 0 && (before.databases[INDEXED_DATABASES.secrets.name] ?? 0) > 0,
      'lead and key stored',
    );

    // The install's own welcome tab goes first: the one looked for below is the restart's.
    for (const page of await ff.browser.pages()) if ((await hrefOf(page)).startsWith(`${BASE}/welcome.html|`)) await page.close();
    await (await findByText(options, 'button', /^Delete all data$/)).click();
    // What goes, counted as the dialog opens: the saved lead and the paid reveal.
    await findByText(options, '[role="dialog"] strong', /^1 lead, 0 notes, 1 revealed contact$/);
    await findByText(options, '[role="dialog"] p', 'It cannot be undone: revealing that contact again costs credits.');
    const fileName = `leads-backup-${dayKey(Date.now())}.json`;
    await (await findByText(options, '[role="dialog"] button', /^Back up leads first$/)).click();
    await findByText(options, '[role="dialog"] [role="status"]', `Backed up 1 lead to ${fileName}.`);
    const file = path.join(downloads, fileName);
    await waitFor(async () => existsSync(file) && !readdirSync(downloads).some((f) => f.endsWith('.part')), `${fileName} downloaded`);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as LeadBackup;
    assert.deepEqual(
      backup.leads.map((l) => l.personId),
      [A.founder.id],
    );
    const destroy = await findByText(options, '[role="dialog"] button', /^Delete everything$/);
    assert.equal(await destroy.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(185, 28, 28)');
    await destroy.click();

    const welcome = await pageAt(ff, `${BASE}/welcome.html`);
    await findByText(welcome, 'h1', 'Welcome to Crypto Directory');
    // The restarted background writes its "no key" meter as it starts: wait for it, then compare.
    let after = await extensionData(welcome);
    await waitFor(async () => isDeepStrictEqual((after = await extensionData(welcome)), freshInstall), "a fresh install's state").catch(
      () => {},
    );
    assert.deepEqual(after.areas.local, {});
    assert.deepEqual(after.areas.sync, {});
    assert.deepEqual(after, freshInstall);

    await ff.openSite(`https://x.com/${A.founder.twitterHandle}`, { x: { [A.founder.twitterHandle]: A.founder.name } });
    const tabId = await tabIdReporting(welcome, (p) => p.site === 'x', `@${A.founder.twitterHandle}`);
    const sidebar = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
    await sidebar.waitForSelector('[role="status"][aria-label^="No API key"]');
  },
  { prefs: DOWNLOAD_PREFS },
);
