import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { SELECTION_ITEM, tabStateItemKey } from '../../lib/storage/keys';
import type { RevealRecord } from '../../lib/credits/reveals';
import type { SelectionStack, TabState } from '../../lib/tab-state/tab-state';
import { aFundProject, anInvestorDetail, aPerson, aProject, aProjectDetail, aRevealRecord, states } from '../support/records';
import { ANCHORS } from '../emulator';
import { expect, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { seedReveal, tabIdReporting } from './worker-state';
import { aLeadWithSnapshot } from '../support/a-lead';
import { dayKey } from '../../lib/credits/day-key';
import { openLeadsPage, seedLeadsInPage } from './leads-seed';
import { patchSettings } from '../demo/browser';

// One gallery of everything the extension shows, walked by the accessibility audit, which also
// photographs each stop (accessibility.spec.ts): every side panel state, the reveal dialog, the popup,
// the options page, the welcome page and the Leads page. Each stop first proves it rendered what its name says, so a
// screenshot or an audit of a blank or half-drawn page fails instead of passing.

/** Chromium's minimum side panel width: the narrowest the panel (and so every card) is ever drawn. */
export const PANEL_WIDTH = 320;
/**
 * The popup is not resizable: Chromium sizes its window to the page, whose body is 380 px wide
 * (entrypoints/popup/popup.css). Drawn narrower it would only show a scrollbar the user never sees.
 */
export const POPUP_WIDTH = 380;
/**
 * The options page opens in a tab (or the extensions page's dialog), never narrower than this in
 * practice; its "Advanced" price table needs it (at 320 px it sticks out to 343 px).
 */
export const OPTIONS_WIDTH = 400;
/** The prospect page opens in a tab; its results table is laid out for at least this width (narrower, it scrolls inside its frame). */
export const PROSPECT_WIDTH = 1024;
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];
/** Beside Playwright's outputDir (which it empties per run), so the files outlive the run for the README script. */
export const SCREENSHOTS_DIR = 'test-results/screenshots';

/** A tab id no real tab has: the worker never writes it, so what the gallery stores stays put. */
export const GALLERY_TAB = 999_998;

/** A side panel state the worker could store, and how to tell the panel has drawn it. */
export interface PanelStop {
  name: string;
  state: TabState;
  /** The back stack shown over the tab's own view, if any. */
  selection?: SelectionStack;
  /** A revealed contact for the card, seeded into the reveal store (views carry no copy of it). */
  reveal?: RevealRecord;
  /** The meter's balance while this stop shows (so the meter above says what the state says). */
  balance?: number;
  rendered(panel: Page): Promise<void>;
}

/**
 * Every state of the side panel, stored rather than provoked: a lookup in flight or a countdown cannot
 * be held still against the emulator, and the panel renders whatever the worker stored (the specs
 * beside this file cover how the worker gets there).
 */
