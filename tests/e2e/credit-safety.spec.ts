// Credit safety outside the happy path, in Chromium against the emulator's ledger (the server's truth),
// with default settings: glances with the panel closed, a pushState storm, answers lost after the
// charge, the worker stopped mid-call, and a page retargeting an open reveal dialog.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { JOURNAL_PREFIX } from '../../lib/storage/keys';
import { ANCHORS } from '../emulator';
import { patchSettings } from '../demo/browser';
import { openPanel } from '../demo/panel';
import { checkMoneyInvariant } from '../support/money-invariant';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { serveSites } from './site-fixtures';
import { readRecords } from './records-db';
import { configureByMessage, sendFromExtensionPage, tabIdOf, tabState, workerIdle } from './worker-state';

const A = ANCHORS;

const searches = (emulator: EmulatorUnderTest) => emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search');

async function setUp(context: BrowserContext, extensionId: string, emulator: EmulatorUnderTest, x: Record<string, string> = {}) {
  await serveSites(context, {
    x: { [A.founder.twitterHandle]: A.founder.name, [A.cofounder.twitterHandle]: A.cofounder.name, ...x },
    linkedinPeople: {
      [A.founder.linkedinSlug]: { name: A.founder.name, headline: 'Founder & CEO' },
      [A.sameName.first.linkedinSlug]: { name: 'Daniel Okafor' },
    },
  });
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, 'test_pro');
  return admin;
}

async function recordedSpend(page: Page) {
  return sendFromExtensionPage<{ spentToday: number; entries: Array<{ creditsCharged: number; estimated?: boolean; path: string }> }>(
    page,
    'getSpending',
    undefined,
  );
}

function badge(serviceWorker: Worker, tabId: number): Promise<string> {
  return serviceWorker.evaluate(
    (id) =>
      (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({
        tabId: id,
      }),
    tabId,
  );
}

test('with no panel open, browsing 10 profiles costs 0; opening the panel looks the last one up at once', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const people = emulator.directory.people.filter((p) => p.twitterHandle).slice(40, 50);
  await setUp(context, extensionId, emulator, Object.fromEntries(people.map((p) => [p.twitterHandle!, `${p.firstName} ${p.lastName}`])));
  const x = await context.newPage();
  for (const p of people) await x.goto(`https://x.com/${p.twitterHandle}`);
  // Tweet pages too: a glance at a status is not a lookup.
  await x.goto(`https://x.com/${A.founder.twitterHandle}/status/1790000000000000000`);
  const tabId = await tabIdOf(serviceWorker, x);
  await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 15_000 }).toBe('idle');
  expect(await tabState(serviceWorker, tabId)).toMatchObject({
    reason: 'unwatched',
    profile: { key: `x:${A.founder.twitterHandle.toLowerCase()}` },
  });
  await expect.poll(() => badge(serviceWorker, tabId)).toBe('•'); // within BADGE_DELAY_MS of the state
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(0);

  const panel = await openPanel(context, extensionId, tabId);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: A.founder.name })).toBeVisible({
    timeout: 15_000,
  });
  expect(emulator.charged('test_pro')).toBe(5);
});

test('a 300-step pushState storm ending on a real profile costs at most 10, shows that card, and the panel is answered within a second throughout', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await setUp(context, extensionId, emulator);
  const x = await context.newPage();
  await x.goto(`https://x.com/${A.cofounder.twitterHandle}`);
  const tabId = await tabIdOf(serviceWorker, x);
  const panel = await openPanel(context, extensionId, tabId);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: A.cofounder.name })).toBeVisible({
    timeout: 15_000,
  });
  const before = emulator.charged('test_pro');
  // The hostile page: 300 handles in ~4 s, each on screen ~13 ms, re-rendering the header as X does, then Ada.
  const storm = x.evaluate(
    async (final) => {
      const show = (handle: string, name: string) => {
        history.pushState({}, '', `/${handle}`);
        document.title = `${name} (@${handle}) / X`;
        document.querySelector('main')!.innerHTML =
          `<div data-testid="UserName"><div><span>${name}</span></div><div><span>@${handle}</span></div></div>`;
      };
      const w = window as unknown as { stormAt: number };
      for (let i = 0; i < 300; i++) {
        show(`storm${i}`, `Storm ${i}`);
        w.stormAt = i;
        // The hostile page's own pace (a move every ~13 ms), not a wait for anything: what the test simulates.
        await new Promise((r) => setTimeout(r, 13));
      }
      show(final.handle, final.name);
    },
    { handle: A.founder.twitterHandle, name: A.founder.name },
  );
  // Meanwhile the panel's own questions are answered at once (they never queue behind the reports).
  const waits: number[] = [];
  for (let i = 0; i < 6; i++) {
    // Asked at every 50th move of the storm.
    await x.waitForFunction((at) => ((window as unknown as { stormAt?: number }).stormAt ?? -1) >= at, i * 50, { polling: 50 });
    const started = Date.now();
    await sendFromExtensionPage(panel, 'getTabState', { tabId });
    waits.push(Date.now() - started);
  }
  await storm;
  // Queued behind 300 reports an answer would take seconds; 1 s leaves room for a loaded 2-core CI machine
  // (a 701 ms answer was seen once under two parallel browsers). Speed itself is the bench's business.
  expect(Math.max(...waits)).toBeLessThan(1_000);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: A.founder.name })).toBeVisible({
    timeout: 15_000,
  });
  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro') - before).toBeLessThanOrEqual(10);
  expect(searches(emulator).map((e) => e.query)).toContain(`q=${A.founder.twitterHandle.toLowerCase()}`);
});

