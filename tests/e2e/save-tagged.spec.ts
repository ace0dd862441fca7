// Tags on saved lists (issue 41, item 3) in Chromium against the emulator: "Save as leads" with a tag from the
// prospect page (new people and one already saved) and from "People on this page" on an X followers page (the
// tag offered there is the last one used); the Leads page's tag filter then shows only that list and Export
// writes only it. Saving is free: no paid call, nothing charged (the emulator's ledger).
import { readFileSync } from 'node:fs';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { parseRecords } from '../support/csv-parse';
import { expect, test } from './fixtures';
import { openLeadsPage } from './leads-seed';
import { serveSites } from './site-fixtures';
import { tabIdReporting, workerIdle } from './worker-state';

const KEY = 'test_pro';
const TAG = 'Token2049';
const OWNER = ANCHORS.fund.twitterHandle;

type Row = { name: string; handle: string };

test('a tagged list from the prospect page and from People on this page; the Leads page filters by it and exports only it', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  test.setTimeout(90_000);
  await configureKey(KEY);
  // Anything but the free balance check counts: saving must add nothing to it.
  const calls = () => emulator.control.ledger(KEY).filter((e) => e.path !== '/v1/me').length;

  // The prospect page: one search (5 credits), five people with an X handle.
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/prospect.html`);
  await page.getByRole('button', { name: 'Search · 5 credits' }).click();
  const rows = page
    .getByRole('table', { name: 'Results' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: /^@/ }) });
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  const people = await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) => ({
      name: await rows.nth(i).locator('th .prospect-table__name').innerText(),
      handle: (await rows.nth(i).getByRole('link', { name: /^@/ }).innerText()).slice(1),
    })),
  );
  const [p0, p1, p2, p3, p4] = people as [Row, Row, Row, Row, Row];
  const seen = calls();
  const tick = (p: { name: string }) => page.getByRole('checkbox', { name: p.name, exact: true });
  const saved = page.getByRole('status').filter({ hasText: /^Saved / });

  // Untagged as before (a fresh account offers no tag), then a list: one new, one already saved.
  const tag = page.getByRole('combobox', { name: 'Tag' });
  await expect(tag).toHaveValue('');
  await tick(p0).check();
  await tick(p1).check();
  await page.getByRole('button', { name: 'Save as leads' }).click();
  await expect(saved).toHaveText('Saved 2 as leads (2 new) · 0 credits.');
  await tick(p1).uncheck();
  await tick(p2).check();
  await tag.fill(TAG);
  await page.getByRole('button', { name: 'Save as leads' }).click();
  await expect(saved).toHaveText('Saved 2 as leads (1 new, 1 already saved) · 0 credits.');

  // "People on this page" on a followers page listing two of them (known from that search, 0 credits): the tag
  // offered is the last one used.
  await serveSites(context, { x: { [OWNER]: ANCHORS.fund.name }, xFollowers: { [OWNER]: [p3, p4] } });
  await patchSettings(page, { autoLookup: 'never' });
  const x = await context.newPage();
  await x.goto(`https://x.com/${OWNER}/followers`);
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${await tabIdReporting(serviceWorker, OWNER)}`);
  const region = panel.getByRole('region', { name: 'People on this page' });
  await expect(region.getByRole('status')).toHaveText('2 known · 0 not looked up', { timeout: 15_000 });
  await expect(region.getByRole('combobox', { name: 'Tag' })).toHaveValue(TAG);
  for (const p of [p3, p4]) await region.getByRole('checkbox', { name: p.name }).check();
  await region.getByRole('button', { name: 'Save as leads' }).click();
  await expect(region.getByText(/Saved · New/)).toHaveCount(2, { timeout: 15_000 });
  await workerIdle(serviceWorker);
  expect(calls()).toBe(seen);
  expect(emulator.charged(KEY)).toBe(5);

  // The Leads page: five leads; the tag filter shows the four of the list, and Export writes those four only.
  const leads = await openLeadsPage(context, extensionId);
  const leadRows = leads.getByRole('table', { name: 'Leads' }).locator('tbody tr');
  await expect(leadRows).toHaveCount(5);
  await leads.getByLabel('Tag', { exact: true }).selectOption(TAG);
  await expect(leadRows).toHaveCount(4);
  await leads.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([leads.waitForEvent('download'), leads.getByRole('button', { name: 'CSV (all fields)' }).click()]);
  const { records } = parseRecords(readFileSync(await download.path(), 'utf8'));
  expect(records.map((r) => [r.Name, r.Tags]).sort()).toEqual([p0, p2, p3, p4].map((p) => [p.name, TAG]).sort());
});
