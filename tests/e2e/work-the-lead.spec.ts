// Issue 38, working the lead from the profile, in Chromium against the emulator: the card's lead editor
// (save, status, follow-up, note: no tab, no call), the popup's "On this tab" card on the same lead, and a
// message on Telegram or by email recorded on the lead for 0 credits. "No call" is the emulator's ledger
// not growing; the money is its charges.
import type { BrowserContext, Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { confirmReveal, openProfileAndPanel, popupFor, workerIdle } from './worker-state';

const A = ANCHORS;
const KEY = 'test_pro';

const requests = (emulator: EmulatorUnderTest) => emulator.control.ledger(KEY).length;

/** The local calendar day `days` from now, as a date field holds it. */
function localDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Counts the clicks a test makes on `page` (what the "at most 5 clicks" measures). */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { clicks: number };
    w.clicks = 0;
    document.addEventListener('click', () => (w.clicks += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

async function openCard(context: BrowserContext, serviceWorker: Parameters<typeof openProfileAndPanel>[1], extensionId: string) {
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, A.founder.twitterHandle, A.founder.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });
  return { panel, person };
}

test('from the card: save, Contacted, a follow-up and a note in 4 clicks and the typing, no tab, no call; the Leads page and the popup agree', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const { panel, person } = await openCard(context, serviceWorker, extensionId);
  const clicks = await countClicks(panel);
  const calls = requests(emulator);
  const tabs = context.pages().length;

  await person.getByRole('button', { name: 'Save lead' }).click();
  const fields = person.getByRole('group', { name: 'Edit lead' });
  await expect(fields.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await fields.getByRole('combobox', { name: 'Status' }).selectOption('Contacted');
  await fields.getByRole('button', { name: 'In 3 days' }).click();
  await fields.getByRole('textbox', { name: 'Note' }).fill('Telegram’d, follow up Friday');
  await fields.getByRole('button', { name: 'Add note' }).click();
  await expect(person.getByText('Note added.')).toBeVisible();
  await expect(person.getByRole('button', { name: /^Saved · Contacted · follow up/ })).toBeVisible();
  await expect(fields.getByLabel('Follow up on')).toHaveValue(localDay(3));

  // The select is one interaction (Playwright's selectOption does not click): 3 clicks.
  expect(await clicks()).toBeLessThanOrEqual(5);
  expect(context.pages().length).toBe(tabs);
  // Anything sent late is in the ledger once the worker is idle.
  await workerIdle(serviceWorker);
  expect(requests(emulator)).toBe(calls);

  // The Leads page (from the panel's header) shows all three.
  const [leads] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Leads', exact: true }).click()]);
  const row = leads.getByRole('row').filter({ hasText: A.founder.name });
  await expect(row).toContainText('Contacted', { timeout: 15_000 });
  await row.getByRole('button', { name: A.founder.name }).click();
  const lead = leads.getByRole('region', { name: 'Lead' });
  await expect(lead.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
  await expect(lead.getByLabel('Follow up on')).toHaveValue(localDay(3));
  await expect(lead.getByRole('list', { name: 'Notes' })).toContainText('Telegram’d, follow up Friday');

  // The toolbar popup's "On this tab" card says the same.
  const tabId = Number(new URL(panel.url()).searchParams.get('tabId'));
  const popup = await popupFor(context, extensionId, tabId);
  const onTab = popup.getByRole('region', { name: 'On this tab' });
  await expect(onTab.getByRole('button', { name: /^Saved · Contacted/ })).toBeVisible({ timeout: 15_000 });
  expect(requests(emulator)).toBe(calls);
});

test('the popup’s "On this tab" card saves the person on the tab in one click, for nothing', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const { panel } = await openCard(context, serviceWorker, extensionId);
  const tabId = Number(new URL(panel.url()).searchParams.get('tabId'));
  await panel.close();
  const popup = await popupFor(context, extensionId, tabId);
  const onTab = popup.getByRole('region', { name: 'On this tab' });
  const calls = requests(emulator);
  await onTab.getByRole('button', { name: 'Save lead' }).click({ timeout: 15_000 });
  await expect(onTab.getByRole('button', { name: 'Saved · New' })).toBeVisible();
  await expect(onTab.getByRole('group', { name: 'Edit lead' })).toBeVisible();
  await workerIdle(serviceWorker);
  expect(requests(emulator)).toBe(calls);
  expect(emulator.charged(KEY)).toBe(5); // the panel's lookup only
});

test('after a confirmed reveal, "Message on Telegram" opens t.me with the draft, copies it and records the touch on a new lead; Email is a mailto:; Do not contact offers neither', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Telegram itself is not reachable from here: its page is a stub, and the test reads the address asked for.
  await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }));
  await configureKey(KEY);
  const { panel, person } = await openCard(context, serviceWorker, extensionId);
  await confirmReveal(panel, person);
  const outreach = person.getByRole('group', { name: 'Outreach' });
  await expect(outreach.getByRole('link', { name: 'Message on Telegram' })).toBeVisible({ timeout: 15_000 });
  await expect(person.getByRole('button', { name: 'Save lead' })).toBeVisible(); // not a lead yet
  const charged = emulator.charged(KEY);
  const calls = requests(emulator);

  const [telegram] = await Promise.all([context.waitForEvent('page'), outreach.getByRole('link', { name: 'Message on Telegram' }).click()]);
  await telegram.waitForURL(/^https:\/\/t\.me\//);
  const opened = new URL(telegram.url());
  expect(opened.origin + opened.pathname).toBe('https://t.me/adaquant');
  const message = opened.searchParams.get('text') ?? '';
  expect(message).toMatch(/^Hi Ada, .*QuantLayer/);
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(message);
  await expect(outreach.getByText('Message copied — paste it if Telegram did not fill it in.')).toBeVisible();

  // Recorded: saved (0 credits), Contacted, a follow-up 3 days out, a note; Undo offered.
  const toggle = person.getByRole('button', { name: /^Saved · Contacted · follow up/ });
  await expect(toggle).toBeVisible();
  await expect(person.getByRole('button', { name: 'Undo' })).toBeVisible();
  await toggle.click();
  const fields = person.getByRole('group', { name: 'Edit lead' });
  await expect(fields.getByLabel('Follow up on')).toHaveValue(localDay(3));
  await expect(fields).toContainText('Messaged on Telegram');

  // Email: a mailto: with the address, subject and body URL-encoded.
  const mailto = await outreach.getByRole('link', { name: 'Email' }).getAttribute('href');
  const email = new URL(mailto!);
  expect(email.protocol + email.pathname).toBe('mailto:ada@quantlayer.xyz');
  expect(mailto).toMatch(/\?subject=[^&]+&body=[^&]+$/);
  expect(mailto).not.toMatch(/ /);
  expect(decodeURIComponent(/body=([^&]+)/.exec(mailto!)![1]!)).toMatch(/^Hi Ada,/);

  // Do not contact: neither action, and why.
  await fields.getByRole('combobox', { name: 'Status' }).selectOption('Do not contact');
  await expect(person.getByText('Marked “Do not contact”: no message from here.')).toBeVisible();
  await expect(person.getByRole('link', { name: 'Message on Telegram' })).toHaveCount(0);
  await expect(person.getByRole('link', { name: 'Email' })).toHaveCount(0);

  await workerIdle(serviceWorker);
  expect(requests(emulator)).toBe(calls);
  expect(emulator.charged(KEY)).toBe(charged);
});