export function panelStops(tabId = GALLERY_TAB, now = Date.now()): PanelStop[] {
  const tab = { tabId };
  const heading = (panel: Page, name: string | RegExp) => expect(panel.getByRole('heading', { name })).toBeVisible();
  const region = (panel: Page, name: string) => expect(panel.getByRole('region', { name })).toBeVisible();
  return [
    { name: 'no-key', state: states.noKey(tab), rendered: (p) => expect(p.getByRole('button', { name: 'Open settings' })).toBeVisible() },
    {
      name: 'idle',
      state: states.idle('no-profile', tab),
      rendered: (p) => expect(p.getByText('Open an X or LinkedIn profile')).toBeVisible(),
    },
    {
      name: 'idle-manual',
      state: states.idle('manual', tab),
      rendered: (p) => expect(p.getByRole('button', { name: 'Look up · 5 credits' })).toBeVisible(),
    },
    {
      name: 'looking-up',
      state: states.lookingUp({ ...tab, profile: null }),
      rendered: (p) => expect(p.getByText('Looking up Ada Lindqvist…')).toBeVisible(),
    },
    {
      name: 'matched',
      state: states.matched(tab),
      rendered: (p) =>
        expect(p.getByRole('region', { name: 'Person' }).getByRole('list', { name: 'Contact channels' })).toContainText('on file'),
    },
    {
      name: 'candidates',
      state: states.candidates(tab),
      rendered: (p) => expect(p.getByRole('list', { name: 'Matching people' })).toBeVisible(),
    },
    { name: 'not-found', state: states.notFound(tab), rendered: (p) => heading(p, 'Not in the directory') },
    { name: 'sample', state: states.sample(tab), rendered: (p) => expect(p.getByRole('alert')).toContainText('NOT REAL DATA') },
    {
      name: 'paused-budget',
      // As the worker writes it: what must be free to send is the price plus a possible browser resend.
      state: states.pausedBudget({ ...tab, hold: 10 }),
      rendered: (p) => expect(p.getByRole('button', { name: /^Look up anyway/ })).toBeVisible(),
    },
    { name: 'out-of-credits', state: states.outOfCredits(tab), balance: 2, rendered: (p) => heading(p, 'Out of credits') },
    {
      name: 'rate-limited',
      state: states.rateLimited({ ...tab, resumeAt: now + 95_000, automatic: true }),
      rendered: (p) => heading(p, /^API rate limit — resumes in/),
    },
    { name: 'bad-key', state: states.badKey(tab), rendered: (p) => heading(p, 'The API key was refused') },
    {
      name: 'missing-scope',
      state: states.missingScope({ ...tab, person: aPerson(), organization: aProject() }),
      rendered: async (p) => {
        await region(p, 'Person');
        await expect(p.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
      },
    },
    { name: 'wrong-host', state: states.wrongHost(tab), rendered: (p) => heading(p, 'Wrong API host') },
    { name: 'error', state: states.error(tab), rendered: (p) => heading(p, 'The lookup failed') },
    {
      name: 'fund-portfolio',
      state: states.matched({
        ...tab,
        person: aPerson({ id: 'per_marcus', firstName: 'Marcus', lastName: 'Hale', jobTitle: 'General Partner', company: aFundProject() }),
        organization: aFundProject(),
        personDetail: { status: 'loading' },
        organizationDetail: { status: 'loaded', value: { kind: 'investor', ...anInvestorDetail() } },
      }),
      rendered: (p) => expect(p.getByRole('list', { name: 'Portfolio' })).toBeVisible(),
    },
    {
      // An angel: the fund is the person, read as a person; her contact revealed, with "Copy all".
      name: 'revealed-with-copy-all',
      // A person id of its own: the seeded reveal (the reveal store's one copy) shows on this card only.
      state: states.matched({
        ...tab,
        person: aPerson({ id: 'per_ada_revealed', hasLinkedin: true }),
        organization: aFundProject({ name: 'Ada Lindqvist' }),
      }),
      reveal: aRevealRecord({
        personId: 'per_ada_revealed',
        channels: {
          email: 'ada@quantlayer.xyz',
          phone: null,
          telegram: '@adaquant',
          linkedinUrl: 'https://www.linkedin.com/in/ada-lindqvist',
        },
      }),
      rendered: (p) => expect(p.getByRole('button', { name: 'Copy all contact details' })).toBeVisible(),
    },
    {
      name: 'service',
      state: states.matched({
        ...tab,
        person: undefined,
        organization: aProject({
          companyType: 'service',
          name: 'Sentinel Audits',
          ticker: null,
          tokenLaunched: null,
          lifecycle: 'defunct',
          logoUrl: null,
        }),
        organizationDetail: { status: 'error', message: 'The API had a server error (HTTP 502). Nothing was charged. Try again shortly.' },
      }),
      rendered: (p) => region(p, 'Service'),
    },
    {
      // The back stack: a popup pick over the on-screen card, and a team member opened from it.
      name: 'back-stack',
      state: states.matched(tab),
      selection: {
        tabId,
        entries: [
          {
            origin: { kind: 'search' },
            state: states.matched({
              profile: null,
              hints: {},
              person: undefined,
              organization: aProject(),
              organizationDetail: { status: 'loaded', value: { kind: 'project', ...aProjectDetail() } },
            }),
          },
          {
            origin: { kind: 'team', of: 'QuantLayer' },
            state: states.matched({
              profile: null,
              hints: {},
              person: aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes' }),
              organization: aProject(),
            }),
          },
        ],
      },
      rendered: (p) => expect(p.getByRole('button', { name: /^Back to / })).toBeVisible(),
    },
  ];
}

/** Opens `sidepanel.html?tabId=N` at the panel's minimum width, for states stored by `storePanelState`. */
export async function openStoredPanel(page: Page, extensionId: string, tabId = GALLERY_TAB): Promise<void> {
  await page.setViewportSize({ width: PANEL_WIDTH, height: 900 });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
}

/** Stores a tab's state (and the back stack, or none) where the worker keeps them; the open panel redraws. */
export async function storePanelState(page: Page, tabId: number, state: TabState, selection: SelectionStack | null = null): Promise<void> {
  // wxt's item keys carry the area ("session:…"); chrome.storage.session takes the bare key.
  const bare = (key: string) => key.replace(/^session:/, '');
  await page.evaluate(
    async ([tabKey, s, selectionKey, sel]) => {
      const chrome = (
        globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void>; remove(k: string): Promise<void> } } } }
      ).chrome;
      await chrome.storage.session.set({ [tabKey]: s });
      if (sel) await chrome.storage.session.set({ [selectionKey]: sel });
      else await chrome.storage.session.remove(selectionKey);
    },
    [bare(tabStateItemKey(tabId)), state, bare(SELECTION_ITEM), selection] as const,
  );
}

