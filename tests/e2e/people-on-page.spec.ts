import type { BrowserContext, Page, Worker } from '@playwright/test';
import { JOURNAL_PREFIX } from '../../lib/storage/keys';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { readRecords } from './records-db';
import { linkedinSearchRow, serveSites, type LinkedInListRow } from './site-fixtures';
import { sendFromExtensionPage, tabIdReporting, tabState, workerIdle } from './worker-state';

// "People on this page" (issue 26) on an X followers page, a LinkedIn people search and a company's People tab, served by route. Money is read from the
// emulator's ledger: what the "server" received and charged.

const A = ANCHORS;
const KEY = 'test_pro';
const OWNER = A.fund.twitterHandle;
const FOLLOWERS = `https://x.com/${OWNER}/followers`;
const KNOWN = [A.founder, A.fundPerson, A.angel];
const UNKNOWN = [A.cofounder, A.telegramEmailOnly, A.exchangePerson, A.defunctProjectPerson, A.altRolesFundPerson];
const ROWS: ReadonlyArray<{ name: string; handle: string }> = [...KNOWN, ...UNKNOWN].map((p) => ({
  name: p.name,
  handle: p.twitterHandle,
}));

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

/** The followers page with `rows`, settings patched, and a panel on its tab: its "People on this page" region. */
async function followersPanel(
  { context, serviceWorker, extensionId }: { context: BrowserContext; serviceWorker: Worker; extensionId: string },
  settings: Parameters<typeof patchSettings>[1],
  rows = ROWS,
) {
  await serveFollowers(context, rows);
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  await patchSettings(admin, settings);
  const x = await context.newPage();
  await x.goto(FOLLOWERS);
  const tabId = await tabIdReporting(serviceWorker, OWNER);
  const panel = await openPanel(context, extensionId, tabId);
  return panel.getByRole('region', { name: 'People on this page' });
}

/** Three followers nobody knows yet, all selected: the button reads "Look up 3 · 15 credits". */
async function threeUnknownSelected(fixtures: Parameters<typeof followersPanel>[0]) {
  const three = UNKNOWN.slice(0, 3).map((p) => ({ name: p.name, handle: p.twitterHandle }));
  const region = await followersPanel(fixtures, { autoLookup: 'never' }, three);
  await expect(region.getByRole('status')).toHaveText('0 known · 3 not looked up', { timeout: 15_000 });
  await region.getByRole('button', { name: 'Select all not known' }).click();
  return region;
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
  await workerIdle(serviceWorker);
  expect(await storedPeople(serviceWorker, tabId)).toBeNull();
  expect(emulator.charged(KEY)).toBe(15);

  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('checkbox')).toHaveCount(8, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('3 known · 5 not looked up');
  await expect(region.getByText(/Known · 0 credits/)).toHaveCount(3);
  // The panel's own lookup of the page's profile (the fund, automatic while watched) settles first.
  await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 15_000 }).toBe('matched');
  await workerIdle(serviceWorker);
  const before = emulator.charged(KEY);

  await region.getByRole('button', { name: 'Select all not known' }).click();
  await region.getByRole('button', { name: 'Look up 5 · 25 credits' }).click();
  await expect(region.getByRole('status')).toHaveText('8 known · 0 not looked up', { timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect(emulator.charged(KEY) - before).toBe(25);

  // Again: the page read anew (a reload) knows all 8 for free.
  const seen = searches(emulator);
  await x.reload();
  await expect(region.getByRole('status')).toHaveText('8 known · 0 not looked up', { timeout: 15_000 });
  await workerIdle(serviceWorker);
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

test('with 10 credits left in today\'s budget, "Look up 8" says why before the click and cannot be sent', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const region = await followersPanel({ context, serviceWorker, extensionId }, { dailyBudget: 10, autoLookup: 'never' });
  await expect(region.getByRole('status')).toHaveText('0 known · 8 not looked up', { timeout: 15_000 });
  const seen = emulator.control.ledger(KEY).length;

  await region.getByRole('button', { name: 'Select all not known' }).click();
  // One at a time, 8 lookups hold 7 × 5 + (5 + a resend's 5) = 45 of today's budget: the quote says so before the click.
  await expect(region.getByRole('button', { name: 'Look up 8 · 40 credits' })).toBeDisabled();
  await expect(region.getByRole('note')).toContainText(
    'Today’s credit budget has 10 credits left; these 8 calls need 45 credits set aside',
  );
  expect(emulator.control.ledger(KEY).length).toBe(seen);
  expect(emulator.charged(KEY)).toBe(0);
  await expect(region.getByRole('status')).toHaveText('0 known · 8 not looked up');
});

test('"Look up 3 · 15 credits" whose price rises to 9 as it starts pays for one call at most and asks again before the rest', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const region = await threeUnknownSelected({ context, serviceWorker, extensionId });
  const button = region.getByRole('button', { name: 'Look up 3 · 15 credits' });
  await expect(button).toBeEnabled();

  // The account's price rises after the label was drawn: the first call is charged 9.
  emulator.control.configure({ prices: { basic: 9 } });
  await button.click();
  await expect(region.getByText(/The price of a lookup (rose|changed) from 5 credits/).first()).toBeVisible({ timeout: 15_000 });
  expect(emulator.charged(KEY)).toBe(9);
  expect(emulator.charged(KEY)).toBeLessThanOrEqual(19);
  expect(searches(emulator)).toBe(1);
  // The rest wait for the rep, quoted at the new price once /v1/me (free) was read again.
  await expect(region.getByRole('button', { name: 'Look up 2 · 18 credits' })).toBeVisible({ timeout: 15_000 });
  expect(emulator.charged(KEY)).toBe(9);
});

