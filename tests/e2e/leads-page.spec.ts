import { readFileSync } from 'node:fs';
import { parseRecords } from '../support/csv-parse';
import type { Page } from '@playwright/test';
import { dayKey } from '../../lib/credits/day-key';
import { aLeadWithSnapshot } from '../support/a-lead';
import { aProject } from '../support/records';
import { expect, test } from './fixtures';
import { manyLeads, openLeadsPage, seedLeadsInPage } from './leads-seed';

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
  await expect(page.getByText(/^No leads yet/)).toBeVisible();
  await seedLeadsInPage(page, [ada, jurgen]);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).first()).toContainText('Ada Lindqvist');

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
  for (const key of [...'4321', ...Array(4).fill('Backspace'), ...'987', ...Array(3).fill('Backspace')]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(200);
  }
  await expect(bodyRows(page)).toHaveCount(100);
  const keys = await latencies(page);

  // A status change on an open lead, until its row says so.
  await bodyRows(page).first().getByRole('button').first().click();
  const status = page.getByRole('region', { name: 'Lead' }).getByRole('combobox', { name: 'Status' });
  await measureFrom(page, 'change', 'select#lead-status');
  for (const value of ['won', 'meeting', 'replied']) {
    await status.selectOption(value);
    await expect(bodyRows(page).first().locator('.lead-status')).toHaveText({ won: 'Won', meeting: 'Meeting', replied: 'Replied' }[value]!);
    await page.waitForTimeout(200);
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
