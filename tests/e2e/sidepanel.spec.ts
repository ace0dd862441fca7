import { ANCHORS } from '../emulator';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { openProfileAndPanel, workerIdle } from './worker-state';

// The side panel against the built extension, the background worker and the local emulator. Each test
// gets its own emulator (its own ledger) and, through the fixtures, its own browser profile. The panel
// is opened as `sidepanel.html?tabId=N`, pinned to the X tab the content script reported from. Every
// state is also photographed and audited by the gallery (accessibility.spec.ts, panel-gallery.ts).

const FOUNDER = ANCHORS.founder;
const NOBODY = ANCHORS.notFound;

const reveals = (emulator: EmulatorUnderTest, key: string) => emulator.control.ledger(key).filter((e) => /include=private/.test(e.query));

test('no key yet: the panel says so and offers the settings', async ({ context, serviceWorker, extensionId }) => {
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  await expect(panel.getByRole('button', { name: 'Open settings' })).toBeVisible();
  await expect(panel.getByRole('status', { name: /^No API key/ })).toBeVisible();
});

test('a seeded X profile: Person and Company regions, for one 5-credit lookup', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);

  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: FOUNDER.name })).toBeVisible({ timeout: 15_000 });
  await expect(person.getByRole('link', { name: `@${FOUNDER.twitterHandle}` })).toHaveAttribute(
    'href',
    `https://x.com/${FOUNDER.twitterHandle}`,
  );
  const channels = person.getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('listitem')).toHaveText([
    '✓ Email on file',
    '✓ Phone on file',
    '✓ Telegram on file',
    '✓ LinkedIn on file',
  ]);
  await expect(person.getByRole('button', { name: /^Reveal/ })).toBeVisible();

  const company = panel.getByRole('region', { name: 'Company' });
  await expect(company.getByRole('heading', { name: ANCHORS.founderCompany.name })).toBeVisible();
  await expect(company).toContainText('Launched');
  await expect(panel.getByRole('status', { name: /^Balance 5,995 credits · spent today 5 of 270 · pro/ })).toBeVisible();

  // The company name on the person card moves to the company card.
  await person.getByRole('button', { name: ANCHORS.founderCompany.name }).click();
  await expect(company).toBeFocused();

  expect(emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search')).toHaveLength(1);
  expect(emulator.charged('test_pro')).toBe(5);

  // A second panel on the same tab (a re-render, a re-open) costs nothing.
  await panel.reload();
  await expect(panel.getByRole('region', { name: 'Person' })).toBeVisible();
  expect(emulator.charged('test_pro')).toBe(5);
});

test('an unknown X profile: "Not in the directory"', async ({ context, serviceWorker, extensionId, configureKey }) => {
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, NOBODY.twitterHandle, NOBODY.name);
  await expect(panel.getByRole('heading', { name: 'Not in the directory' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('region', { name: 'Person' })).toHaveCount(0);
});

test('a free key with no credits: the NOT REAL DATA alert and nothing that looks live', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_free_empty');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);

  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('NOT REAL DATA', { timeout: 15_000 });
  await expect(alert).toContainText(/Add at least \d[\d,]* credits? to see live data/);
  // Synthetic rows are marked and inert: no cards, no channels, no reveal, no links but the upgrade one.
  await expect(panel.getByRole('region', { name: 'Person' })).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Company' })).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Contact channels' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  await expect(panel.getByText(/@\w+\.\w+|mailto:|tel:/)).toHaveCount(0);
  for (const link of await panel.getByRole('link').all()) await expect(link).toHaveAttribute('href', /^https:/);
  if ((await panel.locator('.sample-row').count()) > 0) await expect(panel.getByText('SAMPLE').first()).toBeVisible();
  await expect(panel.getByRole('status', { name: /sample mode/ })).toBeVisible();
  expect(emulator.charged('test_free_empty')).toBe(0);
});