test('"Look up 3 · 15 credits" whose price rises to 9 after its first call pays at most 19 and asks before the rest', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const region = await threeUnknownSelected({ context, serviceWorker, extensionId });
  // Each answer takes 0.8 s: the price rises while the second request waits on the server (it is priced after the wait).
  emulator.control.configure({ latencyMs: 800 });
  await region.getByRole('button', { name: 'Look up 3 · 15 credits' }).click();
  await expect.poll(() => searches(emulator), { intervals: [20] }).toBe(1);
  emulator.control.configure({ prices: { basic: 9 } });
  await expect(region.getByText(/The price of a lookup (rose|changed) from 5 credits/).first()).toBeVisible({ timeout: 15_000 });
  emulator.control.configure({ latencyMs: 0 });
  const charged = emulator.control
    .ledger(KEY)
    .filter((e) => e.path.startsWith('/v1/search'))
    .map((e) => e.creditsCharged);
  expect(charged).toEqual([5, 9]);
  expect(emulator.charged(KEY)).toBeLessThanOrEqual(19);
  await expect(region.getByRole('status')).toHaveText('2 known · 1 not looked up');
});

// LinkedIn: rows carry no handle, so a row is known on its name *and* company (here in its headline).
const LI_KNOWN = [
  { p: A.founder, company: 'QuantLayer' },
  { p: A.fundPerson, company: 'Meridian Ventures' },
  { p: A.noSlug, company: 'Launchwell' },
];
const LI_UNKNOWN = [
  { p: A.cofounder, company: 'QuantLayer' },
  { p: A.telegramEmailOnly, company: 'Harborline' },
];
const liRow = ({ p, company }: { p: { name: string; twitterHandle: string }; company: string }): LinkedInListRow => ({
  name: p.name,
  slug: p.name.toLowerCase().replace(/\W+/g, '-'),
  headline: `Partner at ${company}`,
});
const LI_SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=crypto';
const LI_COMPANY_PEOPLE = 'https://www.linkedin.com/company/quantlayer/people/';

const tabIds = (worker: Worker): Promise<number[]> =>
  worker.evaluate(async () =>
    (
      await (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id?: number }>> } } }).chrome.tabs.query({})
    ).map((t) => t.id!),
  );

/** Opens `url` in a new tab and returns its id (a list page reports no profile to find it by; tab URLs are not ours to read). */
async function openTab(context: BrowserContext, worker: Worker, url: string): Promise<{ page: Page; tabId: number }> {
  const before = new Set(await tabIds(worker));
  const page = await context.newPage();
  await page.goto(url);
  let tabId: number | undefined;
  await expect.poll(async () => (tabId = (await tabIds(worker)).find((id) => !before.has(id)))).toBeDefined();
  return { page, tabId: tabId! };
}

