import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parseRecords } from '../support/csv-parse';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { dayKey } from '../../lib/credits/day-key';
import { aLeadWithSnapshot } from '../support/a-lead';
import { aProject } from '../support/records';
import { expect, test } from './fixtures';
import { manyLeads, openLeadsPage, seedLeadsInPage } from './leads-seed';
import type { CostRow } from '../../lib/leads/lead-db';

// The Leads page (leads.html) in Chromium against the built extension: the leads are written into the
// extension's own leads database (leads-seed.ts), then the page is read as a rep would use it.

const now = Date.now();
const today = dayKey(now);
const ada = aLeadWithSnapshot(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant', jobTitle: 'Head of BD' },
  { tags: ['defi'], followUpOn: today, updatedAt: now - 1_000, cost: { credits: 15, estimated: false } },
  now - 86_400_000,
);
const jurgen = aLeadWithSnapshot(
  { id: 'per_jurgen', firstName: 'Jürgen', lastName: 'Müller', twitterHandle: 'jmueller', company: aProject({ name: 'Ærø Capital' }) },
  { status: 'contacted', updatedAt: now - 2_000 },
  now - 86_400_000,
);

const table = (page: Page) => page.getByRole('table', { name: 'Leads' });

/** A click on `button` opens a new tab, and it is the prospect page (closed again). */
async function expectProspectPageFrom(context: BrowserContext, button: Locator): Promise<void> {
  const [prospect] = await Promise.all([context.waitForEvent('page'), button.click()]);
  // The address, not a load event: Chromium once never reported domcontentloaded for the new extension tab (CI, 04b18b6).
  await expect(prospect).toHaveURL((url) => url.pathname === '/prospect.html');
  await prospect.close();
}
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** The focused element has a visible focus indicator (an outline or a box-shadow ring). */
const focusVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '');
  });

/** Presses `key` until `target` has focus, each stop visibly focused; fails after `max` stops. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, key = 'Tab', max = 60): Promise<number> {
  for (let stops = 0; stops <= max; stops++) {
    if (await target.evaluate((el) => el === document.activeElement)) return stops;
    await page.keyboard.press(key);
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30) ?? ''}"`
        : 'nothing';
    });
    expect(await focusVisible(page), `focus stop ${stops + 1} (${where}) has no visible focus indicator`).toBe(true);
  }
  throw new Error(`not reached with ${key} in ${max} stops`);
}

test('two leads: the table, search, the due filter, keyboard only from a lead’s status and note to Export, then back up and restore', async ({
  context,
  extensionId,
}) => {
  let page = await openLeadsPage(context, extensionId);
  // Empty: it says where leads come from, and "Find prospects" opens the prospect page in a new tab.
  const empty = page.getByRole('region', { name: 'No leads yet' });
  await expect(empty).toContainText('“People on this page”');
  await expectProspectPageFrom(context, empty.getByRole('button', { name: 'Find prospects' }));
  await seedLeadsInPage(page, [ada, jurgen]);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).first()).toContainText('Ada Lindqvist');
  await expect(empty).toHaveCount(0);
  await expectProspectPageFrom(context, page.getByRole('button', { name: 'Find prospects' }));

  const search = page.getByRole('searchbox', { name: 'Search leads' });
  await search.fill('aero');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Jürgen Müller');
  await search.fill('');
  await expect(bodyRows(page)).toHaveCount(2);

  // The popup and the badge open the follow-ups due.
  await page.close();
  page = await openLeadsPage(context, extensionId, '?filter=due');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Ada Lindqvist');
  await expect(page.getByRole('checkbox', { name: 'Follow-up due' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Follow-up due' }).uncheck();
  await expect(bodyRows(page)).toHaveCount(2);

  // Keyboard only: open Ada, set her status, add a note, then Export.
  await page.locator('body').focus();
  await tabTo(page, table(page).getByRole('button', { name: 'Ada Lindqvist' }));
  await page.keyboard.press('Enter');
  const lead = page.getByRole('region', { name: 'Lead' });
  await expect(lead).toBeFocused();
  await expect(lead.getByText(/^Saved record from /)).toBeVisible();
  await expect(lead.getByText('Paid 15 credits for this person')).toBeVisible();

  const status = lead.getByRole('combobox', { name: 'Status' });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('contacted');
  await expect(bodyRows(page).first()).toContainText('Contacted');

  const note = lead.getByRole('textbox', { name: 'Note' });
  await tabTo(page, note);
  await page.keyboard.type('Wants a demo in Q1');
  await tabTo(page, lead.getByRole('button', { name: 'Add note' }));
  await page.keyboard.press('Enter');
  await expect(lead.getByRole('list', { name: 'Notes' })).toContainText('Wants a demo in Q1');

  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await tabTo(page, exportButton, 'Shift+Tab');
  await page.keyboard.press('Enter');
  for (const label of ['HubSpot CSV', 'Salesforce CSV', 'Pipedrive CSV', 'CSV (all fields)', 'vCard', 'Copy for Google Sheets'])
    await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'HubSpot CSV' }));
  const [hubspot] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(hubspot.suggestedFilename()).toBe(`leads-hubspot-${dayKey(Date.now())}.csv`);
  const { records } = parseRecords(readFileSync(await hubspot.path(), 'utf8'));
  expect(records.map((r) => [r['First Name'], r['Last Name'], r['Lead Status']]).sort()).toEqual([
    ['Ada', 'Lindqvist', 'ATTEMPTED_TO_CONTACT'],
    ['Jürgen', 'Müller', 'ATTEMPTED_TO_CONTACT'],
  ]);
  await expect(page.getByText(/^Exported 2 leads to leads-hubspot-/)).toBeVisible();
  await expect(exportButton).toBeFocused();

  // What was set survives a reload (it is in the leads database, not the page).
  await page.reload();
  await expect(bodyRows(page).first()).toContainText('Contacted');

  // Back up leads: one JSON file; restoring it here adds nothing (it is already here).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Back up leads' }).click()]);
  expect(download.suggestedFilename()).toBe(`leads-backup-${dayKey(Date.now())}.json`);
  const file = await download.path();
  const backup = JSON.parse(readFileSync(file, 'utf8')) as { format: string; leads: { personId: string; notes: { text: string }[] }[] };
  expect(backup.format).toBe('crypto-directory-leads');
  expect(backup.leads.map((l) => l.personId).sort()).toEqual(['per_ada', 'per_jurgen']);
  expect(backup.leads.find((l) => l.personId === 'per_ada')?.notes.map((n) => n.text)).toEqual(['Wants a demo in Q1']);
  await page.getByTestId('restore-leads-file').setInputFiles(file);
  await expect(page.getByText('Restored: 0 added, 0 updated.')).toBeVisible();
});

/**
 * From each `event` on an element matching `selector` (its timestamp) to the next frame after the
 * page's main content changed: what the rep waits for. Collected in the page as `window.latencies`.
 */
