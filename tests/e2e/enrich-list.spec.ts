// "Enrich a list" (issue 43) in Chromium against the built extension, with the emulator's ledger as the truth
// about money. The Leads page is reached from the toolbar popup; the list is a CSV file chosen in the page, or
// text pasted into it. A worker stop mid-run, over budget, "Enrich the N that fit", a panel's lookup mid-run, a raise, Cancel.
import type { Page } from '@playwright/test';
import type { PersonRecord } from '../emulator/types';
import { patchSettings } from '../demo/browser';
import { JOURNAL_PREFIX } from '../../lib/storage/keys';
import { aLeadWithSnapshot } from '../support/a-lead';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { openLeadsByClick } from './hubspot-connect';
import { seedLeadsInPage } from './leads-seed';
import { readRecords } from './records-db';
import { openProfileAndPanel, workerIdle } from './worker-state';

const KEY = 'test_pro';
const FILE = 'token2049-attendees.csv';
const LIST_NAME = 'token2049-attendees';

const fullName = (p: PersonRecord) => `${p.firstName} ${p.lastName}`;
const searches = (emulator: EmulatorUnderTest) => emulator.control.ledger(KEY).filter((e) => e.path === '/v1/search');
const served = (emulator: EmulatorUnderTest) => searches(emulator).filter((e) => e.status === 200);

/** Directory people with an X handle, a company and a name no one else has: each is one exact search. */
function distinctPeople(emulator: EmulatorUnderTest): PersonRecord[] {
  const names = new Map<string, number>();
  for (const p of emulator.directory.people) names.set(fullName(p), (names.get(fullName(p)) ?? 0) + 1);
  return emulator.directory.people.filter(
    (p) => p.twitterHandle && p.companyId && names.get(fullName(p)) === 1 && !p.id.startsWith('per_anchor_') && p.twitterHandle.length >= 6,
  );
}

const companyOf = (emulator: EmulatorUnderTest, p: PersonRecord) =>
  emulator.directory.companies.find((c) => c.id === p.companyId)?.name ?? '';

/** A CSV cell, quoted when it holds a comma or a quote (RFC 4180). */
const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const csv = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** The "Enrich a list" region, opened from the Leads header. */
async function openEnrich(leads: Page) {
  await leads.getByRole('button', { name: 'Enrich a list' }).first().click();
  return leads.getByRole('region', { name: 'Enrich a list' });
}

