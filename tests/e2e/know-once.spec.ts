// Know once, pay once, in Chromium against the emulator's ledger (the server's truth), with default
// settings and the panel open: a record already in a paid answer is never bought again, matches use
// what the page shows, and the reveal dialog quotes the exact price.
import type { BrowserContext, Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { openPanel } from '../demo/panel';
import { checkMoneyInvariant } from '../support/money-invariant';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { configureByMessage, sendFromExtensionPage, tabIdOf, tabState, workerIdle } from './worker-state';

const A = ANCHORS;
/** "Nov 28": the day a card says a record became known (the page's format, today). */
const today = () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(Date.now());

async function setUp(context: BrowserContext, extensionId: string, emulator: EmulatorUnderTest) {
  await serveSites(context, {
    x: {
      [A.founder.twitterHandle]: A.founder.name,
      [A.cofounder.twitterHandle]: A.cofounder.name,
      [A.founderCompany.twitterHandle]: A.founderCompany.name,
      [A.noSlug.twitterHandle]: A.noSlug.name,
    },
    linkedinPeople: {
      [A.founder.linkedinSlug]: { name: A.founder.name, headline: 'Co-founder & CEO', company: A.founderCompany.name },
      [A.sameName.first.linkedinSlug]: { name: 'Daniel Okafor', headline: 'Head of Growth', company: A.tokenUnknownProject.name },
    },
  });
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, 'test_pro');
  return admin;
}

/** One tab with the panel pinned to it: the rep's setup. */
async function browse(context: BrowserContext, serviceWorker: import('@playwright/test').Worker, extensionId: string, firstUrl: string) {
  const tab = await context.newPage();
  await tab.goto(firstUrl);
  const tabId = await tabIdOf(serviceWorker, tab);
  const panel = await openPanel(context, extensionId, tabId);
  return { tab, tabId, panel };
}

const personHeading = (panel: Page, name: string) => panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name });

test('X then LinkedIn for the same person costs 5 in total', async ({ context, serviceWorker, extensionId, emulator }) => {
  await setUp(context, extensionId, emulator);
  const { tab, panel } = await browse(context, serviceWorker, extensionId, `https://x.com/${A.founder.twitterHandle}`);
  await expect(personHeading(panel, A.founder.name)).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('group', { name: 'How this was matched' })).toContainText('Matched on X handle');
  expect(emulator.charged('test_pro')).toBe(5);

  await tab.goto(`https://www.linkedin.com/in/${A.founder.linkedinSlug}/`);
  const how = panel.getByRole('group', { name: 'How this was matched' });
  await expect(how).toContainText('Matched on name and current company', { timeout: 15_000 });
  // Known from the panel's automatic lookup of her X profile: said so, not as a search the rep never made.
  await expect(how).toContainText(`0 credits · looked up on X, ${today()}`);
  await expect(how.getByRole('button', { name: 'Refresh · 5 credits' })).toBeVisible();
  await expect(personHeading(panel, A.founder.name)).toBeVisible();
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(5);
});

test('loading a team (5) then opening two members’ X profiles costs 0 more', async ({ context, serviceWorker, extensionId, emulator }) => {
  await setUp(context, extensionId, emulator);
  const { tab, panel } = await browse(context, serviceWorker, extensionId, `https://x.com/${A.founderCompany.twitterHandle}`);
  const company = panel.getByRole('region', { name: 'Company' });
  await expect(company.getByRole('heading', { name: A.founderCompany.name })).toBeVisible({ timeout: 15_000 });
  await company.getByRole('button', { name: 'Load team · 5 credits' }).click();
  await expect(company.getByText(A.cofounder.name)).toBeVisible({ timeout: 15_000 });
  expect(emulator.charged('test_pro')).toBe(10);

  for (const member of [A.founder, A.cofounder]) {
    await tab.goto(`https://x.com/${member.twitterHandle}`);
    await expect(personHeading(panel, member.name)).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByRole('group', { name: 'How this was matched' })).toContainText(
      `0 credits · from ${A.founderCompany.name}'s team`,
    );
  }
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(10);
});

test('a popup search then opening a result’s X profile costs 0 more', async ({ context, serviceWorker, extensionId, emulator }) => {
  const admin = await setUp(context, extensionId, emulator);
  const found = await sendFromExtensionPage<{ ok: boolean; people: Array<{ id: string }> }>(admin, 'search', { q: A.noSlug.name });
  expect(found.ok).toBe(true);
  expect(found.people.map((p) => p.id)).toContain(A.noSlug.id);
  expect(emulator.charged('test_pro')).toBe(5);

  const { panel } = await browse(context, serviceWorker, extensionId, `https://x.com/${A.noSlug.twitterHandle}`);
  await expect(personHeading(panel, A.noSlug.name)).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('group', { name: 'How this was matched' })).toContainText(
    `0 credits · from your search for “${A.noSlug.name}”`,
  );
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(5);
});

test('the Daniel Okafor page that names Harborline is matched without asking', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await setUp(context, extensionId, emulator);
  const { tabId, panel } = await browse(
    context,
    serviceWorker,
    extensionId,
    `https://www.linkedin.com/in/${A.sameName.first.linkedinSlug}/`,
  );
  await expect(personHeading(panel, 'Daniel Okafor')).toBeVisible({ timeout: 15_000 });
  expect(await tabState(serviceWorker, tabId)).toMatchObject({
    status: 'matched',
    person: { id: A.sameName.first.id },
    matchedOn: 'name-company',
  });
  await expect(panel.getByRole('group', { name: 'How this was matched' })).toContainText(
    /^Matched on name and current company · 5 credits · \w{3} \d{1,2} · Not them\?/,
  );
  await expect(panel.getByText('Several matches: pick one')).toHaveCount(0);
  expect(emulator.charged('test_pro')).toBe(5);

  // "Not them?" offers the search; nothing is spent until it is asked for.
  await panel.getByRole('button', { name: 'Not them?' }).click();
  await expect(panel.getByRole('searchbox', { name: 'Search the directory for' })).toHaveValue('Daniel Okafor');
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(5);
});

test('the reveal dialog quotes 5 for an already-unlocked contact, and the ledger shows 5', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await setUp(context, extensionId, emulator);
  // Another install of the same account unlocked Ada earlier (its own key, its own ledger).
  const unlock = await fetch(`${emulator.baseUrl}/v1/people/${A.founder.id}?include=private`, {
    headers: { Authorization: 'Bearer test_pro_2' },
  });
  expect(unlock.status).toBe(200);

  const { panel } = await browse(context, serviceWorker, extensionId, `https://x.com/${A.founder.twitterHandle}`);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });
  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toContainText('5 credits (already unlocked by your account)');
  const before = emulator.control.ledger('test_pro').length;
  await dialog.getByRole('button', { name: 'Reveal for 5 credits' }).click();
  await expect(person.getByText(/Revealed .* for 5 credits/)).toBeVisible({ timeout: 15_000 });
  expect(
    emulator.control
      .ledger('test_pro')
      .slice(before)
      .map((e) => e.creditsCharged),
  ).toEqual([5]);
  const spending = await sendFromExtensionPage<{ entries: Array<{ creditsCharged: number; estimated?: boolean; path: string }> }>(
    admin,
    'getSpending',
    undefined,
  );
  const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
  expect(check, check.problem).toMatchObject({ ok: true });
});