/** What to do at each stop of the gallery, once per colour scheme (`page` already emulates it). */
export type Visit = (page: Page, name: string, scheme: Scheme) => Promise<void>;

/** Calls `visit` in light, then dark, and leaves the page light. */
export async function inEachScheme(page: Page, name: string, visit: Visit): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await visit(page, name, colorScheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Sets the stored meter's balance (storage.session `meter`, the worker's); answers the one it replaced. */
async function setMeterBalance(page: Page, balance: number | null): Promise<number | null> {
  return page.evaluate(async (b) => {
    const session = (
      globalThis as unknown as {
        chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } };
      }
    ).chrome.storage.session;
    const { meter } = await session.get('meter');
    const before = (meter as { balance?: number | null } | undefined)?.balance ?? null;
    await session.set({ meter: { ...(meter as object), balance: b } });
    return before;
  }, balance);
}

/** Walks every side panel state on one panel page. */
export async function walkPanelStops(page: Page, extensionId: string, visit: Visit): Promise<string[]> {
  await openStoredPanel(page, extensionId);
  const stops = panelStops();
  for (const stop of stops) {
    // The first-use note (what automatic lookups cost) is shown, audited and photographed on the idle
    // stop only, as a new user meets it; every other stop shows the panel as it is once it was read.
    await patchSettings(page, { lookupNoteSeen: stop.name !== 'idle' });
    if (stop.reveal) await seedReveal(page, stop.reveal, stop.reveal.accountId);
    const restore = stop.balance === undefined ? null : await setMeterBalance(page, stop.balance);
    await storePanelState(page, GALLERY_TAB, stop.state, stop.selection);
    await stop.rendered(page);
    await inEachScheme(page, stop.name, visit);
    if (restore !== null) await setMeterBalance(page, restore);
  }
  return stops.map((s) => s.name);
}

export interface LivePages {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  emulator: EmulatorUnderTest;
  configureKey: (apiKey: string) => Promise<void>;
}

/**
 * Walks the pages that need the worker and the emulator: the welcome page (before a key), the reveal
 * dialog over a live match, the popup (empty, results, sample, key refused), the options page and the
 * prospect page (results, sample).
 */
