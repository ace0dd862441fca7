// Issue 42, "Who is really on screen", in Chromium against the emulator's ledger: an X account is known by its
// user id (the follow control's, tests/e2e/site-fixtures.ts), not its handle. A saved, noted lead renamed on X is
// still that lead, for nothing; the old handle taken by another account is not them, and costs nothing either.
import type { Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { openPanel } from '../demo/panel';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites, xIdOf, type SiteDirectory } from './site-fixtures';
import { confirmReveal, tabIdOf, tabState, workerIdle } from './worker-state';

const ADA = ANCHORS.founder; // the directory lists her as @AdaQuant
const KEY = 'test_pro';
const NOTE = 'Met at Token2049, wants the deck';
/** "Nov 28": how a card writes a day (today here: every sighting in this test is today's). */
const today = () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(Date.now());

/** What the emulator has been asked so far (every call, paid or not) and what it charged. */
const ledger = (emulator: EmulatorUnderTest) => ({ calls: emulator.control.ledger(KEY).length, credits: emulator.charged(KEY) });

const person = (panel: Page) => panel.getByRole('region', { name: 'Person' });

test('renamed on X: the same id under @ada_eth is the saved lead, for 0 credits, "formerly @AdaQuant"; @AdaQuant on another id is not her and costs nothing', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  // X's pages: @ada_eth shows Ada's account id (she renamed); the directory still lists @AdaQuant.
  const sites: SiteDirectory = { x: { [ADA.twitterHandle]: ADA.name, ada_eth: ADA.name }, xIds: { ada_eth: xIdOf(ADA.twitterHandle) } };
  await serveSites(context, sites);
  await configureKey(KEY);
  const tab = await context.newPage();
  await tab.goto(`https://x.com/${ADA.twitterHandle}`);
  const tabId = await tabIdOf(serviceWorker, tab);
  const panel = await openPanel(context, extensionId, tabId);

  // Looked up (5), revealed (10), saved as a lead, Contacted, a note: as a rep works her from the card.
  await expect(person(panel).getByRole('heading', { name: ADA.name })).toBeVisible({ timeout: 15_000 });
  expect(await tabState(serviceWorker, tabId)).toMatchObject({ hints: { xId: xIdOf(ADA.twitterHandle) } });
  await confirmReveal(panel, person(panel));
  const channels = person(panel).getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('link', { name: 'ada@quantlayer.xyz' })).toBeVisible({ timeout: 15_000 });
  await person(panel).getByRole('button', { name: 'Save lead' }).click();
  const fields = person(panel).getByRole('group', { name: 'Edit lead' });
  await fields.getByRole('combobox', { name: 'Status' }).selectOption('Contacted');
  await fields.getByRole('textbox', { name: 'Note' }).fill(NOTE);
  await fields.getByRole('button', { name: 'Add note' }).click();
  await expect(person(panel).getByText('Note added.')).toBeVisible();
  await workerIdle(serviceWorker);
  const paid = ledger(emulator);
  expect(paid.credits).toBe(15);

  // Renamed: her id under @ada_eth. The directory lists no @ada_eth, yet the card is hers, for nothing.
  await tab.goto('https://x.com/ada_eth');
  const how = panel.getByRole('group', { name: 'How this was matched' });
  await expect(how).toContainText(`formerly @${ADA.twitterHandle} (seen ${today()})`, { timeout: 15_000 });
  await expect(how).toContainText(/(^|\D)0 credits/);
  await expect(person(panel).getByRole('heading', { name: ADA.name })).toBeVisible();
  const saved = person(panel).getByRole('button', { name: /^Saved · Contacted/ });
  await expect(saved).toBeVisible();
  if ((await saved.getAttribute('aria-expanded')) !== 'true') await saved.click();
  await expect(person(panel).getByRole('group', { name: 'Edit lead' })).toContainText(NOTE);
  await workerIdle(serviceWorker);
  expect(ledger(emulator)).toEqual(paid);

  // Reused: @AdaQuant now shows another account's id. Not her: no card, no Save, no Reveal, none of her channels.
  sites.xIds!.AdaQuant = '1700000000000000001';
  await tab.goto(`https://x.com/${ADA.twitterHandle}`);
  await expect(
    panel.getByText(
      `@${ADA.twitterHandle} now belongs to a different X account than the one seen as @${ADA.twitterHandle} on ${today()}; ` +
        `the directory still lists @${ADA.twitterHandle} as ${ADA.name}.`,
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Look up anyway · 5 credits' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: ADA.name, exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Reveal/ })).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Contact channels' })).toHaveCount(0);
  await expect(panel.getByText('ada@quantlayer.xyz')).toHaveCount(0);
  await workerIdle(serviceWorker);
  expect(ledger(emulator)).toEqual(paid);
});
