// Issue 23, "the rep's day", in Chromium against the emulator: the person on screen one click from the
// toolbar, a budget that fits the plan, one set of numbers on every page, and a reveal a keyboard and
// screen-reader user can follow.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { submitKeyForm } from './configure';
import { expect, test } from './fixtures';
import { serveSites } from './site-fixtures';
import { configureByMessage, popupFor, tabIdOf } from './worker-state';

const A = ANCHORS;
const KEY = 'test_pro';

/** The Pro plan's default budget by the README's formula: 6,000 credits a month ÷ 22 working days, down to a multiple of 5. */
const PRO_DEFAULT = Math.floor(6000 / 22 / 5) * 5;

async function xTab(context: BrowserContext, worker: Worker, handle: string, name: string): Promise<{ x: Page; tabId: number }> {
  await serveSites(context, { x: { [handle]: name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${handle}`);
  return { x, tabId: await tabIdOf(worker, x) };
}

test.describe('from a fresh install', () => {
  test.use({ keepWelcomePage: true });

  test('the welcome page says how to pin the icon and the shortcut; after the key, an X profile’s card is 2 clicks away', async ({
    context,
    serviceWorker,
    extensionId,
    emulator,
  }) => {
    const isWelcome = (p: Page) => p.url().endsWith('/welcome.html');
    const welcome = context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: 15_000 }));
    const reach = welcome.getByRole('region', { name: 'Keep it one click away' });
    await expect(reach).toContainText('Pin the icon');
    await expect(reach).toContainText('Alt+Shift+D opens the side panel');
    await submitKeyForm(welcome, { baseUrl: emulator.baseUrl, apiKey: KEY });
    await expect(welcome.getByRole('heading', { name: 'Done: the key works' })).toBeVisible({ timeout: 15_000 });

    const { tabId } = await xTab(context, serviceWorker, A.founder.twitterHandle, A.founder.name);
    // Click 1: the toolbar icon. Opening the popup spends nothing.
    const popup = await popupFor(context, extensionId, tabId);
    const onTab = popup.getByRole('region', { name: 'On this tab' });
    await expect(onTab).toContainText(`${A.founder.name} (@${A.founder.twitterHandle} on X) on this tab`, { timeout: 15_000 });
    await expect(onTab.getByRole('button', { name: 'Open side panel' })).toBeVisible();
    expect(emulator.charged(KEY)).toBe(0);
    // Click 2: "Look up · 5 credits" (the meter's price). The card follows.
    await onTab.getByRole('button', { name: 'Look up · 5 credits' }).click();
    await expect(onTab.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });
    await expect(onTab).toContainText('0 credits');
    expect(emulator.charged(KEY)).toBe(5);
  });
});

test('a Pro account’s default budget is the formula’s; after "+50 today" the meter, options page and popup say the same budget', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, KEY);
  await admin.goto(`chrome-extension://${extensionId}/options.html`);
  const budget = admin.getByLabel('Daily credit budget');
  await expect(budget).toHaveValue('');
  await expect(budget).toHaveAttribute('placeholder', `${PRO_DEFAULT} (plan default)`);
  await expect(admin.getByText(/is an assumption/)).toBeVisible();
  await expect(admin.getByTestId('budget-today')).toHaveText(`Today’s budget: ${PRO_DEFAULT} credits.`);

  // A budget that pauses the next lookup, then "+50 today and look up".
  await patchSettings(admin, { dailyBudget: 4 });
  const { tabId } = await xTab(context, serviceWorker, A.founder.twitterHandle, A.founder.name);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 360, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  await panel.getByRole('button', { name: /^\+50 today and look up/ }).click({ timeout: 15_000 });
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: A.founder.name })).toBeVisible({
    timeout: 15_000,
  });

  const meterSays = /spent today 5 of 54\b/;
  await expect(panel.getByRole('status', { name: meterSays })).toBeVisible();
  await admin.reload();
  await expect(admin.getByTestId('budget-today')).toHaveText('Today’s budget: 54 credits (4 + 50 added for today).');
  await expect(admin.getByText('Spent today: 5 credits of today’s 54-credit budget.')).toBeVisible();
  const popup = await popupFor(context, extensionId, tabId);
  await expect(popup.getByRole('status', { name: meterSays })).toBeVisible();
});

test('after a confirmed reveal focus is on the revealed channels and a live region says so; Copy announces "Copied"', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, KEY);
  const { tabId } = await xTab(context, serviceWorker, A.founder.twitterHandle, A.founder.name);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 360, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const person = panel.getByRole('region', { name: 'Person' });
  await person.getByRole('button', { name: 'Reveal contact…' }).click({ timeout: 15_000 });
  await panel
    .getByRole('dialog', { name: 'Confirm reveal' })
    .getByRole('button', { name: /^Reveal for/ })
    .click();

  const channels = person.getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('button', { name: 'Copy Email' })).toBeVisible({ timeout: 15_000 });
  await expect(channels).toBeFocused();
  await expect(person.locator('p.visually-hidden[aria-live="polite"]')).toHaveText('Contact revealed');

  const copy = channels.getByRole('button', { name: 'Copy Email' });
  await copy.click();
  await expect(copy.locator('xpath=following-sibling::*[@aria-live="polite"][1]')).toHaveText('Copied');
});
