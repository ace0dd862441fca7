// Prospect search in Chromium against the emulator, whose ledger is the server's truth about money: a
// filtered people search is one /v1/people call with the filters and limit=100 (5 credits), the same
// search again 0, "Next 100" 5, saving 20 results as leads 0, opening one of them on X afterwards 0 (the
// knowledge index); a sample key's list is marked on every row and cannot be saved. Roles and channels are
// offered before any search and a value outside them is asked about before anything is sent; a page resent
// after lost attempts says what the ledger booked.
import type { BrowserContext, Page } from '@playwright/test';
import { FIND_PROSPECTS } from '../../lib/prospect/prospect-page';
import { openPanel } from '../demo/panel';
import { checkMoneyInvariant } from '../support/money-invariant';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { configureByMessage, sendFromExtensionPage, tabIdOf, workerIdle } from './worker-state';

const peopleCalls = (emulator: EmulatorUnderTest, key: string) => emulator.control.ledger(key).filter((e) => e.path === '/v1/people');

async function openProspect(page: Page, extensionId: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/prospect.html`);
  await expect(page.getByRole('heading', { name: 'Find prospects' })).toBeVisible();
}

/** Founders and BD people with Telegram on file, sorted by name. */
async function fillFilteredPeopleSearch(page: Page): Promise<void> {
  await expect(page.getByRole('radio', { name: 'People' })).toBeChecked();
  await page.getByLabel('Roles', { exact: true }).fill('founder, bd');
  await page.getByLabel('Channels on file', { exact: true }).fill('telegram');
  await page.getByLabel('Sort by', { exact: true }).selectOption('name');
}

const results = (page: Page) => page.getByRole('table', { name: 'Results' });
const resultRows = (page: Page) => results(page).locator('tbody tr');

test('a filtered people search: 5, again 0, "Next 100" 5, saving 20 as leads 0, one of them on X afterwards 0', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  test.setTimeout(90_000);
  const page = await context.newPage();
  await configureByMessage(page, extensionId, emulator.baseUrl, 'test_pro');
  await openProspect(page, extensionId);
  await fillFilteredPeopleSearch(page);
  expect(peopleCalls(emulator, 'test_pro')).toHaveLength(0); // choosing filters sends nothing

  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(resultRows(page)).toHaveCount(100);
  const calls = peopleCalls(emulator, 'test_pro');
  expect(calls.map((e) => e.query)).toEqual(['roles=bd,founder&channels=telegram&sort=name&page=1&limit=100']);
  expect(emulator.charged('test_pro')).toBe(5);
  const summary = page.getByRole('status').filter({ hasText: 'people in all' });
  await expect(summary).toContainText('100 shown · this page 5 credits charged');
  const total = Number((await summary.textContent())!.match(/^([\d,]+) people in all/)![1]!.replace(/,/g, ''));
  expect(total).toBeGreaterThan(200);
  const restPages = Math.ceil(total / 100) - 1;
  await expect(page.getByText(`The other ${restPages} pages would cost ${restPages * 5} credits in all.`)).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'opening them on X or LinkedIn then costs 0 credits' })).toBeVisible();

  // The same search again: the cache's answer, 0 credits, no call.
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(summary).toContainText('this page from cache · 0 credits');
  expect(peopleCalls(emulator, 'test_pro')).toHaveLength(1);
  expect(emulator.charged('test_pro')).toBe(5);

  // "Next 100": the second page, 5 credits, rows added (each record once).
  await page.getByRole('button', { name: 'Next 100 · 5 credits' }).click();
  await expect(resultRows(page)).toHaveCount(200);
  expect(peopleCalls(emulator, 'test_pro').map((e) => e.query)[1]).toBe('roles=bd,founder&channels=telegram&sort=name&page=2&limit=100');
  expect(emulator.charged('test_pro')).toBe(10);

  // Twenty results saved as leads: 0 credits, no call.
  const ledgerBefore = emulator.control.ledger('test_pro').length;
  const twenty = resultRows(page)
    .filter({ has: page.getByRole('link', { name: /^@/ }) })
    .locator('input[type=checkbox]');
  for (let i = 0; i < 20; i++) await twenty.nth(i).check();
  await page.getByRole('button', { name: 'Save as leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 20 as leads (20 new) · 0 credits.' })).toBeVisible();
  await expect(results(page).getByText('Saved · New')).toHaveCount(20);
  expect(emulator.control.ledger('test_pro').length).toBe(ledgerBefore);
  expect(emulator.charged('test_pro')).toBe(10);

  // One of them on X afterwards, with the panel open: known, so 0 more.
  const row = resultRows(page).filter({ hasText: 'Saved · New' }).first();
  const name = (await row.locator('th .prospect-table__name').textContent())!;
  const handle = (await row.getByRole('link', { name: /^@/ }).textContent())!.slice(1);
  await serveSites(context, { x: { [handle]: name } });
  const tab = await context.newPage();
  await tab.goto(`https://x.com/${handle}`);
  const panel = await openPanel(context, extensionId, await tabIdOf(serviceWorker, tab));
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('group', { name: 'How this was matched' })).toContainText('0 credits · from your people search');
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(10);

  const spending = await sendFromExtensionPage<{ entries: Array<{ creditsCharged: number; estimated?: boolean; path: string }> }>(
    page,
    'getSpending',
    undefined,
  );
  const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
  expect(check, check.problem).toMatchObject({ ok: true });
});

