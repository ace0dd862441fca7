import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { SelectionStack, TabState } from '../../lib/tab-state/tab-state';
import { aFundProject, anInvestorDetail, aPerson, aProject, aProjectDetail, aRevealRecord, states } from '../../components/sidepanel/test-data';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { configureExtension } from './configure';
import { expect, test } from './fixtures';
import { seedReveal, tabIdReporting } from './worker-state';
import { serveSites } from './site-fixtures';

// Accessibility as a gate: axe-core (WCAG 2.x A/AA rules) on every side panel state, the reveal dialog,
// the popup, the options page and the welcome page, in light and dark, at the panel's real width. Any
// serious or critical violation fails the test; the keyboard test walks the paid path without a mouse.

let server: RunningEmulator;

test.beforeEach(async () => {
  server = await startEmulatorServer({ port: 0, appPort: 0 });
});

test.afterEach(async () => {
  await server.close();
});

const SCHEMES = ['light', 'dark'] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical axe violations on the page as it is now, one line each (rule, impact, where). */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`));
}

/** Runs `seriousViolations` in light and dark. */
async function auditBothSchemes(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page, `${label} [${colorScheme}]`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

async function configured(context: BrowserContext, extensionId: string, apiKey: string): Promise<void> {
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: server.baseUrl, apiKey });
  await options.close();
}

test('side panel: every state has no serious or critical axe violation, light and dark, at 320 px', async ({ context, extensionId }) => {
  test.setTimeout(120_000);
  await configured(context, extensionId, 'test_pro');
  const GALLERY_TAB = 999_998;
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 320, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${GALLERY_TAB}`);
  // test_pro's account (acc_pro) revealed this contact: the 'revealed-with-copy-all' card reads it from the reveal store.
  await seedReveal(panel, aRevealRecord({ personId: 'per_ada_revealed', channels: { email: 'ada@quantlayer.xyz', phone: null, telegram: '@adaquant', linkedinUrl: 'https://www.linkedin.com/in/ada-lindqvist' } }));
  const show = async (state: TabState, selection: SelectionStack | null) => {
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
    ['no-key', states.noKey(tab), null, () => expect(panel.getByRole('button', { name: 'Open settings' })).toBeVisible()],
    ['idle', states.idle('no-profile', tab), null, () => expect(panel.getByText('Open an X or LinkedIn profile')).toBeVisible()],
    ['idle-manual', states.idle('manual', tab), null, () => expect(panel.getByRole('button', { name: 'Look up · 5 credits' })).toBeVisible()],
    ['looking-up', states.lookingUp({ ...tab, profile: null }), null, () => expect(panel.getByText('Looking up Ada Lindqvist…')).toBeVisible()],
    ['matched', states.matched(tab), null, () => expect(panel.getByRole('region', { name: 'Person' })).toBeVisible()],
    ['candidates', states.candidates(tab), null, () => expect(panel.getByRole('list', { name: 'Matching people' })).toBeVisible()],
    ['not-found', states.notFound(tab), null, () => expect(panel.getByRole('heading', { name: 'Not in the directory' })).toBeVisible()],
    ['sample', states.sample(tab), null, () => expect(panel.getByRole('alert')).toContainText('NOT REAL DATA')],
    ['paused-budget', states.pausedBudget(tab), null, () => expect(panel.getByRole('button', { name: /^Look up anyway/ })).toBeVisible()],
    ['out-of-credits', states.outOfCredits(tab), null, () => expect(panel.getByRole('heading', { name: 'Out of credits' })).toBeVisible()],
    ['rate-limited', states.rateLimited({ ...tab, resumeAt: Date.now() + 95_000, automatic: true }), null, () => expect(panel.getByRole('heading', { name: /^API rate limit/ })).toBeVisible()],
    ['bad-key', states.badKey(tab), null, () => expect(panel.getByRole('heading', { name: 'The API key was refused' })).toBeVisible()],
    ['missing-scope', states.missingScope({ ...tab, person: aPerson(), organization: aProject() }), null, () => expect(panel.getByRole('region', { name: 'Person' })).toBeVisible()],
    ['wrong-host', states.wrongHost(tab), null, () => expect(panel.getByRole('heading', { name: 'Wrong API host' })).toBeVisible()],
    ['error', states.error(tab), null, () => expect(panel.getByRole('heading', { name: 'The lookup failed' })).toBeVisible()],
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
      'revealed-with-copy-all',
      // A person id of its own: the seeded reveal (the reveal store's one copy) shows on this card only.
      states.matched({ ...tab, person: aPerson({ id: 'per_ada_revealed', hasLinkedin: true }), organization: aFundProject({ name: 'Ada Lindqvist' }) }),
      null,
      () => expect(panel.getByRole('button', { name: 'Copy all contact details' })).toBeVisible(),
    ],
    [
      'service',
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
  const found: string[] = [];
  for (const [name, state, selection, ready] of gallery) {
    await show(state, selection);
    await ready();
    found.push(...(await auditBothSchemes(panel, name)));
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('the reveal dialog, the popup, the options page and the welcome page: no serious or critical axe violation, light and dark', async ({ context, serviceWorker, extensionId }) => {
  test.setTimeout(120_000);
  const found: string[] = [];

  // The welcome page (the install opens it; the fixture closed that one), before a key.
  const welcome = await context.newPage();
  await welcome.goto(`chrome-extension://${extensionId}/welcome.html`);
  await expect(welcome.getByRole('heading', { name: 'Welcome to Crypto Directory' })).toBeVisible();
  found.push(...(await auditBothSchemes(welcome, 'welcome')));

  await configured(context, extensionId, 'test_pro');

  // The reveal dialog over a real match.
  await serveSites(context, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${ANCHORS.founder.twitterHandle}`);
  const tabId = await tabIdReporting(serviceWorker, ANCHORS.founder.twitterHandle);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 320, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const reveal = panel.getByRole('region', { name: 'Person' }).getByRole('button', { name: /^Reveal/ });
  await expect(reveal).toBeVisible({ timeout: 15_000 });
  found.push(...(await auditBothSchemes(panel, 'panel matched (live)')));
  await reveal.click();
  await expect(panel.getByRole('dialog', { name: 'Confirm reveal' })).toBeVisible();
  found.push(...(await auditBothSchemes(panel, 'reveal dialog')));

  // The popup with search results.
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  found.push(...(await auditBothSchemes(popup, 'popup')));
  await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(ANCHORS.founder.name);
  await popup.getByRole('searchbox', { name: 'Search the directory' }).press('Enter');
  await expect(popup.getByRole('list', { name: 'People' })).toBeVisible();
  found.push(...(await auditBothSchemes(popup, 'popup results')));

  // The options page at 400 px, with "Advanced" open; no horizontal scroll.
  const options = await context.newPage();
  await options.setViewportSize({ width: 400, height: 900 });
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('region', { name: 'Account' })).toBeVisible();
  for (const summary of await options.locator('summary').all()) await summary.click();
  found.push(...(await auditBothSchemes(options, 'options')));
  expect(await options.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);

  expect(found, found.join('\n')).toEqual([]);
});

test('keyboard only: reach Reveal, Escape cancels, Enter confirms; focus is always visible', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
  await serveSites(context, { x: { [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${ANCHORS.founder.twitterHandle}`);
  const tabId = await tabIdReporting(serviceWorker, ANCHORS.founder.twitterHandle);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 360, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const reveal = panel.getByRole('region', { name: 'Person' }).getByRole('button', { name: /^Reveal/ });
  await expect(reveal).toBeVisible({ timeout: 15_000 });

  /** The focused element has a visible focus indicator (an outline or a box-shadow ring). */
  const focusVisible = () =>
    panel.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return false;
      const s = getComputedStyle(el);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    });

  // Tab through the panel until Reveal has focus; every stop shows where focus is.
  let stops = 0;
  while (!(await reveal.evaluate((el) => el === document.activeElement))) {
    await panel.keyboard.press('Tab');
    expect(await focusVisible(), `focus stop ${stops + 1} has no visible focus indicator`).toBe(true);
    if (++stops > 30) throw new Error('Reveal was not reached with Tab in 30 stops');
  }

  await panel.keyboard.press('Enter');
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog, visibly.
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect(await focusVisible()).toBe(true);
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(reveal).toBeFocused();
  const reveals = () => server.emulator.control.ledger('test_pro').filter((e) => /include=private/.test(e.query));
  expect(reveals()).toHaveLength(0);

  // Again, and confirm with the keyboard alone.
  await panel.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Reveal for/ });
  for (let i = 0; i < 10 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await panel.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await panel.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('list', { name: 'Contact channels' })).toContainText('@', { timeout: 15_000 });
  expect(reveals()).toHaveLength(1);
  expect(stops).toBeLessThanOrEqual(30);
});