async function measureFrom(page: Page, event: string, selector: string): Promise<void> {
  await page.evaluate(
    ([type, sel]) => {
      const w = window as unknown as { latencies: number[] };
      w.latencies = [];
      let at: number | null = null;
      document.addEventListener(type, (e) => void ((e.target as Element).matches(sel) && (at = e.timeStamp)), true);
      new MutationObserver(() => {
        if (at === null) return;
        const start = at;
        at = null;
        requestAnimationFrame(() => w.latencies.push(performance.now() - start));
      }).observe(document.querySelector('.leads__body')!, { subtree: true, childList: true, characterData: true });
    },
    [event, selector] as const,
  );
}
const latencies = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)).map(Math.round);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The timings are printed, not asserted: their goals (< 1 s, < 100 ms) are `npm run bench`'s (tests/bench/leads.ts),
// measured alone. Here the page shares 2 cores with another e2e worker, and a keystroke measured 71–108 ms
// median on the same code from one CI run to the next.
test('10,000 leads: the table is drawn, each keystroke in "Search leads" redraws it, an edit shows in its row', async ({
  context,
  extensionId,
}) => {
  test.setTimeout(120_000);
  const page = await openLeadsPage(context, extensionId);
  await seedLeadsInPage(page, manyLeads(ada, 10_000));

  // From the start of navigation to the first page of rows on screen (a frame after they are in the DOM).
  const loads: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.reload({ waitUntil: 'commit' });
    const drawn = await page.waitForFunction(
      () =>
        document.querySelectorAll('table[aria-label="Leads"] tbody tr').length >= 100
          ? new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())))
          : 0,
      null,
      { polling: 'raf', timeout: 10_000 },
    );
    loads.push(Math.round(await drawn.jsonValue()));
  }

  // Each keystroke narrows or widens the matches (digits of the leads' numbers), so each changes the table.
  await measureFrom(page, 'keydown', 'input[type="search"]');
  await page.getByRole('searchbox', { name: 'Search leads' }).focus();
  for (const [i, key] of [...'4321', ...Array<string>(4).fill('Backspace'), ...'987', ...Array<string>(3).fill('Backspace')].entries()) {
    await page.keyboard.press(key);
    await expect.poll(async () => (await latencies(page)).length).toBe(i + 1); // drawn before the next
  }
  await expect(bodyRows(page)).toHaveCount(100);
  const keys = await latencies(page);

  // A status change on an open lead, until its row says so.
  await bodyRows(page).first().getByRole('button').first().click();
  const status = page.getByRole('region', { name: 'Lead' }).getByRole('combobox', { name: 'Status' });
  await measureFrom(page, 'change', 'select#lead-status');
  for (const [i, value] of ['won', 'meeting', 'replied'].entries()) {
    await status.selectOption(value);
    await expect(bodyRows(page).first().locator('.lead-status')).toHaveText({ won: 'Won', meeting: 'Meeting', replied: 'Replied' }[value]!);
    await expect.poll(async () => (await latencies(page)).length).toBe(i + 1);
  }
  const edits = await latencies(page);

  const figures =
    `10,000 leads (Chromium): table drawn ${loads.join(' / ')} ms after navigation (median ${median(loads)}); ` +
    `keystrokes ${keys.join(', ')} ms (median ${median(keys)}, max ${Math.max(...keys)}); ` +
    `status edits ${edits.join(', ')} ms`;
  test.info().annotations.push({ type: 'figures', description: figures });
  console.log(figures);
  // Every keystroke changed the table, and every edit its row: each was seen drawn.
  expect(keys.length).toBeGreaterThanOrEqual(12);
  expect(edits.length).toBeGreaterThanOrEqual(3);
  expect(loads).toHaveLength(3);
});

