import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { SelectionStack, TabState } from '../../lib/tab-state/tab-state';
import { aFundProject, anInvestorDetail, aPerson, aProject, aProjectDetail, states } from '../../components/sidepanel/test-data';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { configureExtension } from './configure';
import { expect, test } from './fixtures';
import { tabIdReporting, openProfileAndPanel } from './worker-state';

// The side panel against the built extension, the background worker and the local emulator. Each test
// gets its own emulator (its own ledger) and, through the fixtures, its own browser profile. The panel
// is opened as `sidepanel.html?tabId=N`, pinned to the X tab the content script reported from.

let server: RunningEmulator;

test.beforeEach(async () => {
  server = await startEmulatorServer({ port: 0, appPort: 0 });
});

test.afterEach(async () => {
  await server.close();
});

const SCREENSHOTS = 'test-results/screenshots';
const FOUNDER = ANCHORS.founder;
const NOBODY = ANCHORS.notFound;

const ledger = (key: string) => server.emulator.control.ledger(key);
const charged = (key: string) => ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0);
const reveals = (key: string) => ledger(key).filter((e) => /include=private/.test(e.query));

async function storedSession(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() =>
    (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } } }).chrome.storage.session.get(null),
  );
}

async function configured(context: BrowserContext, extensionId: string, apiKey: string): Promise<void> {
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: server.baseUrl, apiKey });
  await options.close();
}

/** Light and dark screenshots of the panel as it is now. */
async function screenshots(panel: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    await panel.screenshot({ path: `${SCREENSHOTS}/${name}-${colorScheme}.png`, fullPage: true, animations: 'disabled' });
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}

test('no key yet: the panel says so and offers the settings', async ({ context, serviceWorker, extensionId }) => {
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  await expect(panel.getByRole('button', { name: 'Open settings' })).toBeVisible();
  await expect(panel.getByRole('status', { name: /^No API key/ })).toBeVisible();
  await screenshots(panel, 'no-key');
});

test('a seeded X profile: Person and Company regions, for one 5-credit lookup', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);

  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: FOUNDER.name })).toBeVisible({ timeout: 15_000 });
  await expect(person.getByRole('link', { name: `@${FOUNDER.twitterHandle}` })).toHaveAttribute('href', `https://x.com/${FOUNDER.twitterHandle}`);
  const channels = person.getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('listitem')).toHaveText(['Emailon file', 'Phoneon file', 'Telegramon file', 'LinkedInon file']);
  await expect(person.getByRole('button', { name: /^Reveal/ })).toBeVisible();

  const company = panel.getByRole('region', { name: 'Company' });
  await expect(company.getByRole('heading', { name: ANCHORS.founderCompany.name })).toBeVisible();
  await expect(company).toContainText('Launched');
  await expect(panel.getByRole('status', { name: /^Balance 5,995 credits · spent today 5 of 150 · pro/ })).toBeVisible();

  // The company name on the person card moves to the company card.
  await person.getByRole('button', { name: ANCHORS.founderCompany.name }).click();
  await expect(company).toBeFocused();

  expect(ledger('test_pro').filter((e) => e.path === '/v1/search')).toHaveLength(1);
  expect(charged('test_pro')).toBe(5);
  await screenshots(panel, 'matched');

  // A second panel on the same tab (a re-render, a re-open) costs nothing.
  await panel.reload();
  await expect(panel.getByRole('region', { name: 'Person' })).toBeVisible();
  expect(charged('test_pro')).toBe(5);
});

test('an unknown X profile: "Not in the directory"', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, NOBODY.twitterHandle, NOBODY.name);
  await expect(panel.getByRole('heading', { name: 'Not in the directory' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('region', { name: 'Person' })).toHaveCount(0);
  await screenshots(panel, 'not-found');
});

test('a free key with no credits: the NOT REAL DATA alert and nothing that looks live', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_free_empty');
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
  expect(charged('test_free_empty')).toBe(0);
  await screenshots(panel, 'sample');
});

