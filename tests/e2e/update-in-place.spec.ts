import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { closeWelcomePage, EXTENSION_PATH, launchChromium } from '../demo/browser';
import { INDEXED_DATABASES, LEDGER_PREFIX, REVEAL_PREFIX } from '../../lib/storage/keys';
import { expect, test as base, watchExtensionErrors } from './fixtures';
import { extensionData, searchSaveAndReveal } from './extension-data';
import { openLeadsPage } from './leads-seed';

// Issue 28: an update keeps everything. The build is installed from a fixed path into a profile that is
// kept; a key, a setting, a paid search (the ledger), a saved lead and a paid reveal are made; then the
// browser closes, the same path gets a build whose version is higher (as a store update replaces the
// files), and the profile is launched again: the new version runs on the same data, with no call made.

const KEY = 'test_pro';
const A = ANCHORS;

/** The build copied to a path of its own, with its manifest version set to `version`. */
function installBuild(dir: string, version?: string): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(EXTENSION_PATH, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  if (version) writeFileSync(manifestPath, JSON.stringify({ ...manifest, version }));
  return manifest.version;
}

const bump = (version: string) => version.replace(/(\d+)$/, (n) => String(Number(n) + 1));

const test = base.extend<{ dirs: { profile: string; extension: string } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  dirs: async ({}, use) => {
    const root = mkdtempSync(path.join(tmpdir(), 'update-in-place-'));
    await use({ profile: path.join(root, 'profile'), extension: path.join(root, 'extension') });
    rmSync(root, { recursive: true, force: true });
  },
  context: async ({ dirs }, use) => {
    installBuild(dirs.extension);
    const context = await launchChromium({ headless: true, userDataDir: dirs.profile, extensionPath: dirs.extension });
    await closeWelcomePage(context);
    await use(context);
    await context.close();
  },
});

test('an update to a higher version keeps the key, settings, ledger, reveals and leads, for no call', async ({
  context,
  extensionId,
  emulator,
  configureKey,
  dirs,
  consoleErrors,
}) => {
  await configureKey(KEY);
  await searchSaveAndReveal(context, extensionId);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Daily credit budget').fill('80');
  await options.getByLabel('Daily credit budget').blur();
  await expect.poll(async () => JSON.stringify((await extensionData(options)).areas.local.settings ?? null)).toContain('"dailyBudget":80');
  const before = await extensionData(options);
  expect(before.records.some((k) => k.startsWith(LEDGER_PREFIX))).toBe(true);
  expect(before.records.some((k) => k.startsWith(REVEAL_PREFIX))).toBe(true);
  expect(before.databases[INDEXED_DATABASES.leads.name]).toBeGreaterThan(0);
  const requests = emulator.control.ledger(KEY).length;
  await context.close();

  // The store replaces the files at the same place; the browser finds a higher version there.
  const oldVersion = installBuild(dirs.extension);
  const newVersion = bump(oldVersion);
  installBuild(dirs.extension, newVersion);
  const updated: BrowserContext = await launchChromium({ headless: true, userDataDir: dirs.profile, extensionPath: dirs.extension });
  try {
    await watchExtensionErrors(updated, consoleErrors);
    const worker = updated.serviceWorkers()[0] ?? (await updated.waitForEvent('serviceworker', { timeout: 20_000 }));
    expect(new URL(worker.url()).host, 'same id: the same extension, updated').toBe(extensionId);
    expect(
      await worker.evaluate(
        () =>
          (globalThis as unknown as { chrome: { runtime: { getManifest(): { version: string } } } }).chrome.runtime.getManifest().version,
      ),
    ).toBe(newVersion);

    const page = await updated.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    // The key is still there (the account is shown), and so are the settings.
    await expect(page.getByRole('region', { name: 'Account' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Daily credit budget')).toHaveValue('80');
    const after = await extensionData(page);
    // Everything stored by the user or paid for is kept, key for key and record for record.
    expect(Object.keys(after.areas.local)).toEqual(Object.keys(before.areas.local));
    for (const prefix of [LEDGER_PREFIX, REVEAL_PREFIX, 'pick:', 'known:'])
      expect(
        after.records.filter((k) => k.startsWith(prefix)),
        prefix,
      ).toEqual(before.records.filter((k) => k.startsWith(prefix)));
    expect(after.databases).toEqual(before.databases);
    const leads = await openLeadsPage(updated, extensionId);
    await expect(leads.getByRole('table', { name: 'Leads' }).locator('tbody tr')).toHaveCount(1);
    await expect(leads.getByRole('table', { name: 'Leads' })).toContainText(A.founder.name);
    // Only the free account check (/v1/me) may have gone out: no paid call.
    expect(
      emulator.control
        .ledger(KEY)
        .slice(requests)
        .filter((e) => e.creditsCharged > 0),
    ).toEqual([]);
  } finally {
    await updated.close();
  }
});