test('a 40-row CSV: 10 known, 25 to look up (3 unreadable, 2 duplicates) quoted at 125 credits, charged 125 through a worker stop, saved tagged with the file name', async ({
  context,
  extensionId,
  emulator,
  configureKey,
}) => {
  test.setTimeout(120_000);
  await configureKey(KEY);
  const people = distinctPeople(emulator);
  const [leadsByHandle, leadsByLinkedIn, byHandle, byName] = [
    people.slice(0, 8),
    people.slice(8, 10),
    people.slice(10, 28),
    people.slice(28, 30),
  ];
  const missing = ['zq_nobody_404', 'kai_brandt_eth', 'noor_defi_bd', 'lena_onchain_x', 'otto_validator'];

  // Ten people saved as leads earlier: eight by their X handle, two saved from their LinkedIn profile.
  const slug = (p: PersonRecord) => `${p.firstName}-${p.lastName}-${p.id.slice(-4)}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  let leads = await openLeadsByClick(context, extensionId);
  await seedLeadsInPage(leads, [
    ...leadsByHandle.map((p) =>
      aLeadWithSnapshot({ id: p.id, firstName: p.firstName, lastName: p.lastName, twitterHandle: p.twitterHandle }),
    ),
    ...leadsByLinkedIn.map((p) =>
      aLeadWithSnapshot(
        { id: p.id, firstName: p.firstName, lastName: p.lastName, twitterHandle: null },
        { savedFrom: `https://www.linkedin.com/in/${slug(p)}/` },
      ),
    ),
  ]);
  await leads.reload();
  await expect(leads.getByRole('table', { name: 'Leads' }).locator('tbody tr')).toHaveCount(10);

  // The sheet as a conference exports it: handles in every shape, LinkedIn links with a country host.
  const handleAs = (h: string, i: number) => [`@${h}`, `https://x.com/${h}`, h, `https://twitter.com/${h}?s=20`][i % 4]!;
  const rows: string[][] = [
    ['Name', 'Company', 'Twitter', 'LinkedIn'],
    ...leadsByHandle.map((p, i) => [fullName(p), companyOf(emulator, p), handleAs(p.twitterHandle, i), '']),
    ...leadsByLinkedIn.map((p) => [fullName(p), companyOf(emulator, p), '', `https://de.linkedin.com/in/${slug(p)}`]),
    ...byHandle.slice(0, 9).map((p, i) => [fullName(p), companyOf(emulator, p), handleAs(p.twitterHandle, i), '']),
    ['Jane Whitlock', '', '', ''], // a name alone
    [fullName(byHandle[0]!), '', `https://x.com/${byHandle[0]!.twitterHandle}?ref_src=twsrc`, ''], // the same handle again
    ...byHandle.slice(9).map((p, i) => [fullName(p), companyOf(emulator, p), handleAs(p.twitterHandle, i + 1), '']),
    ['', '', 'https://x.com/home', ''], // not a person's X address
    ...byName.map((p) => [fullName(p), companyOf(emulator, p), '', '']),
    [fullName(byHandle[3]!), companyOf(emulator, byHandle[3]!), '', ''], // listed again by name and company alone
    ...missing.map((h, i) => [`Guest ${i + 1}`, '', `@${h}`, '']),
    ['', 'QuantLayer', '', 'https://www.linkedin.com/company/quantlayer/'], // a company page, not a person
  ];
  expect(rows.length - 1).toBe(40);

  const region = await openEnrich(leads);
  await region.getByLabel('Choose a CSV or TSV file').setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: Buffer.from(csv(rows)) });
  await expect(region.getByText('40 rows · 3 unreadable · 2 duplicates folded')).toBeVisible();
  await expect(region.getByRole('combobox', { name: 'Column 3: Twitter' })).toHaveValue('x');
  await expect(region.getByRole('combobox', { name: 'Column 4: LinkedIn' })).toHaveValue('linkedin');
  await expect(region.getByRole('list', { name: 'Unreadable rows' }).getByRole('listitem')).toHaveCount(3);

  // The price, before anything is sent: the ledger does not move.
  await workerIdle(context.serviceWorkers()[0]!);
  const before = { entries: emulator.control.ledger(KEY).length, charged: emulator.charged(KEY) };
  await region.getByRole('button', { name: 'Get the price' }).click();
  const price = region.getByRole('group', { name: 'Price' });
  await expect(price).toContainText('10 known · 0 credits');
  await expect(price).toContainText('25 to look up · 125 credits');
  const enrich = price.getByRole('button', { name: 'Enrich 25 · 125 credits' });
  await expect(enrich).toBeEnabled();
  await workerIdle(context.serviceWorkers()[0]!);
  expect(emulator.control.ledger(KEY).length).toBe(before.entries);

  // Mid-run the API answers 429 once (the run waits it out, nothing on the wire): the worker is
  // stopped there, and the page's next read of the run wakes it, which goes on from the row it was on.
  for (let i = 0; i < 8; i++) emulator.control.inject({ latencyMs: 1 });
  emulator.control.inject({ fail429: 1 });
  const cdp = await context.newCDPSession(leads);
  await cdp.send('ServiceWorker.enable');
  await enrich.click();
  await expect
    .poll(
      async () =>
        emulator.control.ledger(KEY).some((e) => e.fault === 'fail429') &&
        Object.keys(await readRecords(leads, JOURNAL_PREFIX)).length === 0,
      { intervals: [20], timeout: 20_000 },
    )
    .toBe(true);
  const marked = () => context.serviceWorkers()[0]!.evaluate(() => (globalThis as { stopMark?: true }).stopMark === true);
  await context.serviceWorkers()[0]!.evaluate(() => ((globalThis as { stopMark?: true }).stopMark = true));
  await cdp.send('ServiceWorker.stopAllWorkers');
  const sentBeforeStop = served(emulator).length;
  expect(sentBeforeStop).toBeGreaterThan(0);
  expect(sentBeforeStop).toBeLessThan(25);

  const status = region.getByRole('status');
  await expect(status).toHaveText('Done: 25 of 25 looked up · 125 credits spent', { timeout: 60_000 });
  await workerIdle(context.serviceWorkers()[0]!);
  expect(await marked()).toBe(false); // the run ended in a worker started again (woken by the page's read of the run)
  // The server's truth: 25 searches answered, 125 credits, none sent twice.
  expect(emulator.charged(KEY) - before.charged).toBe(125);
  expect(served(emulator)).toHaveLength(25);
  expect(new Set(served(emulator).map((e) => e.query)).size).toBe(25);

  // Every row has its outcome: 10 known for free, the directory's people matched, 5 not in the directory.
  const results = region.getByRole('list', { name: 'Rows' }).locator(':scope > li');
  await expect(results).toHaveCount(35);
  await expect(results.filter({ hasText: /To look up|Looking up…|Failed|not sent/i })).toHaveCount(0);
  await expect(results.filter({ hasText: 'Known from your saved lead · 0 credits' })).toHaveCount(10);
  await expect(results.filter({ hasText: 'Not in the directory · 5 credits paid' })).toHaveCount(5);
  await expect(results.filter({ hasText: /Matched on (the X handle|name and company) · 5 credits/ })).toHaveCount(20);
  await expect(results.filter({ hasText: 'lines ' })).toHaveCount(2); // each duplicate folded into its row

  // "Save as leads", tagged with the file's name by default: the 30 people found, the 20 new ones saved and
  // the 10 already saved (known from the lead alone, not from a card of this account) tagged.
  await expect(region.getByRole('combobox', { name: 'Tag' })).toHaveValue(LIST_NAME);
  await expect(region.getByText('30 people found · 0 credits, no call')).toBeVisible();
  await region.getByRole('button', { name: 'Save as leads' }).click();
  await expect(region.getByText('Saved 30 as leads (20 new, 10 already saved) · 0 credits.')).toBeVisible({ timeout: 20_000 });
  await workerIdle(context.serviceWorkers()[0]!);
  expect(emulator.charged(KEY) - before.charged).toBe(125);

  leads = await openLeadsByClick(context, extensionId);
  const leadRows = leads.getByRole('table', { name: 'Leads' }).locator('tbody tr');
  await expect(leadRows).toHaveCount(30);
  await leads.getByLabel('Tag', { exact: true }).selectOption(LIST_NAME);
  await expect(leadRows).toHaveCount(30);
  for (const p of [...byName, ...byHandle]) await expect(leadRows.filter({ hasText: fullName(p) })).toHaveCount(1);
});