test('a cancelled reveal sends nothing and charges nothing', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
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
  await expect(dialog).toContainText('145 credits left of 150');
  await screenshots(panel, 'reveal-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reveal).toBeFocused();

  // Keyboard: Enter opens it, Escape closes it.
  await panel.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await panel.waitForTimeout(1_000);
  expect(reveals('test_pro')).toHaveLength(0);
  expect(charged('test_pro')).toBe(5);
  await expect(panel.getByRole('list', { name: 'Contact channels' })).toContainText('on file');
});

test('a confirmed reveal charges exactly 10 credits once and shows the channels', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await person.getByRole('button', { name: /^Reveal/ }).click({ timeout: 15_000 });
  await panel.getByRole('dialog', { name: 'Confirm reveal' }).getByRole('button', { name: 'Reveal for 10 credits' }).click();

  const channels = person.getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('link', { name: 'ada@quantlayer.xyz' })).toHaveAttribute('href', 'mailto:ada@quantlayer.xyz', { timeout: 15_000 });
  await expect(channels.getByRole('link', { name: '+46 70 123 45 67' })).toHaveAttribute('href', 'tel:+46701234567');
  await expect(channels.getByRole('link', { name: '@adaquant' })).toHaveAttribute('href', 'https://t.me/adaquant');
  await expect(channels.getByRole('link', { name: `https://www.linkedin.com/in/${FOUNDER.linkedinSlug}` })).toBeVisible();
  await expect(channels.getByRole('button', { name: 'Copy Email' })).toBeVisible();
  await expect(person.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);

  const paidReveals = reveals('test_pro');
  expect(paidReveals).toHaveLength(1);
  expect(paidReveals[0]).toMatchObject({ path: `/v1/people/${FOUNDER.id}`, creditsCharged: 10 });
  expect(charged('test_pro')).toBe(15); // the lookup (5) and the reveal (10)
  await expect(panel.getByRole('status', { name: /^Balance 5,985 credits/ })).toBeVisible();
  await screenshots(panel, 'revealed');

  // Shown again at no cost.
  await panel.reload();
  await expect(panel.getByRole('list', { name: 'Contact channels' }).getByRole('link', { name: 'ada@quantlayer.xyz' })).toBeVisible();
  expect(charged('test_pro')).toBe(15);
});

test('a javascript: URL planted in a record is shown as text, never as a link', async ({ context, serviceWorker, extensionId }) => {
  server.emulator.control.patch('company', ANCHORS.founderCompany.id, {
    domain: 'javascript:alert(document.domain)',
    discordUrl: 'javascript:alert(1)',
    communityLink: 'data:text/html,<script>alert(1)</script>',
    tokenLink: 'javascript:alert(2)',
    logoUrl: 'javascript:alert(3)',
  });
  server.emulator.control.patch('person', FOUNDER.id, { avatarUrl: 'javascript:alert(4)' });
  await configured(context, extensionId, 'test_pro');
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
  await panel.waitForTimeout(300);
  expect(dialogs).toBe(0);
  expect(panel.url()).toContain('sidepanel.html');
});