async function searchedFromPopup(context: BrowserContext, extensionId: string, handles: string[]): Promise<void> {
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  for (const q of handles) await sendFromExtensionPage(admin, 'search', { q });
  await admin.close();
}

test('LinkedIn people search: 3 of 5 known for 0 credits; "Look up 2 · 10 credits" costs exactly 10, again 0; scrolling adds rows; nothing read with no panel', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const rows = [...LI_KNOWN, ...LI_UNKNOWN].map(liRow);
  await serveSites(context, { linkedinLists: { 'search/results/people': rows } });
  // Three of them already paid for (popup searches by X handle): the knowledge index knows their name and company.
  await searchedFromPopup(
    context,
    extensionId,
    LI_KNOWN.map(({ p }) => p.twitterHandle),
  );
  expect(emulator.charged(KEY)).toBe(15);

  // No panel: the page is not read, nothing is kept, nothing is sent.
  const { page: li, tabId } = await openTab(context, serviceWorker, LI_SEARCH);
  await workerIdle(serviceWorker);
  expect(await storedPeople(serviceWorker, tabId)).toBeNull();
  expect([searches(emulator), emulator.charged(KEY)]).toEqual([3, 15]);

  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('checkbox')).toHaveCount(5, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('3 known · 2 not looked up');
  await expect(region.getByText(/Known · 0 credits/)).toHaveCount(3);
  for (const { p } of LI_KNOWN) await expect(region.getByRole('checkbox', { name: p.name })).toBeVisible();
  expect(emulator.charged(KEY)).toBe(15);

  await region.getByRole('button', { name: 'Select all not known' }).click();
  await region.getByRole('button', { name: 'Look up 2 · 10 credits' }).click();
  await expect(region.getByRole('status')).toHaveText('5 known · 0 not looked up', { timeout: 15_000 });
  await expect.poll(() => emulator.charged(KEY)).toBe(25);

  // Again: the page read anew (a reload) knows all 5 for free.
  const seen = searches(emulator);
  await li.reload();
  await expect(region.getByRole('status')).toHaveText('5 known · 0 not looked up', { timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect(emulator.charged(KEY)).toBe(25);
  expect(searches(emulator)).toBe(seen);

  // Scrolling: LinkedIn renders more results; they join the list with no paid call.
  const more = liRow({ p: A.notFound, company: 'Nowhere Labs' });
  await li.evaluate((html) => document.getElementById('rows')!.insertAdjacentHTML('beforeend', html), linkedinSearchRow(more));
  await expect(region.getByRole('checkbox')).toHaveCount(6, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('5 known · 1 not looked up');
  expect(emulator.charged(KEY)).toBe(25);
  expect(searches(emulator)).toBe(seen);
});

test('LinkedIn company People tab: a known row is free; with 5 credits left today, "Look up 3 · 15 credits" says why before the click', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const rows = [LI_KNOWN[0]!, ...LI_UNKNOWN, { p: A.defunctProjectPerson, company: 'Lumen Drift' }].map(liRow);
  await serveSites(context, { linkedinLists: { 'company/quantlayer/people': rows } });
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  await patchSettings(admin, { dailyBudget: 10, autoLookup: 'never' });
  await searchedFromPopup(context, extensionId, [A.founder.twitterHandle]);
  expect(emulator.charged(KEY)).toBe(5);

  const { tabId } = await openTab(context, serviceWorker, LI_COMPANY_PEOPLE);
  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  // Four people ("LinkedIn Member", who links no profile, is no row).
  await expect(region.getByRole('checkbox')).toHaveCount(4, { timeout: 15_000 });
  await expect(region.getByRole('status')).toHaveText('1 known · 3 not looked up');
  await expect(region.getByText(/Known · 0 credits/)).toHaveCount(1);
  const seen = emulator.control.ledger(KEY).length;

  await region.getByRole('button', { name: 'Select all not known' }).click();
  await expect(region.getByRole('button', { name: 'Look up 3 · 15 credits' })).toBeDisabled();
  await expect(region.getByRole('note')).toContainText('Today’s credit budget has 5 credits left; these 3 calls need 20 credits set aside');
  expect(emulator.control.ledger(KEY).length).toBe(seen);
  expect(emulator.charged(KEY)).toBe(5);
  await expect(region.getByRole('status')).toHaveText('1 known · 3 not looked up');
});

test('a followers name with a right-to-left override stays in its own <bdi>; a worker stopped during "Look up 3" gives the rows back at its restart', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  // The "Mira pu dekool ton sngised_arim@ Okafar": an override (U+202E) reversing the rest of the row.
  const three = UNKNOWN.slice(0, 3).map((p, i) => ({ name: i === 0 ? 'Mira \u202Eraflako\u202C' : p.name, handle: p.twitterHandle }));
  const region = await followersPanel({ context, serviceWorker, extensionId }, { autoLookup: 'never' }, three);
  await expect(region.getByRole('status')).toHaveText('0 known · 3 not looked up', { timeout: 15_000 });
  const mira = region.getByRole('list', { name: 'People' }).getByRole('listitem').first();
  await expect(mira.locator('label bdi')).toHaveText('Mira raflako');
  expect(await mira.textContent()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

  // The first search is held on the wire by the API (journaled just before it is sent) when Chrome stops the worker.
  emulator.control.configure({ latencyMs: 4_000 });
  await region.getByRole('button', { name: 'Select all not known' }).click();
  await region.getByRole('button', { name: 'Look up 3 · 15 credits' }).click();
  await expect(region.getByRole('status')).toHaveText('0 known · 0 not looked up');
  await expect.poll(async () => Object.keys(await readRecords(serviceWorker, JOURNAL_PREFIX)).length, { timeout: 10_000 }).toBe(1);
  emulator.control.configure({ latencyMs: 0 });
  const cdp = await context.newCDPSession(region.page());
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // The panel reconnects, which starts the worker again: the rows are selectable, each saying what was booked.
  await expect(region.getByRole('status')).toHaveText('0 known · 3 not looked up', { timeout: 10_000 });
  await expect(region.getByText(/The call may have been charged\. 5 credits booked/)).toHaveCount(1);
  await expect(region.getByText(/before it was sent\. Nothing was sent, nothing charged/)).toHaveCount(2);
  await region.getByRole('button', { name: 'Select all not known' }).click();
  await expect(region.getByRole('button', { name: 'Look up 3 · 15 credits' })).toBeEnabled();
});

test('LinkedIn people search over budget: rows show their headline; "Look up the 2 that fit" pays exactly 10, "+50 today and look up" the third', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const three = [...LI_UNKNOWN, { p: A.exchangePerson, company: 'Tidewater' }];
  await serveSites(context, { linkedinLists: { 'search/results/people': three.map(liRow) } });
  const admin = await context.newPage();
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  await patchSettings(admin, { dailyBudget: 15, autoLookup: 'never' });
  const { tabId } = await openTab(context, serviceWorker, LI_SEARCH);
  const panel = await openPanel(context, extensionId, tabId);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('status')).toHaveText('0 known · 3 not looked up', { timeout: 15_000 });
  // What LinkedIn shows of each, for free; and no idle-profile card under the list.
  const rows = region.getByRole('list', { name: 'People' }).getByRole('listitem');
  for (const { p, company } of three) await expect(rows.filter({ hasText: p.name })).toContainText(`Partner at ${company} — not looked up`);
  await expect(panel.getByText('Open an X or LinkedIn profile')).toHaveCount(0);

  // 3 lookups hold 2 × 5 + (5 + a resend's 5) = 20 of the 15 left today; 2 hold 15.
  await region.getByRole('button', { name: 'Select all not known' }).click();
  await expect(region.getByRole('button', { name: 'Look up 3 · 15 credits' })).toBeDisabled();
  await expect(region.getByRole('button', { name: '+50 today and look up · 15 credits' })).toBeVisible();
  await region.getByRole('button', { name: 'Look up the 2 that fit · 10 credits' }).click();
  await expect(region.getByRole('status')).toHaveText(/ · 1 not looked up$/, { timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect([searches(emulator), emulator.charged(KEY)]).toEqual([2, 10]);

  // The third (still selected) no longer fits the 5 left: today's budget +50, then it is looked up.
  await region.getByRole('button', { name: '+50 today and look up · 5 credits' }).click();
  await expect(region.getByRole('status')).toHaveText(/ · 0 not looked up$/, { timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect([searches(emulator), emulator.charged(KEY)]).toEqual([3, 15]);
});