export async function walkLivePages(
  { context, serviceWorker, extensionId, emulator, configureKey }: LivePages,
  visit: Visit,
): Promise<string[]> {
  const visited: string[] = [];
  const stop = async (page: Page, name: string) => {
    visited.push(name);
    await inEachScheme(page, name, visit);
  };
  const page = async (width: number, file: string) => {
    const p = await context.newPage();
    await p.setViewportSize({ width, height: 900 });
    await p.goto(`chrome-extension://${extensionId}/${file}`);
    return p;
  };

  // The welcome page the install opens (the fixture closed that one), before a key.
  const welcome = await page(PANEL_WIDTH, 'welcome.html');
  await expect(welcome.getByRole('heading', { name: 'Welcome to Crypto Directory' })).toBeVisible();
  await stop(welcome, 'welcome');

  // The reveal dialog over a real match, its price and balances quoted.
  await configureKey('test_pro');
  const founder = ANCHORS.founder;
  await serveSites(context, { x: { [founder.twitterHandle]: founder.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${founder.twitterHandle}`);
  const panel = await page(PANEL_WIDTH, `sidepanel.html?tabId=${await tabIdReporting(serviceWorker, founder.twitterHandle)}`);
  await panel
    .getByRole('region', { name: 'Person' })
    .getByRole('button', { name: /^Reveal/ })
    .click({ timeout: 15_000 });
  await expect(panel.getByRole('dialog', { name: 'Confirm reveal' })).toContainText('Price10 credits');
  await stop(panel, 'reveal-dialog');
  await panel.keyboard.press('Escape');

  // The popup, empty and with results.
  const popup = await page(POPUP_WIDTH, 'popup.html');
  const search = async (q: string) => {
    await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(q);
    await popup.getByRole('searchbox', { name: 'Search the directory' }).press('Enter');
  };
  await expect(popup.getByRole('searchbox', { name: 'Search the directory' })).toBeVisible();
  await stop(popup, 'popup-empty');
  await search(founder.name);
  await expect(popup.getByRole('list', { name: 'People' })).toContainText(founder.name);
  await stop(popup, 'popup-results');

  // The options page as it opens, then with every "Advanced" disclosure open at the compact width the
  // options page is laid out for (OPTIONS_WIDTH).
  const options = await page(PANEL_WIDTH, 'options.html');
  await expect(options.getByRole('region', { name: 'Account' })).toBeVisible();
  await stop(options, 'options');
  await options.setViewportSize({ width: OPTIONS_WIDTH, height: 900 });
  for (const summary of await options.locator('summary').all()) await summary.click();
  await stop(options, 'options-advanced');

  // The privacy page the options page links to, and the "Delete all data" confirmation (then cancelled).
  await expect(options.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy.html');
  const privacy = await page(OPTIONS_WIDTH, 'privacy.html');
  await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await stop(privacy, 'privacy');
  await options.getByRole('button', { name: 'Delete all data' }).click();
  await expect(options.getByRole('dialog', { name: 'Delete all data' }).getByRole('button', { name: 'Delete everything' })).toBeVisible();
  await stop(options, 'delete-all-dialog');
  await options.keyboard.press('Escape');

  // The prospect page (a tab): a filtered people search and its results.
  const prospect = await page(PROSPECT_WIDTH, 'prospect.html');
  const findProspects = async () => {
    await prospect.getByLabel('Name or keyword').fill('partnerships');
    await prospect.getByLabel('Channels on file', { exact: true }).fill('telegram, phone, linkedin');
    await prospect.getByRole('button', { name: /^Search · / }).click();
    await expect(prospect.getByRole('table', { name: 'Results' }).locator('tbody tr').first()).toBeVisible();
  };
  await findProspects();
  await stop(prospect, 'prospect-results');

  // A free key with no credits: the popup's answer is a sample, marked as such.
  await configureKey('test_free_empty');
  await popup.reload();
  await search(founder.name);
  await expect(popup.getByRole('alert')).toContainText('NOT REAL DATA');
  await stop(popup, 'popup-sample');
  await prospect.reload();
  await findProspects();
  await expect(prospect.getByRole('table', { name: 'Results' })).toContainText('NOT REAL DATA');
  await stop(prospect, 'prospect-sample');

  // A key revoked after it was saved: the popup's next search is refused, and it says so.
  await configureKey('test_starter');
  emulator.control.setAccount('test_starter', { revoked: true });
  await popup.reload();
  await search(founder.name);
  await expect(popup.getByRole('status', { name: /^API key refused/ })).toBeVisible({ timeout: 15_000 });
  await stop(popup, 'popup-key-refused');
  return visited;
}

/**
 * The Leads page (a tab, drawn wide) with a few leads of every kind: a follow-up due, tags and notes, a
 * contact revealed under another account than the one in use, and one marked "Do not contact". Stops:
 * the list, a lead opened, and the selection with the Export menu open.
 */
export async function walkLeadsPage({ context, extensionId }: Pick<LivePages, 'context' | 'extensionId'>, visit: Visit): Promise<string[]> {
  const visited: string[] = [];
  const stop = async (page: Page, name: string) => {
    visited.push(name);
    await inEachScheme(page, name, visit);
  };
  const now = Date.now();
  const note = (text: string, ago: number) => ({ id: `note-${ago}`, at: now - ago, text });
  const ada = aLeadWithSnapshot(
    { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', jobTitle: 'Head of BD', hasLinkedin: true },
    {
      status: 'contacted',
      tags: ['defi', 'token2049'],
      followUpOn: dayKey(now),
      notes: [note('Met at Token2049; wants a demo of the perps venue in Q1.', 86_400_000), note('Sent the deck.', 3_600_000)],
      updatedAt: now - 3_600_000,
      savedFrom: 'https://x.com/AdaQuant',
      cost: { credits: 15, estimated: false },
    },
    now - 3 * 86_400_000,
  );
  const tomas = aLeadWithSnapshot(
    { id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes', jobTitle: 'CTO', twitterHandle: 'treyes', hasPhone: false },
    { status: 'meeting', tags: ['infra'], updatedAt: now - 7_200_000, cost: { credits: 5, estimated: true } },
    now - 2 * 86_400_000,
  );
  const marcus = aLeadWithSnapshot(
    {
      id: 'per_marcus',
      firstName: 'Marcus',
      lastName: 'Hale',
      jobTitle: 'General Partner',
      twitterHandle: 'mhale',
      company: aFundProject(),
    },
    { status: 'do-not-contact', updatedAt: now - 86_400_000 },
    now - 86_400_000,
  );
  const page = await openLeadsPage(context, extensionId);
  await seedLeadsInPage(page, [ada, tomas, marcus]);
  // Tomas's email, revealed under an account other than the one in use (there is none: no key).
  await seedReveal(
    page,
    aRevealRecord({ accountId: 'acc_team', personId: 'per_tomas', name: 'Tomas Reyes', channels: { email: 'tomas@quantlayer.xyz' } }),
  );
  await page.reload();
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table).toContainText('revealed under another account');
  await stop(page, 'leads');

  await table.getByRole('button', { name: 'Ada Lindqvist' }).click();
  const lead = page.getByRole('region', { name: 'Lead' });
  await expect(lead.getByRole('list', { name: 'Notes' })).toContainText('Sent the deck.');
  await stop(page, 'leads-lead');
  await lead.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('checkbox', { name: 'Select Ada Lindqvist' }).check();
  await page.getByRole('checkbox', { name: 'Select Tomas Reyes' }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('button', { name: 'HubSpot CSV' })).toBeVisible();
  await stop(page, 'leads-export');
  return visited;
}

/** Where `photograph` writes the stop `name` in `scheme`. */
export const screenshotPath = (name: string, scheme: Scheme) => path.join(SCREENSHOTS_DIR, `${name}-${scheme}.png`);

/**
 * Screenshots `page` as `<name>-<scheme>.png`, at its viewport's width and down to the bottom of its
 * content (the panel's empty background below is left out), after checking that nothing sticks out
 * sideways: the page is drawn at the width it claims.
 */
export async function photograph(page: Page, name: string, scheme: Scheme): Promise<void> {
  const width = page.viewportSize()!.width;
  const drawn = await page.evaluate(() => {
    const bottoms = [...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().bottom + scrollY);
    return {
      innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      height: Math.ceil(Math.min(document.documentElement.scrollHeight, Math.max(0, ...bottoms) + 12)),
    };
  });
  expect({ innerWidth: drawn.innerWidth, scrollWidth: drawn.scrollWidth }, `${name} [${scheme}] is not drawn ${width} px wide`).toEqual({
    innerWidth: width,
    scrollWidth: width,
  });
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({
    path: screenshotPath(name, scheme),
    fullPage: true,
    clip: { x: 0, y: 0, width, height: drawn.height },
    animations: 'disabled',
    caret: 'hide',
  });
}
