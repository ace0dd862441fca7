import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { FIREFOX_EXTENSION_PATH, extensionProblems, launchFirefox, storageOf, waitFor } from './firefox';
import { configure, fact, firefoxTest } from './harness';
import { readRecords } from '../e2e/records-db';

// Install, options page and popup in Firefox ESR.

const manifestWarnings = (entries: Array<{ text: string }>) => entries.filter((e) => /Reading manifest/.test(e.text)).map((e) => e.text);

firefoxTest('the extension installs with no manifest warnings', async ({ ff }) => {
  const options = await ff.openExtensionPage('/options.html');
  assert.equal(await options.title(), 'Crypto Directory settings');
  assert.deepEqual(manifestWarnings(await ff.extensionConsole()), []);
});

test('control: the console check sees manifest warnings, CSP violations and console.error', { timeout: 60_000 }, async () => {
  // The checks of every test must be able to fail: a copy of the build with an unknown manifest key, and
  // an extension page that trips the CSP and logs an error.
  const dir = mkdtempSync(path.join(tmpdir(), 'ff-manifest-'));
  try {
    cpSync(FIREFOX_EXTENSION_PATH, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, not_a_manifest_key: true }));
    // An extension page whose own script does what the console check must catch.
    writeFileSync(
      path.join(dir, 'control.html'),
      '<!doctype html><meta charset="utf-8"><title>control</title><script src="control.js"></script>',
    );
    writeFileSync(
      path.join(dir, 'control.js'),
      `try { new Function('return 1')(); } catch {}\nconsole.error('control console.error');\nsetTimeout(() => { throw new Error('control uncaught'); });\n`,
    );
    const ff = await launchFirefox({ extensionPath: dir });
    try {
      const warnings = await waitFor(async () => {
        const w = manifestWarnings(await ff.extensionConsole());
        return w.length ? w : null;
      }, 'the manifest warning');
      assert.match(warnings.join('\n'), /not_a_manifest_key/);
      await ff.openExtensionPage('/control.html');
      const problems = await waitFor(async () => {
        const p = extensionProblems(await ff.extensionConsole()).map((e) => e.text);
        return ['Content-Security-Policy', 'control console.error', 'control uncaught'].every((t) => p.some((x) => x.includes(t)))
          ? p
          : null;
      }, 'the CSP report, the console.error and the uncaught error');
      assert.ok(problems.length >= 2);
    } finally {
      await ff.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

firefoxTest(
  'the options page saves test_pro and shows the account, for 0 credits; the key is not in storage',
  async ({ ff, server, ledger, charged }) => {
    const options = await configure(ff, server.baseUrl, 'test_pro');
    const account = 'section[aria-labelledby="account-heading"]';
    assert.equal(await fact(options, account, 'Tier'), 'pro');
    assert.equal(await fact(options, account, 'Balance'), '6,000 credits');
    assert.equal(await fact(options, account, 'Sample mode'), 'Off');
    assert.ok(ledger('test_pro').some((e) => e.path === '/v1/me'));
    assert.equal(charged('test_pro'), 0);

    // Kept, but not in any storage area (it lives in the background's IndexedDB).
    const local = await storageOf(options, 'local');
    const session = await storageOf(options, 'session');
    // The account (the /v1/me answer: the user's name and email) is in the records database, not where
    // Firefox's content scripts read.
    assert.ok(!('account' in local), 'no account in storage.local');
    assert.ok('account' in (await readRecords(options, 'account')), 'the account in the records database');
    assert.doesNotMatch(JSON.stringify({ local, session }), /test_pro/);
    // A fresh options page shows the account again (reload() hangs on moz-extension pages, like goto()).
    await options.close();
    const again = await ff.openExtensionPage('/options.html');
    await waitFor(async () => (await fact(again, account, 'Tier')) === 'pro', 'the account on a fresh options page');
    assert.equal(charged('test_pro'), 0);
  },
);

firefoxTest('"Open side panel" in the popup opens the real sidebar', async ({ ff }) => {
  const popup = await ff.openExtensionPage('/popup.html');
  const isOpen = () =>
    popup.evaluate(() =>
      (globalThis as unknown as { browser: { sidebarAction: { isOpen(o: object): Promise<boolean> } } }).browser.sidebarAction.isOpen({}),
    );
  // Firefox opens a new extension's sidebar at install; close it from the browser chrome to start closed.
  await waitFor(isOpen, 'the sidebar opened at install');
  await ff.chromeEval(`(() => { Services.wm.getMostRecentWindow('navigator:browser').SidebarController.hide(); return true; })()`);
  await waitFor(async () => !(await isOpen()), 'the sidebar to close');
  const button = await popup.waitForSelector('::-p-text(Open side panel)');
  await button!.click();
  await waitFor(isOpen, 'sidebarAction.isOpen');
  // The sidebar shows this extension's panel page.
  const views = await waitFor(async () => {
    const hrefs = await popup.evaluate(() =>
      (globalThis as unknown as { browser: { extension: { getViews(o: object): Window[] } } }).browser.extension
        .getViews({ type: 'sidebar' })
        .map((w) => w.location.href),
    );
    return hrefs.length ? hrefs : null;
  }, 'a sidebar view');
  assert.match(views[0]!, /\/sidepanel\.html/);
});