test('every answer lost after the charge, budget 20: the server charges at most 20, and "spent today" covers it', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const people = emulator.directory.people.filter((p) => p.twitterHandle).slice(60, 67);
  const admin = await setUp(
    context,
    extensionId,
    emulator,
    Object.fromEntries(people.map((p) => [p.twitterHandle!, `${p.firstName} ${p.lastName}`])),
  );
  await patchSettings(admin, { dailyBudget: 20 });
  emulator.control.inject({ chargeThenDrop: 10, chargeThenDropAfterHeaders: 10, chargeThenDropMidBody: 10 });
  const x = await context.newPage();
  await x.goto('https://x.com/home');
  const tabId = await tabIdOf(serviceWorker, x);
  await openPanel(context, extensionId, tabId);
  for (const p of people) {
    await x.goto(`https://x.com/${p.twitterHandle}`);
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 15_000 }).toMatch(/^(error|paused-budget)$/);
  }
  expect(emulator.charged('test_pro')).toBeGreaterThan(0);
  expect(emulator.charged('test_pro')).toBeLessThanOrEqual(20);
  const spending = await recordedSpend(admin);
  expect(spending.spentToday).toBeGreaterThanOrEqual(emulator.charged('test_pro'));
  const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
  expect(check, check.problem).toMatchObject({ ok: true });
  expect(await tabState(serviceWorker, tabId)).toMatchObject({ status: 'paused-budget' });
});

test('the worker stopped mid-call: the lost attempt is recorded in full before the lookup is resent', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  const admin = await setUp(context, extensionId, emulator);
  emulator.control.configure({ latencyMs: 4_000 });
  const x = await context.newPage();
  await x.goto('https://x.com/home');
  const tabId = await tabIdOf(serviceWorker, x);
  const panel = await openPanel(context, extensionId, tabId);
  await x.goto(`https://x.com/${A.founder.twitterHandle}`);
  await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 10_000 }).toBe('looking-up');
  // The search is on the wire, held by the API: journaled, which the worker does just before it is sent.
  await expect.poll(async () => Object.keys(await readRecords(serviceWorker, JOURNAL_PREFIX)).length, { timeout: 10_000 }).toBe(1);
  emulator.control.configure({ latencyMs: 0 });
  const cdp = await context.newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // The panel reconnects, which wakes the worker; it books the lost attempt, then resends once.
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: A.founder.name })).toBeVisible({
    timeout: 20_000,
  });
  // The server has decided the first request's fate (answered, or given up on: 4 s after it came) and
  // answered the resend, and the worker has booked both.
  await expect.poll(() => searches(emulator).length, { timeout: 15_000 }).toBe(2);
  await workerIdle(context.serviceWorkers()[0]!); // the worker Chrome started again (`serviceWorker` was stopped)
  const spending = await recordedSpend(admin);
  const lost = spending.entries.filter((e) => e.estimated);
  // Booked at start from the journal; the resend's balance (asked after the loss, nothing else on the
  // wire) may then prove it free (0, "not charged: the balance shows it") — never below what the server took.
  expect(lost.map((e) => e.path)).toEqual([`/v1/search?q=${A.founder.twitterHandle.toLowerCase()}`]);
  const [first] = searches(emulator);
  expect(lost[0]!.creditsCharged).toBeGreaterThanOrEqual(first?.creditsCharged ?? 0);
  const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
  expect(check, check.problem).toMatchObject({ ok: true });
  expect(searches(emulator).length).toBeLessThanOrEqual(2);
});

