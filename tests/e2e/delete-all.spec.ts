import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { dayKey } from '../../lib/credits/day-key';
import type { LeadBackup } from '../../lib/leads/lead-backup';
import { INDEXED_DATABASES, REVEAL_PREFIX, LEDGER_PREFIX } from '../../lib/storage/keys';
import { closeWelcomePage, launchChromium } from '../demo/browser';
import { expect, test as base } from './fixtures';
import { developerModeProfile, extensionData, searchSaveAndReveal } from './extension-data';
import { openProfileAndPanel } from './worker-state';

// Issue 28: "Delete all data" on the options page, end to end in Chromium against the built extension.
// After a key, settings, a paid search, a saved lead with notes and a paid reveal, one confirmation leaves
// every storage area empty and no record in any database of the extension; the extension restarts at its
// welcome page, and the panel says "No API key".
// Issue 38: its dialog first names what goes, with counts read live ("1 lead, 2 notes, 1 revealed
// contact"), and its "Back up leads first" downloads the Leads page's backup, which "Restore leads"
// brings back after the wipe.

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

/** Adds a note to the lead open on the Leads page, through its "Note" box. */
async function addNote(leads: Page, text: string): Promise<void> {
  const lead = leads.getByRole('region', { name: 'Lead' });
  await lead.getByRole('textbox', { name: 'Note' }).fill(text);
  await lead.getByRole('button', { name: 'Add note' }).click();
  await expect(lead.getByRole('list', { name: 'Notes' })).toContainText(text);
}

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

  // A note on the lead, from the Leads page (kept open: a second note comes while the dialog is open).
  const leads = await context.newPage();
  await leads.goto(`chrome-extension://${extensionId}/leads.html`);
  await leads.getByRole('table', { name: 'Leads' }).getByRole('button', { name: A.founder.name }).click();
  await addNote(leads, 'Telegram’d, follow up Friday');

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
  const dialog = options.getByRole('dialog', { name: 'Delete all data' });
  // What goes, counted when the dialog opened: the lead, its note, the paid reveal; then the rest, named.
  await expect(dialog).toContainText('1 lead, 1 note, 1 revealed contact');
  await expect(dialog).toContainText(
    /Also deleted: the spending history \(\d+ entries\), \d+ cached answers?, your API key and your settings\./,
  );
  await expect(dialog).toContainText('It cannot be undone: revealing that contact again costs credits.');
  // Live: a note added in another tab while the dialog is open is counted at once.
  await addNote(leads, 'Wants a demo in Q1');
  await expect(dialog).toContainText('1 lead, 2 notes, 1 revealed contact');

  // "Back up leads first": the Leads page's own backup file, from the dialog, which stays open.
  const fileName = `leads-backup-${dayKey(Date.now())}.json`;
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Back up leads first' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const backupFile = readFileSync(await download.path(), 'utf8');
  const backup = JSON.parse(backupFile) as LeadBackup;
  expect(backup.leads.map((l) => [l.personId, l.notes.map((n) => n.text)])).toEqual([
    [A.founder.id, ['Telegram’d, follow up Friday', 'Wants a demo in Q1']],
  ]);
  await expect(dialog.getByRole('status')).toHaveText(`Backed up 1 lead to ${fileName}.`);
  // The button that deletes looks it: the danger colour (light scheme), not the accent.
  const destroy = dialog.getByRole('button', { name: 'Delete everything' });
  expect(await destroy.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(185, 28, 28)');
  await leads.close();
  await destroy.click();

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

  // The backup made from the dialog brings the lead and both notes back ("Restore leads", no key needed).
  const restored = await context.newPage();
  await restored.goto(`chrome-extension://${extensionId}/leads.html`);
  await restored
    .getByTestId('restore-leads-file')
    .setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(backupFile) });
  await expect(restored.getByText('Restored: 1 added, 0 updated.')).toBeVisible();
  await restored.getByRole('table', { name: 'Leads' }).getByRole('button', { name: A.founder.name }).click();
  await expect(restored.getByRole('region', { name: 'Lead' }).getByRole('list', { name: 'Notes' })).toContainText('Wants a demo in Q1');
  // Across `runtime.reload` Chromium may refuse a worker's extension calls with "No SW" (its
  // extension_function_dispatcher, when the worker's process is gone; wxt's storage logs the refusal).
  // Under load on 2 cores it did once; what the user sees (the welcome page, nothing left) is checked above.
  const chromiumNoSw = (e: string) => /: \[@wxt-dev\/storage\] Migration failed for local:settings Error: No SW$/.test(e);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !chromiumNoSw(e)));
});
