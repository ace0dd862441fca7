import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { sendFromExtensionPage, tabIdReporting, tabState } from './worker-state';

// "People on this page" (issue 26) on an X followers page served by route. Money is read from the
// emulator's ledger: what the "server" received and charged.

const A = ANCHORS;
const KEY = 'test_pro';
const OWNER = A.fund.twitterHandle;
const FOLLOWERS = `https://x.com/${OWNER}/followers`;
const KNOWN = [A.founder, A.fundPerson, A.angel];
const UNKNOWN = [A.cofounder, A.telegramEmailOnly, A.exchangePerson, A.defunctProjectPerson, A.altRolesFundPerson];
const ROWS = [...KNOWN, ...UNKNOWN].map((p) => ({ name: p.name, handle: p.twitterHandle }));

async function serveFollowers(context: BrowserContext, rows = ROWS): Promise<void> {
  await serveSites(context, { x: { [OWNER]: A.fund.name }, xFollowers: { [OWNER]: rows } });
}

const searches = (emulator: EmulatorUnderTest) => emulator.control.ledger(KEY).filter((e) => e.path.startsWith('/v1/search')).length;

async function storedPeople(worker: Worker, tabId: number): Promise<unknown> {
  return worker.evaluate(
    async (key) =>
      (
        (await (
          globalThis as unknown as { chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } } }
        ).chrome.storage.session.get(key)) as Record<string, unknown>
      )[key] ?? null,
    `people:${tabId}`,
  );
}

async function openPanel(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 380, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

test('X followers: 8 rows, 3 known for 0 credits; "Look up 5 · 25 credits" costs exactly 25, again 0; nothing read with no panel', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  await serveFollowers(context);
  // Three followers already paid for (popup searches): the knowledge index knows them.
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  for (const p of KNOWN) await sendFromExtensionPage(admin, 'search', { q: p.twitterHandle });
  expect(emulator.charged(KEY)).toBe(15);

  // No panel: the page is not read, nothing is kept, nothing is sent.
  const x = await context.newPage();
  await x.goto(FOLLOWERS);
  const tabId = await tabIdReporting(serviceWorker, OWNER);
  await x.waitForTimeout(1_500);
  expect(await storedPeople(serviceWorker, tabId)).toBeNull();
  expect(emulator.charged(KEY)).toBe(15);

  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('checkbox')).toHaveCount(8, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('3 known · 5 not looked up');
  await expect(region.getByText(/Known · 0 credits/)).toHaveCount(3);
  // The panel's own lookup of the page's profile (the fund, automatic while watched) settles first.
  await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 15_000 }).toBe('matched');
  await panel.waitForTimeout(500);
  const before = emulator.charged(KEY);

  await region.getByRole('button', { name: 'Select all not known' }).click();
  await region.getByRole('button', { name: 'Look up 5 · 25 credits' }).click();
  await expect(region.getByRole('status')).toHaveText('8 known · 0 not looked up', { timeout: 15_000 });
  await panel.waitForTimeout(500);
  expect(emulator.charged(KEY) - before).toBe(25);

  // Again: the page read anew (a reload) knows all 8 for free.
  const seen = searches(emulator);
  await x.reload();
  await expect(region.getByRole('status')).toHaveText('8 known · 0 not looked up', { timeout: 15_000 });
  await panel.waitForTimeout(1_000);
  expect(emulator.charged(KEY) - before).toBe(25);
  expect(searches(emulator)).toBe(seen);

  // "Save as leads" for two known rows: free, and they say "Saved · New".
  const requests = emulator.control.ledger(KEY).length;
  // The rows just looked up stay selected (look up, then save): start from none.
  for (const box of await region.getByRole('checkbox').all()) await box.uncheck();
  for (const p of [A.founder, A.cofounder]) await region.getByRole('checkbox', { name: p.name }).check();
  await region.getByRole('button', { name: 'Save as leads' }).click();
  await expect(region.getByText(/Saved · New/)).toHaveCount(2, { timeout: 15_000 });
  expect(emulator.control.ledger(KEY).length).toBe(requests);

  // Scrolling adds rows (X renders more cells): they join the list, no paid call.
  await x.evaluate(() =>
    document
      .getElementById('cells')!
      .insertAdjacentHTML(
        'beforeend',
        '<div><button data-testid="UserCell"><a href="/new_follower_1"><span>New Follower</span></a></button></div>',
      ),
  );
  await expect(region.getByRole('checkbox')).toHaveCount(9, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('8 known · 1 not looked up');
  expect(emulator.charged(KEY) - before).toBe(25);
  expect(searches(emulator)).toBe(seen);
});

test('with 10 credits left in today\'s budget, "Look up 8" is refused before anything is sent', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  await serveFollowers(context);
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  await patchSettings(admin, { dailyBudget: 10, autoLookup: 'never' });
  const x = await context.newPage();
  await x.goto(FOLLOWERS);
  const tabId = await tabIdReporting(serviceWorker, OWNER);
  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('status')).toHaveText('0 known · 8 not looked up', { timeout: 15_000 });
  const seen = emulator.control.ledger(KEY).length;

  await region.getByRole('button', { name: 'Select all not known' }).click();
  await region.getByRole('button', { name: 'Look up 8 · 40 credits' }).click();
  await expect(region.getByText(/40 credits needed, 10 left in today's budget\. Nothing was sent\./)).toBeVisible({ timeout: 15_000 });
  await panel.waitForTimeout(500);
  expect(emulator.control.ledger(KEY).length).toBe(seen);
  expect(emulator.charged(KEY)).toBe(0);
  await expect(region.getByRole('status')).toHaveText('0 known · 8 not looked up');
});