test('a cancelled reveal sends nothing and charges nothing', async ({ context, serviceWorker, extensionId, emulator, configureKey }) => {
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  const reveal = panel.getByRole('region', { name: 'Person' }).getByRole('button', { name: /^Reveal/ });
  await expect(reveal).toBeVisible({ timeout: 15_000 });

  await reveal.click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Email, Phone, Telegram, LinkedIn');
  await expect(dialog).toContainText('Price10 credits');
  await expect(dialog.getByRole('button', { name: 'Reveal for 10 credits' })).toBeVisible();
  await expect(dialog).toContainText('5,995 credits now → 5,985 credits after');
  await expect(dialog).toContainText('265 credits left of 270');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reveal).toBeFocused();

  // Keyboard: Enter opens it, Escape closes it.
  await panel.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await workerIdle(serviceWorker);
  expect(reveals(emulator, 'test_pro')).toHaveLength(0);
  expect(emulator.charged('test_pro')).toBe(5);
  await expect(panel.getByRole('list', { name: 'Contact channels' })).toContainText('on file');
});

test('a confirmed reveal charges exactly 10 credits once and shows the channels', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await person.getByRole('button', { name: /^Reveal/ }).click({ timeout: 15_000 });
  await panel.getByRole('dialog', { name: 'Confirm reveal' }).getByRole('button', { name: 'Reveal for 10 credits' }).click();

  const channels = person.getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('link', { name: 'ada@quantlayer.xyz' })).toHaveAttribute('href', 'mailto:ada@quantlayer.xyz', {
    timeout: 15_000,
  });
  await expect(channels.getByRole('link', { name: '+46 70 123 45 67' })).toHaveAttribute('href', 'tel:+46701234567');
  await expect(channels.getByRole('link', { name: '@adaquant' })).toHaveAttribute('href', 'https://t.me/adaquant');
  await expect(channels.getByRole('link', { name: `https://www.linkedin.com/in/${FOUNDER.linkedinSlug}` })).toBeVisible();
  await expect(channels.getByRole('button', { name: 'Copy Email' })).toBeVisible();
  await expect(person.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);

  const paidReveals = reveals(emulator, 'test_pro');
  expect(paidReveals).toHaveLength(1);
  expect(paidReveals[0]).toMatchObject({ path: `/v1/people/${FOUNDER.id}`, creditsCharged: 10 });
  expect(emulator.charged('test_pro')).toBe(15); // the lookup (5) and the reveal (10)
  await expect(panel.getByRole('status', { name: /^Balance 5,985 credits/ })).toBeVisible();

  // Shown again at no cost.
  await panel.reload();
  await expect(panel.getByRole('list', { name: 'Contact channels' }).getByRole('link', { name: 'ada@quantlayer.xyz' })).toBeVisible();
  expect(emulator.charged('test_pro')).toBe(15);
});

test('a javascript: URL planted in a record is shown as text, never as a link', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  emulator.control.patch('company', ANCHORS.founderCompany.id, {
    domain: 'javascript:alert(document.domain)',
    discordUrl: 'javascript:alert(1)',
    communityLink: 'data:text/html,<script>alert(1)</script>',
    tokenLink: 'javascript:alert(2)',
    logoUrl: 'javascript:alert(3)',
  });
  emulator.control.patch('person', FOUNDER.id, { avatarUrl: 'javascript:alert(4)' });
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);

  const company = panel.getByRole('region', { name: 'Company' });
  await expect(company.getByRole('heading', { name: ANCHORS.founderCompany.name })).toBeVisible({ timeout: 15_000 });
  await expect(company.getByText('Discord: javascript:alert(1)')).toBeVisible();
  await expect(company.getByText('javascript:alert(document.domain)')).toBeVisible();
  await expect(panel.locator('a[href^="javascript:" i], a[href^="data:" i], img[src^="javascript:" i]')).toHaveCount(0);
  for (const link of await panel.getByRole('link').all()) await expect(link).toHaveAttribute('href', /^(https?:|mailto:|tel:)/);
  // Clicking the text does nothing: no dialog, no navigation.
  let dialogs = 0;
  panel.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await company.getByText('Discord: javascript:alert(1)').click();
  // A javascript: URL would have run in the click's own task: a frame later, nothing has.
  await panel.evaluate(() => new Promise(requestAnimationFrame));
  expect(dialogs).toBe(0);
  expect(panel.url()).toContain('sidepanel.html');
});