// States the emulator cannot hold still long enough to photograph (a lookup in flight, a countdown) or
// that need a particular account history. The panel renders whatever the worker stored, so the gallery
// stores each state itself, for a tab id no real tab has (the worker never touches it), and takes light
// and dark screenshots. Rendering only: the flows above cover the worker.
test('state gallery: screenshots of every other state', async ({ context, extensionId }) => {
  const GALLERY_TAB = 999_999;
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 380, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${GALLERY_TAB}`);
  const show = async (state: TabState | null, selection: SelectionStack | null = null) => {
    await panel.evaluate(
      async ([key, s, sel]) => {
        const chrome = (globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void>; remove(k: string): Promise<void> } } } }).chrome;
        await chrome.storage.session.set({ [key as string]: s });
        if (sel) await chrome.storage.session.set({ selection: sel });
        else await chrome.storage.session.remove('selection');
      },
      [`tab:${GALLERY_TAB}`, state, selection] as const,
    );
  };
  const tab = { tabId: GALLERY_TAB };
  const gallery: Array<[string, TabState, SelectionStack | null, () => Promise<void>]> = [
    ['idle', states.idle('no-profile', tab), null, () => expect(panel.getByText('Open an X or LinkedIn profile')).toBeVisible()],
    ['idle-manual', states.idle('manual', tab), null, () => expect(panel.getByRole('button', { name: 'Look up · 5 credits' })).toBeVisible()],
    ['looking-up', states.lookingUp({ ...tab, profile: null }), null, () => expect(panel.getByText('Looking up Ada Lindqvist…')).toBeVisible()],
    ['candidates', states.candidates(tab), null, () => expect(panel.getByRole('list', { name: 'Matching people' })).toBeVisible()],
    ['paused-budget', states.pausedBudget(tab), null, () => expect(panel.getByRole('button', { name: /^Look up anyway/ })).toBeVisible()],
    ['out-of-credits', states.outOfCredits(tab), null, () => expect(panel.getByRole('heading', { name: 'Out of credits' })).toBeVisible()],
    ['rate-limited', states.rateLimited({ ...tab, resumeAt: Date.now() + 95_000 }), null, () => expect(panel.getByRole('heading', { name: /^API rate limit — resumes in/ })).toBeVisible()],
    ['bad-key', states.badKey(tab), null, () => expect(panel.getByRole('heading', { name: 'The API key was refused' })).toBeVisible()],
    ['wrong-host', states.wrongHost(tab), null, () => expect(panel.getByRole('heading', { name: 'Wrong API host' })).toBeVisible()],
    ['error', states.error(tab), null, () => expect(panel.getByRole('heading', { name: 'The lookup failed' })).toBeVisible()],
    [
      'missing-scope-with-cards',
      states.missingScope({ ...tab, person: aPerson(), organization: aProject() }),
      null,
      () => expect(panel.getByRole('region', { name: 'Person' })).toBeVisible(),
    ],
    [
      'fund-portfolio',
      states.matched({
        ...tab,
        person: aPerson({ id: 'per_marcus', firstName: 'Marcus', lastName: 'Hale', jobTitle: 'General Partner', company: aFundProject() }),
        organization: aFundProject(),
        personDetail: { status: 'loading' },
        organizationDetail: { status: 'loaded', value: { kind: 'investor', ...anInvestorDetail() } },
      }),
      null,
      () => expect(panel.getByRole('list', { name: 'Portfolio' })).toBeVisible(),
    ],
    [
      'service-team',
      states.matched({
        ...tab,
        person: undefined,
        organization: aProject({ companyType: 'service', name: 'Sentinel Audits', ticker: null, tokenLaunched: null, lifecycle: 'defunct', logoUrl: null }),
        organizationDetail: { status: 'error', message: 'The API had a server error. Nothing was charged; retry in a moment.' },
      }),
      null,
      () => expect(panel.getByRole('region', { name: 'Service' })).toBeVisible(),
    ],
    [
      // The back stack: a popup pick over the on-screen card, and a team member opened from it.
      'back-stack',
      states.matched(tab),
      {
        tabId: GALLERY_TAB,
        entries: [
          { origin: { kind: 'search' }, state: states.matched({ profile: null, hints: {}, person: undefined, organization: aProject(), organizationDetail: { status: 'loaded', value: { kind: 'project', ...aProjectDetail() } } }) },
          { origin: { kind: 'team', of: 'QuantLayer' }, state: states.matched({ profile: null, hints: {}, person: aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes' }), organization: aProject() }) },
        ],
      },
      () => expect(panel.getByRole('button', { name: /^Back to / })).toBeVisible(),
    ],
  ];
  for (const [name, state, selection, ready] of gallery) {
    await show(state, selection);
    await ready();
    await screenshots(panel, name);
  }
});
