import { ANCHORS } from '../emulator';
import { INDEXED_DATABASES, REVEAL_PREFIX, LEDGER_PREFIX } from '../../lib/storage/keys';
import { closeWelcomePage, launchChromium } from '../demo/browser';
import { expect, test as base } from './fixtures';
import { developerModeProfile, extensionData, searchSaveAndReveal } from './extension-data';
import { openProfileAndPanel } from './worker-state';

// Issue 28: "Delete all data" on the options page, end to end in Chromium against the built extension.
// After a key, settings, a paid search, a saved lead and a paid reveal, one confirmation leaves every
// storage area empty and no record in any database of the extension; the extension restarts at its
// welcome page, and the panel says "No API key".

const KEY = 'test_pro';

// The extension restarts itself (runtime.reload): its browser needs developer mode, as any that loads it unpacked.
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  context: async ({}, use) => {
    const profile = developerModeProfile();
    const context = await launchChromium({ headless: true, userDataDir: profile.dir });
    await closeWelcomePage(context);
    await use(context);
    await context.close();
    profile.remove();
  },
});
const A = ANCHORS;

test('"Delete all data" → "Delete everything" leaves nothing behind and brings back the first run', async ({
  context,
  extensionId,
  serviceWorker,
  emulator,
  configureKey,
  consoleErrors,
}) => {
  // What a fresh install keeps once its worker has started: "Delete all data" must come back to exactly this.
  const first = await context.newPage();
  await first.goto(`chrome-extension://${extensionId}/privacy.html`);
  const freshInstall = await extensionData(first);
  await first.close();

  await configureKey(KEY);
  await searchSaveAndReveal(context, extensionId);
  expect(emulator.charged(KEY)).toBeGreaterThanOrEqual(15);

  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Daily credit budget').fill('80');
  await options.getByLabel('Daily credit budget').blur();
  // Everything that is about to go is there: the key, the lead, a reveal, the ledger, the settings.
  await expect
    .poll(async () => {
      const before = await extensionData(options);
      const local = Object.keys(before.areas.local);
      return {
        settings: local.includes('settings'),
        reveal: before.records.some((k) => k.startsWith(REVEAL_PREFIX)),
        ledger: before.records.some((k) => k.startsWith(LEDGER_PREFIX)),
        meter: 'meter' in before.areas.session,
        secrets: (before.databases[INDEXED_DATABASES.secrets.name] ?? 0) > 0,
        leads: (before.databases[INDEXED_DATABASES.leads.name] ?? 0) > 0,
      };
    })
    .toEqual({ settings: true, reveal: true, ledger: true, meter: true, secrets: true, leads: true });

  const welcomeShown = context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/welcome.html'), timeout: 30_000 });
  const restarted = context.waitForEvent('serviceworker', { timeout: 30_000 });
  await options.getByRole('button', { name: 'Delete all data' }).click();
  await options.getByRole('dialog', { name: 'Delete all data' }).getByRole('button', { name: 'Delete everything' }).click();

  const welcome = await welcomeShown;
  await expect(welcome.getByRole('heading', { name: 'Welcome to Crypto Directory' })).toBeVisible();
  // The restart closed the extension's pages: nothing of them can write back.
  expect(options.isClosed()).toBe(true);
  // The restarted worker writes its "no key" meter as it starts: wait for the state to settle.
  await expect.poll(() => extensionData(welcome)).toEqual(freshInstall);
  const after = await extensionData(welcome);
  // Nothing of the user's is left: storage.local and sync are empty, and what is there is exactly what a
  // fresh install keeps once its worker has started: its own "no key" meter in storage.session (the
  // default budget: the 80 set above is gone) and, in IndexedDB, the databases it opens to find no key
  // (the secret store's one "earlier versions checked" mark, an empty leads database).
  expect(after.areas.local).toEqual({});
  expect(after.areas.sync).toEqual({});
  expect(after.areas.session.meter).toMatchObject({ hasKey: false, accountId: null, balance: null, spentToday: 0, dailyBudget: 150 });
  expect(after).toEqual(freshInstall);

  const worker = await restarted;
  expect(worker).not.toBe(serviceWorker);
  const panel = await openProfileAndPanel(context, worker, extensionId, A.founder.twitterHandle, A.founder.name);
  await expect(panel.getByRole('status', { name: /^No API key/ })).toBeVisible();
  // Across `runtime.reload` Chromium may refuse a worker's extension calls with "No SW" (its
  // extension_function_dispatcher, when the worker's process is gone; wxt's storage logs the refusal).
  // Under load on 2 cores it did once; what the user sees (the welcome page, nothing left) is checked above.
  const chromiumNoSw = (e: string) => /: \[@wxt-dev\/storage\] Migration failed for local:settings Error: No SW$/.test(e);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !chromiumNoSw(e)));
});
