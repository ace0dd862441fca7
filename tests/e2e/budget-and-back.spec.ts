// The budget pause and the panel's back stack, in Chromium against the emulator's ledger (the server's
// truth): one click past the budget pays for exactly one lookup, and going back never pays again.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { openPanel } from '../demo/panel';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { configureByMessage, sendFromExtensionPage, tabIdOf, workerIdle } from './worker-state';

const A = ANCHORS;

const personHeading = (panel: Page, name: string) => panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name });

async function setUp(context: BrowserContext, extensionId: string, emulator: EmulatorUnderTest): Promise<Page> {
  await serveSites(context, { x: { [A.founder.twitterHandle]: A.founder.name, [A.cofounder.twitterHandle]: A.cofounder.name } });
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, 'test_pro');
  return admin;
}

async function founderTab(context: BrowserContext, serviceWorker: Worker, extensionId: string) {
  const x = await context.newPage();
  await x.goto(`https://x.com/${A.founder.twitterHandle}`);
  const tabId = await tabIdOf(serviceWorker, x);
  return { x, tabId, panel: await openPanel(context, extensionId, tabId) };
}

test('budget pause names the profile; "Look up anyway · 5 credits" shows the card for exactly +5', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await setUp(context, extensionId, emulator);
  await patchSettings(admin, { dailyBudget: 4 });
  const { panel } = await founderTab(context, serviceWorker, extensionId);
  await expect(
    panel.getByText(
      /^Paused before looking up Ada Lindqvist \(@AdaQuant on X\)\. Today’s credit budget has 4 credits left; this call needs 10 credits set aside: it costs 5 credits, and an answer lost on the way can be charged twice\. Nothing was sent, nothing charged\.$/,
    ),
  ).toBeVisible({ timeout: 15_000 });
  const before = emulator.charged('test_pro');
  await panel.getByRole('button', { name: 'Look up anyway · 5 credits' }).click();
  await expect(personHeading(panel, A.founder.name)).toBeVisible({ timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro') - before).toBe(5);
});

test('a popup pick replaces the card; "Back to Ada Lindqvist (on screen)" shows her card again at no charge', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await setUp(context, extensionId, emulator);
  const { panel } = await founderTab(context, serviceWorker, extensionId);
  await expect(personHeading(panel, A.founder.name)).toBeVisible({ timeout: 15_000 });
  // What the popup sends: a search (5), then the row chosen (no call).
  const found = await sendFromExtensionPage<{ ok: boolean; people: Array<{ id: string }> }>(admin, 'search', { q: A.cofounder.name });
  const tomas = found.people.find((p) => p.id === A.cofounder.id);
  expect(tomas).toBeDefined();
  await sendFromExtensionPage(admin, 'showRecord', { person: tomas });
  const picked = panel.getByRole('region', { name: 'From your search' });
  await expect(picked.getByRole('heading', { name: A.cofounder.name })).toBeVisible();
  await expect(personHeading(panel, A.founder.name)).toHaveCount(0);
  const before = emulator.charged('test_pro');
  expect(before).toBe(10);

  await picked.getByRole('button', { name: `Back to ${A.founder.name} (on screen)` }).click();
  await expect(personHeading(panel, A.founder.name)).toBeVisible();
  await expect(panel.getByRole('region', { name: 'From your search' })).toHaveCount(0);
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(before);
});