// ── Layout: no word broken at 800, 1,100 and 1,440 px, the open lead in view ─────────────────────────────

const DAY = 86_400_000;
/**
 * Every kind of text a cell holds, at its longest: a hyphenated surname, a handle and a company no column fits. The
 * handle is longer than any X handle (20): a lead restored from a backup holds whatever text it held, and still fits.
 */
const maximiliana = aLeadWithSnapshot(
  {
    id: 'per_max',
    firstName: 'Maximiliana',
    lastName: 'Vandersteenhoven-Lindqvist',
    twitterHandle: 'MaxVandersteenhoven_',
    jobTitle: 'Head of Business Development and Ecosystem Partnerships',
    company: aProject({ name: 'QuantLayerFoundationResearchCollective' }),
  },
  {
    xHandle: 'MaximilianaVandersteenhovenDAO',
    tags: ['token2049-singapore', 'defi'],
    followUpOn: dayKey(now - 2 * DAY),
    updatedAt: now - 500,
  },
  now - DAY,
);
/** Found on a 5-credit list page of 100: her share is 0.05 credits. */
const nadia = aLeadWithSnapshot(
  { id: 'per_nadia', firstName: 'Nadia', lastName: 'Okafor', twitterHandle: 'nadia_builds', jobTitle: 'Partnerships' },
  { status: 'contacted', followUpOn: today, updatedAt: now - 600, cost: { credits: 0.05, estimated: false } },
  now - DAY,
);
const nadiaShare: CostRow = {
  personId: 'per_nadia',
  accountId: nadia.lead.accountId,
  at: now - DAY,
  credits: 0.05,
  estimated: false,
  what: 'lookup',
  shared: { credits: 5, people: 100, from: 'list' },
};

/**
 * Measured on the rendered table: each word (a run of non-spaces in a text node) of each body cell whose
 * line boxes (Range.getClientRects) lie on more than one line is broken inside; a cell whose content is
 * wider than it spills; an element that clips its text must end it in an ellipsis and carry the whole
 * text as its title.
 */
function measureCells(): { broken: string[]; spills: string[]; unmarkedClips: string[]; clipped: string[] } {
  const cells = [...document.querySelectorAll('table[aria-label="Leads"] tbody :is(th, td)')] as HTMLElement[];
  const broken: string[] = [];
  const spills: string[] = [];
  const unmarkedClips: string[] = [];
  const clipped: string[] = [];
  for (const cell of cells) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = rects.map((r) => r.top);
        const lowest = Math.min(...rects.map((r) => r.height));
        if (rects.length > 1 && Math.max(...tops) - Math.min(...tops) > lowest / 2) broken.push(`"${m[0]}" in "${cell.textContent}"`);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) spills.push(cell.textContent ?? '');
    for (const el of [...cell.querySelectorAll('*')] as HTMLElement[]) {
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' || el.scrollWidth <= el.clientWidth + 1) continue;
      clipped.push(el.textContent ?? '');
      if (style.textOverflow !== 'ellipsis' || el.title !== el.textContent) unmarkedClips.push(el.outerHTML.slice(0, 120));
    }
  }
  return { broken, spills, unmarkedClips, clipped };
}