test('over budget: refused before sending, the N that fit charge N lookups, a LinkedIn address alone needs a name, a profile opened mid-run is answered before the run ends; a raise, then Cancel stops before the next call', async ({
  context,
  extensionId,
  emulator,
  configureKey,
}) => {
  test.setTimeout(90_000);
  await configureKey(KEY);
  const people = distinctPeople(emulator);
  const leads = await openLeadsByClick(context, extensionId);
  await patchSettings(leads, { dailyBudget: 30 });
  await workerIdle(context.serviceWorkers()[0]!);
  const before = emulator.charged(KEY);

  // Eight handles (40 credits) and a LinkedIn address alone, pasted: today's budget is 30.
  const region = await openEnrich(leads);
  const text = region.getByRole('textbox', { name: 'Paste handles, profile links or a spreadsheet' });
  await text.fill(
    [...people.slice(0, 8).map((p) => `@${p.twitterHandle}`), 'https://www.linkedin.com/in/someone-met-at-devcon'].join('\n'),
  );
  await region.getByRole('button', { name: 'Get the price' }).click();
  const price = region.getByRole('group', { name: 'Price' });
  await expect(price).toContainText('1 with only a LinkedIn address: need a name · 0 credits');
  await expect(price).toContainText('8 to look up · 40 credits');
  await expect(price.getByRole('button', { name: 'Enrich 8 · 40 credits' })).toBeDisabled();
  await expect(price.getByRole('note')).toContainText('Not sent:');
  // Today's budget holds 40 credits and one more lookup's worth (an answer lost on the way may be charged twice).
  await expect(price.getByRole('button', { name: 'Raise today’s budget by 15 for this list' })).toBeVisible();
  const fit = price.getByRole('button', { name: /^Enrich the \d+ that fit/ });
  const n = Number(/Enrich the (\d+) that fit/.exec((await fit.textContent()) ?? '')?.[1]);
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(8);
  await expect(fit).toHaveText(`Enrich the ${n} that fit · ${n * 5} credits`);
  await workerIdle(context.serviceWorkers()[0]!);
  expect(searches(emulator)).toHaveLength(0);

  // During the run (each answer 1.5 s away) the rep opens a profile: its panel's lookup is answered while the
  // run's own searches are not all answered yet (the server's ledger says).
  emulator.control.configure({ latencyMs: 1_500 });
  await fit.click();
  await patchSettings(leads, { dailyBudget: 1_000 }); // room for the panel's lookup; the run keeps the N it started with
  const visited = people[20]!;
  const isVisit = (e: { query: string }) => e.query.toLowerCase().includes(visited.twitterHandle.toLowerCase());
  const panel = await openProfileAndPanel(context, context.serviceWorkers()[0]!, extensionId, visited.twitterHandle, fullName(visited));
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: fullName(visited) })).toBeVisible({
    timeout: 20_000,
  });
  expect(searches(emulator).filter((e) => !isVisit(e)).length).toBeLessThan(n);
  const status = region.getByRole('status');
  await expect(status).toHaveText(`Done: ${n} of ${n} looked up · ${n * 5} credits spent`, { timeout: 30_000 });
  emulator.control.configure({ latencyMs: 0 });
  await workerIdle(context.serviceWorkers()[0]!);
  const visit = emulator.control.ledger(KEY).filter(isVisit);
  expect(visit.map((e) => [e.path, e.creditsCharged])).toEqual([['/v1/search', 5]]);
  expect(emulator.charged(KEY) - before).toBe(n * 5 + 5);
  expect(searches(emulator)).toHaveLength(n + 1);
  const rows = region.getByRole('list', { name: 'Rows' }).locator(':scope > li');
  await expect(rows.filter({ hasText: 'Not sent: beyond the lookups that fit today.' })).toHaveCount(8 - n);
  await expect(rows.filter({ hasText: 'someone-met-at-devcon' })).toContainText(
    'Needs a name: the directory cannot be searched by a LinkedIn address · 0 credits',
  );

  // Another list over what is left today: the raise starts it whole; Cancel while its first search is on the wire.
  await patchSettings(leads, { dailyBudget: n * 5 + 5 }); // today's budget spent
  await region.getByRole('button', { name: 'Enrich another list' }).click();
  await text.fill(
    people
      .slice(8, 14)
      .map((p) => `https://x.com/${p.twitterHandle}`)
      .join('\n'),
  );
  await expect(async () => {
    await region.getByRole('button', { name: 'Get the price' }).click(); // again until the worker has the budget
    await expect(price.getByRole('button', { name: 'Enrich 6 · 30 credits' })).toBeDisabled({ timeout: 1_000 });
  }).toPass();
  emulator.control.configure({ latencyMs: 4_000 });
  await price.getByRole('button', { name: /^Raise today’s budget by \d+ for this list$/ }).click();
  await expect(region.getByRole('list', { name: 'Rows' }).locator(':scope > li').filter({ hasText: 'Looking up…' })).toHaveCount(1, {
    timeout: 20_000,
  });
  await region.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveText(`Cancelled: 1 of 6 looked up · 5 credits spent`, { timeout: 20_000 });
  await workerIdle(context.serviceWorkers()[0]!);
  expect(searches(emulator)).toHaveLength(n + 2);
  expect(emulator.charged(KEY) - before).toBe(n * 5 + 10);
  await expect(region.getByRole('list', { name: 'Rows' }).locator(':scope > li').filter({ hasText: 'Cancelled: not sent.' })).toHaveCount(
    5,
  );
  emulator.control.configure({ latencyMs: 0 });
});
