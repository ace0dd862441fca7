// The README's three screenshots, from real states in the real side panel: the panel a user opens from
// the toolbar popup ("Open side panel"), following the active tab, so no "Pinned to one tab" chip. The
// worker looks Ada up against the emulator (a Pro key, the plan's default budget), the reveal dialog is
// opened on her real card, and the budget pause is a real pause: every number in them comes from the one
// meter and agrees with its neighbours. They are taken at the panel's minimum width, 320 px.
//
// One command takes them and copies them to docs/screenshots: `npm run screenshots:readme`
// (tools/screenshots/readme-screenshots.ts: build, this spec, copy).
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { expect, test } from './fixtures';
import { PANEL_WIDTH, screenshotPath } from './gallery';
import { RealSidePanel } from './real-side-panel';
import { serveSites } from './site-fixtures';
import { configureByMessage } from './worker-state';

const A = ANCHORS;
const KEY = 'test_pro';

test('README screenshots: a real lookup, its reveal dialog and a real budget pause in the real side panel, with one set of numbers', async ({
  context,
  extensionId,
  emulator,
}) => {
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, KEY);
  // The first-use note has been read (the shots show the cards).
  await patchSettings(admin, { lookupNoteSeen: true });
  await serveSites(context, { x: { [A.founder.twitterHandle]: A.founder.name, [A.cofounder.twitterHandle]: A.cofounder.name } });

  const panel = await RealSidePanel.open(context, extensionId);
  // As tall as the gallery's panel pages, so a card and its dialog fit in one shot.
  await panel.resize({ width: PANEL_WIDTH, height: 900 });
  // The rep opens Ada's profile: the panel follows the tab and looks her up by itself.
  const x = await context.newPage();
  await x.goto(`https://x.com/${A.founder.twitterHandle}`);
  await x.bringToFront();

  await panel.one('heading', A.founder.name, 15_000);
  await panel.one('status', /spent today 5 of 270 · pro/);
  expect(await panel.url(), 'the real panel, not sidepanel.html?tabId=N').toBe(`chrome-extension://${extensionId}/sidepanel.html`);
  expect(await panel.text()).not.toContain('Pinned to one tab');
  await panel.photograph(screenshotPath('readme-matched', 'light'));

  await panel.click('button', 'Reveal contact…');
  await panel.one('dialog', 'Confirm reveal');
  await panel.expectText('265 credits left of 270');
  await panel.colorScheme('dark');
  await panel.photograph(screenshotPath('readme-reveal-dialog', 'dark'));
  await panel.click('button', 'Cancel');
  await expect.poll(() => panel.find('dialog', 'Confirm reveal')).toEqual([]);
  await panel.colorScheme('light');

  // A budget of 8 with 5 spent: 3 left, less than the next lookup holds. A real pause on the next profile.
  await patchSettings(admin, { dailyBudget: 8 });
  await panel.one('status', /spent today 5 of 8 · pro/);
  await x.goto(`https://x.com/${A.cofounder.twitterHandle}`);
  await panel.one('button', /^Look up anyway/, 15_000);
  await panel.expectText(/Today’s credit budget has 3 credits left/);
  await panel.photograph(screenshotPath('readme-paused-budget', 'light'));
  expect(emulator.charged(KEY)).toBe(5);
  await panel.detach();
});