/** The element's box against the viewport: is its top edge (the lead's bar with Close) on screen? */
const topInView = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.top < innerHeight - 40 && box.bottom > box.top;
  });

// The issue's two widths, and the widest the page is laid out for (.leads max-width).
for (const width of [800, 1100, 1440]) {
  test(`at ${width} px: no cell breaks inside a word (long ones end in "…" with the whole text as title), overdue said in words, the open lead in view`, async ({
    context,
    extensionId,
  }) => {
    const seeding = await openLeadsPage(context, extensionId);
    await seedLeadsInPage(seeding, [...manyLeads(ada, 30), maximiliana, nadia, jurgen], [nadiaShare]);
    await seeding.close();
    const page = await openLeadsPage(context, extensionId, '', width);
    await expect(bodyRows(page)).toHaveCount(33);
    // The total in the status line: 30 × 15 + 0.05 (a share of a list page) + 0.
    await expect(page.getByText('33 leads · 450 credits', { exact: true })).toBeVisible();

    const layout = await page.evaluate(measureCells);
    await page.screenshot({ path: `test-results/screenshots/leads-layout-${width}-list.png` });
    expect(layout.broken, layout.broken.join('\n')).toEqual([]);
    expect(layout.spills, layout.spills.join('\n')).toEqual([]);
    expect(layout.unmarkedClips, layout.unmarkedClips.join('\n')).toEqual([]);
    // A word no column fits (the company, at 800 px the handle too) is clipped: the ellipsis was measured, not assumed.
    expect(layout.clipped).toContain('QuantLayerFoundationResearchCollective');
    if (width === 800) expect(layout.clipped).toContain('@MaximilianaVandersteenhovenDAO');

    // Overdue and due today differ in words and in colour.
    const max = bodyRows(page).filter({ hasText: 'Maximiliana' });
    const due = bodyRows(page).filter({ hasText: 'Nadia Okafor' });
    await expect(max.getByText('overdue 2 d')).toBeVisible();
    await expect(due.getByText('due today')).toBeVisible();
    const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(max.getByText('overdue 2 d'))).not.toBe(await background(due.getByText('due today')));

    // Open a lead far down the table: it is in view, and stays in view as the page scrolls on.
    const name = bodyRows(page).nth(28).getByRole('button').first();
    await name.scrollIntoViewIfNeeded();
    await name.click();
    const lead = page.getByRole('region', { name: 'Lead' });
    await expect(lead).toBeFocused();
    expect(await topInView(lead)).toBe(true);
    await page.mouse.wheel(0, 400);
    // The wheel's scroll (if any: at 800 px the lead is over the table) is drawn by the second frame after it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await topInView(lead)).toBe(true);
    // Opened beside the table or over its right, the names stay clickable: open Nadia from the row.
    await due.getByRole('button', { name: 'Nadia Okafor' }).click();
    await expect(lead.getByRole('region', { name: 'Person' })).toContainText('Nadia Okafor');
    expect(await topInView(lead)).toBe(true);
    await expect(lead.getByText('Paid 0.05 credits for this person')).toBeVisible();
    await expect(lead.getByRole('list', { name: 'Shared charges' })).toHaveText('0.05 credits — from a 5-credit list page of 100');
    // The toolbar stays in reach with the lead open (Export, Send to HubSpot for it): the lead is under it,
    // never over it (a click on a covered button would be refused by Playwright's actionability check).
    await page.mouse.wheel(0, 400);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('button', { name: 'HubSpot CSV' })).toBeVisible();
    await page.keyboard.press('Escape');
    const toolbarBottom = await page.locator('.leads__toolbar').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await lead.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(Math.floor(toolbarBottom));
    // Still no broken word with the lead open (the table is compact beside it).
    const open = await page.evaluate(measureCells);
    expect([...open.broken, ...open.spills, ...open.unmarkedClips]).toEqual([]);

    // axe on the page as it is now (the lead open, the due chips), light and dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${colorScheme}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `test-results/screenshots/leads-layout-${width}.png` });
  });
}
