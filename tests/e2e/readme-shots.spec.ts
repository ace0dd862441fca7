// The README's three screenshots, from real states: the worker looks Ada up against the emulator (a Pro
// key, the plan's default budget), the reveal dialog is opened on her real card, and the budget pause is
// a real pause. So every number in them comes from the one meter and agrees with its neighbours.
// `npm run screenshots:readme` copies them to docs/screenshots.
//
// The page is sidepanel.html?tabId=N: Playwright cannot open Chromium's side panel itself (it needs a
// user gesture on the toolbar); the page draws the same panel, with a "Pinned to one tab" chip.
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { expect, test } from './fixtures';
import { photograph, PANEL_WIDTH } from './gallery';
import { serveSites } from './site-fixtures';
import { configureByMessage, tabIdOf } from './worker-state';

const A = ANCHORS;
const KEY = 'test_pro';

test('README screenshots: a real lookup, its reveal dialog and a real budget pause, with one set of numbers', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, KEY);
  // The first-use note has been read (the shots show the cards).
  await patchSettings(admin, { lookupNoteSeen: true });
  await serveSites(context, { x: { [A.founder.twitterHandle]: A.founder.name, [A.cofounder.twitterHandle]: A.cofounder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${A.founder.twitterHandle}`);
  const tabId = await tabIdOf(serviceWorker, x);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);

  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('status', { name: /spent today 5 of 270 · pro/ })).toBeVisible();
  await photograph(panel, 'readme-matched', 'light');

  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toContainText('265 credits left of 270');
  await panel.emulateMedia({ colorScheme: 'dark' });
  await photograph(panel, 'readme-reveal-dialog', 'dark');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await panel.emulateMedia({ colorScheme: 'light' });

  // A budget of 8 with 5 spent: 3 left, less than the next lookup holds. A real pause on the next profile.
  await patchSettings(admin, { dailyBudget: 8 });
  await expect(panel.getByRole('status', { name: /spent today 5 of 8 · pro/ })).toBeVisible();
  await x.goto(`https://x.com/${A.cofounder.twitterHandle}`);
  await expect(panel.getByRole('button', { name: /^Look up anyway/ })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText(/Today’s credit budget has 3 credits left/)).toBeVisible();
  await photograph(panel, 'readme-paused-budget', 'light');
  expect(emulator.charged(KEY)).toBe(5);
});