test('a sample key’s list is marked NOT REAL DATA on every row and cannot be saved', async ({ context, extensionId, emulator }) => {
  const page = await context.newPage();
  await configureByMessage(page, extensionId, emulator.baseUrl, 'test_free_empty');
  await openProspect(page, extensionId);
  await fillFilteredPeopleSearch(page);
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();

  await expect(page.getByRole('alert').filter({ hasText: /^NOT REAL DATA/ })).toBeVisible();
  const rows = resultRows(page);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(rows.filter({ hasText: 'NOT REAL DATA' })).toHaveCount(count);
  for (const box of await rows.locator('input[type=checkbox]').all()) await expect(box).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save as leads' })).toBeDisabled();

  // Asked directly, the worker refuses too: it never kept a sample row.
  const id = await sendFromExtensionPage<{ ok: boolean; rows: Array<{ id: string }> }>(page, 'prospect', {
    query: { list: 'people', roles: ['founder', 'bd'], channels: ['telegram'], sort: 'name' },
    page: 1,
  });
  const refused = await sendFromExtensionPage<{ ok: boolean; message?: string }>(page, 'saveLead', { personId: id.rows[0]!.id });
  expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('NOT REAL DATA') });
  expect(emulator.charged('test_free_empty')).toBe(0);
});

/** "Find prospects" reached as a rep does: the toolbar popup, then its button (a new tab). */
async function prospectFromPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const opened = context.waitForEvent('page');
  await popup.getByRole('button', { name: FIND_PROSPECTS }).click();
  const page = await opened;
  await expect(page.getByRole('heading', { level: 1, name: FIND_PROSPECTS })).toBeVisible();
  await popup.close();
  return page;
}

test('a fresh account: roles and channels are offered before the first search; a role outside them is asked about, nothing sent', async ({
  context,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_pro');
  const page = await prospectFromPopup(context, extensionId);
  // Before any answer: the starting list, labelled a suggestion.
  await expect(page.getByRole('group', { name: 'Roles suggested' }).getByRole('button', { name: 'bd' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Channels on file suggested' }).getByRole('button', { name: 'telegram' })).toBeVisible();

  await page.getByLabel('Roles', { exact: true }).fill('Business Development');
  await page.getByLabel('Channels on file', { exact: true }).fill('Telegram');
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No role “Business Development” seen — did you mean bd?' })).toBeVisible();
  expect(peopleCalls(emulator, 'test_pro')).toHaveLength(0);

  await page.getByRole('button', { name: 'Use bd' }).click();
  await expect(page.getByLabel('Roles', { exact: true })).toHaveValue('bd');
  expect(peopleCalls(emulator, 'test_pro')).toHaveLength(0);
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(resultRows(page)).toHaveCount(100);
  expect(peopleCalls(emulator, 'test_pro').map((e) => e.query)).toEqual(['roles=bd&channels=telegram&sort=recent&page=1&limit=100']);

  // The directory's facets replace the suggestion, kept for the account: a fresh page offers them, dated.
  const next = await prospectFromPopup(context, extensionId);
  const listed = next.getByRole('group', { name: 'Roles listed by the directory' });
  await expect(listed.getByRole('button', { name: 'research' })).toBeVisible();
  await expect(next.getByText(/Listed by the directory as of/).first()).toBeVisible();
  expect(emulator.charged('test_pro')).toBe(5);
});

test('a search whose first two attempts are lost before any byte says it may have cost 15, as the ledger booked', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_pro');
  const page = await prospectFromPopup(context, extensionId);
  await page.getByLabel('Roles', { exact: true }).fill('bd');
  // Served and charged, then the connection closed before any byte: Chromium sends such a GET again by
  // itself (lost too), then the worker resends it once, and that answer arrives.
  emulator.control.inject({ chargeThenDrop: 2 });
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'people in all' })).toContainText(
    '100 shown · this page may have cost 15 credits',
    { timeout: 20_000 },
  );
  expect(peopleCalls(emulator, 'test_pro').map((e) => e.creditsCharged)).toEqual([5, 5, 5]);
  await workerIdle(serviceWorker);
  const spending = await sendFromExtensionPage<{ entries: Array<{ creditsCharged: number; estimated?: boolean; path: string }> }>(
    page,
    'getSpending',
    undefined,
  );
  const booked = spending.entries.filter((e) => e.path.startsWith('/v1/people?'));
  expect(booked.reduce((sum, e) => sum + e.creditsCharged, 0)).toBe(15);
  const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
  expect(check, check.problem).toMatchObject({ ok: true });
});
