import type { Locator, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { configureExtension, submitKeyForm } from './configure';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { workerIdle } from './worker-state';

// Options page and popup against the local emulator. Every test gets its own emulator (own ledger) and,
// through the fixtures, its own browser profile with the freshly built extension.

/** The seeded free key with 0 credits (sample mode). */
const FREE_EMPTY_KEY = 'test_free_empty';

const calls = (emulator: EmulatorUnderTest, key: string, path: string) => emulator.control.ledger(key).filter((e) => e.path === path);

/** The value next to a term in a <dl>. */
const fact = (scope: Locator, term: string) => scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

async function storedLocal(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).chrome.storage.local.get(null),
  );
}

async function storedSession(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).chrome.storage.session.get(null),
  );
}

test('saving test_pro shows the pro account and its balance, for 0 credits', async ({ context, extensionId, emulator }) => {
  const page = await context.newPage();
  await configureExtension(page, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });
  const account = page.getByRole('region', { name: 'Account' });
  await expect(fact(account, 'Tier')).toHaveText('pro');
  await expect(fact(account, 'Balance')).toHaveText('6,000 credits');
  await expect(fact(account, 'Name')).toHaveText('Priya Pro');
  await expect(fact(account, 'Organisation')).toHaveText('Acme Listings');
  await expect(fact(account, 'Sample mode')).toHaveText('Off');
  await account.locator('summary', { hasText: 'Advanced' }).click(); // the price table is folded away
  await expect(account.getByRole('table', { name: 'Prices (credits per call)' })).toContainText('/v1/search');

  expect(calls(emulator, 'test_pro', '/v1/me').length).toBeGreaterThan(0);
  expect(emulator.charged('test_pro')).toBe(0);

  // Stored: a fresh options page shows the account again (getAccount), still for nothing.
  await page.reload();
  await expect(fact(page.getByRole('region', { name: 'Account' }), 'Tier')).toHaveText('pro');
  expect(emulator.charged('test_pro')).toBe(0);
});

test('a revoked key gets the bad-key message and is not stored', async ({ context, extensionId, serviceWorker, emulator }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await submitKeyForm(page, { baseUrl: emulator.baseUrl, apiKey: 'test_revoked' });
  const alert = page.getByRole('region', { name: 'Connection' }).getByRole('alert');
  await expect(alert).toContainText('wrong or revoked');
  await expect(alert).toContainText('not saved');
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);

  expect(JSON.stringify(await storedLocal(serviceWorker))).not.toContain('test_revoked');
  await page.reload();
  await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove key' })).toHaveCount(0);
  expect(emulator.charged('test_revoked')).toBe(0);
});

test('the web-app host is refused as the wrong host', async ({ context, extensionId, serviceWorker, emulator }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await submitKeyForm(page, { baseUrl: emulator.appUrl, apiKey: 'test_pro' });
  await expect(page.getByRole('region', { name: 'Connection' }).getByRole('alert')).toContainText('answered with a web page, not the API');
  await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);
  expect(JSON.stringify(await storedLocal(serviceWorker))).not.toContain('test_pro');
  expect(emulator.charged('test_pro')).toBe(0);
});

test('a free key with no credits shows sample mode, explained', async ({ context, extensionId, emulator }) => {
  const page = await context.newPage();
  await configureExtension(page, extensionId, { baseUrl: emulator.baseUrl, apiKey: FREE_EMPTY_KEY });
  const account = page.getByRole('region', { name: 'Account' });
  await expect(fact(account, 'Tier')).toHaveText('free');
  await expect(fact(account, 'Sample mode')).toHaveText('On');
  const note = account.getByRole('note', { name: 'Sample mode' });
  await expect(note).toContainText('NOT REAL DATA');
  await expect(note).toContainText('to get live data');
  expect(emulator.charged(FREE_EMPTY_KEY)).toBe(0);
});

test('a popup search charges 5 credits once; the same search again is free', async ({ context, serviceWorker, extensionId, emulator }) => {
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });

  const popup = await context.newPage();
  // A fake clock: whatever the popup might run a while after typing (a search as you type) runs when told.
  await popup.clock.install();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const box = popup.getByRole('searchbox', { name: 'Search the directory' });
  await box.pressSequentially(ANCHORS.founder.name, { delay: 20 });
  await popup.clock.runFor(5_000);
  await workerIdle(serviceWorker);
  expect(calls(emulator, 'test_pro', '/v1/search')).toHaveLength(0); // typing never searches

  await box.press('Enter');
  const people = popup.getByRole('list', { name: 'People' });
  await expect(people).toBeVisible();
  const ada = people.getByRole('listitem').filter({ has: popup.getByRole('button', { name: new RegExp(ANCHORS.founder.name) }) });
  await expect(ada.getByRole('list', { name: 'Contact channels' })).toContainText('Email on file');
  await expect(popup.getByRole('list', { name: 'Projects' })).toBeAttached(); // present even when empty
  await expect(popup.getByRole('status').filter({ hasText: '5 credits charged' })).toBeVisible();
  expect(calls(emulator, 'test_pro', '/v1/search')).toHaveLength(1);
  expect(emulator.charged('test_pro')).toBe(5);

  // Same search again, in this popup and in a fresh one: from the cache, 0 credits.
  await box.press('Enter');
  await expect(popup.getByRole('status').filter({ hasText: 'from cache · 0 credits' })).toBeVisible();
  await popup.reload();
  await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(ANCHORS.founder.name);
  await popup.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'from cache · 0 credits' })).toBeVisible();
  await expect(popup.getByRole('list', { name: 'People' })).toContainText(ANCHORS.founder.name);
  expect(calls(emulator, 'test_pro', '/v1/search')).toHaveLength(1);
  expect(emulator.charged('test_pro')).toBe(5);
});

test('with "Look up profiles automatically" on "never", visiting a seeded X profile charges nothing', async ({
  context,
  extensionId,
  serviceWorker,
  emulator,
}) => {
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });
  const auto = options.getByLabel('Look up profiles automatically', { exact: true });
  await expect(auto).toHaveValue('panel-open');
  await auto.selectOption('never');
  await expect(options.getByRole('region', { name: 'Budget and automation' }).getByRole('status')).toContainText('Saved');
  await expect.poll(async () => (await storedLocal(serviceWorker)).settings).toMatchObject({ autoLookup: 'never' });

  await serveSites(context, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${ANCHORS.founder.twitterHandle}`);
  // The background has seen the profile (its tab state names it) …
  await expect
    .poll(async () => JSON.stringify(await storedSession(serviceWorker)).toLowerCase(), { timeout: 15_000 })
    .toContain(`"handle":"${ANCHORS.founder.twitterHandle.toLowerCase()}"`);
  // … and, once the worker has nothing left to do, still spent nothing.
  await workerIdle(serviceWorker);
  expect(calls(emulator, 'test_pro', '/v1/search')).toHaveLength(0);
  expect(emulator.charged('test_pro')).toBe(0);

  // Control: switched to "always" (applied without reloading the extension), the next visit is looked up, once.
  await options.getByLabel('Look up profiles automatically', { exact: true }).selectOption('always');
  await expect.poll(async () => (await storedLocal(serviceWorker)).settings).toMatchObject({ autoLookup: 'always' });
  await x.reload();
  await expect.poll(() => calls(emulator, 'test_pro', '/v1/search').length, { timeout: 15_000 }).toBe(1);
  expect(emulator.charged('test_pro')).toBe(5);
});