test('a page that retargets an open reveal dialog reveals nobody but the person confirmed', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await setUp(context, extensionId, emulator);
  // Both work at QuantLayer and the pages say so: a LinkedIn person is never matched on name alone.
  await serveSites(context, {
    linkedinPeople: {
      [A.founder.linkedinSlug]: { name: A.founder.name, company: A.founderCompany.name },
      [A.cofounder.linkedinSlug]: { name: A.cofounder.name, company: A.founderCompany.name },
    },
  });
  // Tomas was looked up earlier, so re-matching the tab to him is a cache hit.
  const earlier = await context.newPage();
  await earlier.goto(`https://www.linkedin.com/in/${A.cofounder.linkedinSlug}/`);
  const earlierTab = await tabIdOf(serviceWorker, earlier);
  await openPanel(context, extensionId, earlierTab);
  await expect.poll(async () => (await tabState(serviceWorker, earlierTab))?.status, { timeout: 15_000 }).toBe('matched');

  const li = await context.newPage();
  await li.goto(`https://www.linkedin.com/in/${A.founder.linkedinSlug}/`);
  const tabId = await tabIdOf(serviceWorker, li);
  const panel = await openPanel(context, extensionId, tabId);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 20_000 });
  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toContainText(A.founder.name);

  // The page moves to someone else under the open dialog: new URL, new name heading.
  await li.evaluate(
    ({ slug, name }) => {
      history.pushState({}, '', `/in/${slug}/`);
      document.title = `${name} | LinkedIn`;
      document.querySelector('h1')!.textContent = name;
    },
    { slug: A.cofounder.linkedinSlug, name: A.cofounder.name },
  );
  await expect
    .poll(async () => (await tabState(serviceWorker, tabId)) as unknown, { timeout: 15_000 })
    .toMatchObject({ status: 'matched', person: { id: A.cofounder.id } });
  await expect(person.getByRole('heading', { name: A.cofounder.name })).toBeVisible();

  // The dialog that named Ada is gone; nothing names Tomas in her place. Were one still open, confirm it.
  await expect(dialog).toHaveCount(0);
  const stale = panel.getByRole('button', { name: /^Reveal for/ });
  if (await stale.count()) await stale.click();
  // And the worker itself refuses a reveal for Ada now that the tab shows someone else.
  const out = await sendFromExtensionPage<{ ok: boolean }>(panel, 'reveal', { view: { tabId }, personId: A.founder.id, confirmed: true });
  expect(out.ok).toBe(false);
  await workerIdle(serviceWorker);
  expect(emulator.control.ledger('test_pro').filter((e) => e.query.includes('include=private'))).toEqual([]);
});

test('a reveal on tab A shows at once on tab B showing the same person, for 0 more credits', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await setUp(context, extensionId, emulator);
  const openTab = async () => {
    const x = await context.newPage();
    await x.goto(`https://x.com/${A.founder.twitterHandle}`);
    const tabId = await tabIdOf(serviceWorker, x);
    const panel = await openPanel(context, extensionId, tabId);
    const person = panel.getByRole('region', { name: 'Person' });
    await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 20_000 });
    return person;
  };
  const personA = await openTab();
  const personB = await openTab(); // the cached answer: free
  const before = emulator.charged('test_pro');
  await personA.getByRole('button', { name: /^Reveal/ }).click();
  await personA.page().getByRole('dialog', { name: 'Confirm reveal' }).getByRole('button', { name: 'Reveal for 10 credits' }).click();
  await expect(personA.getByText(/^Revealed .+ for 10 credits/)).toBeVisible({ timeout: 15_000 });
  // Tab B's panel was not touched: it reads the one reveal store, so the channels are there, with no Reveal left to pay for.
  await expect(personB.getByRole('list', { name: 'Contact channels' }).getByRole('link', { name: 'ada@quantlayer.xyz' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(personB.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  expect(emulator.charged('test_pro') - before).toBe(10);
  expect(emulator.control.ledger('test_pro').filter((e) => e.query.includes('include=private'))).toHaveLength(1);
});
