import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { ANCHORS } from '../emulator';
import { count, findByText, suspended as suspendedPage, tabIdReporting, waitFor, workerIdle, type FirefoxSession } from './firefox';
import { configure, firefoxTest, type Ctx } from './harness';

// The sidebar page (sidepanel.html?tabId=N, what Firefox's sidebar shows) against the built extension, the
// background event page and the local emulator.

const FOUNDER = ANCHORS.founder;
const dir = {
  x: { [FOUNDER.twitterHandle]: FOUNDER.name },
  linkedinPeople: { [FOUNDER.linkedinSlug]: { name: FOUNDER.name, headline: 'Co-founder & CEO at QuantLayer', company: 'QuantLayer' } },
};
const PERSON = 'section[aria-label="Person"]';
const COMPANY = 'section[aria-label="Company"]';
const isFounderOnX = (p: { site?: string; handle?: string }) =>
  p.site === 'x' && p.handle?.toLowerCase() === FOUNDER.twitterHandle.toLowerCase();

/** Opens the X profile (fixture) and the sidebar page pinned to its tab. */
async function xProfileAndSidebar(ff: FirefoxSession, control: Page): Promise<{ sidebar: Page; tabId: number }> {
  await ff.openSite(`https://x.com/${FOUNDER.twitterHandle}`, dir);
  const tabId = await tabIdReporting(control, isFounderOnX, `@${FOUNDER.twitterHandle}`);
  return { sidebar: await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`), tabId };
}

const reveals = (ledger: ReturnType<Ctx['ledger']>) => ledger.filter((e) => /include=private/.test(e.query));

firefoxTest('an X profile reaches its Person and Company cards, for one 5-credit lookup', async ({ ff, server, charged, ledger }) => {
  const control = await configure(ff, server.baseUrl, 'test_pro');
  const { sidebar } = await xProfileAndSidebar(ff, control);
  await findByText(sidebar, `${PERSON} h2`, FOUNDER.name);
  await findByText(sidebar, `${COMPANY} h2`, ANCHORS.founderCompany.name);
  await findByText(sidebar, `${PERSON} ul[aria-label="Contact channels"]`, 'on file');
  assert.equal(ledger('test_pro').filter((e) => e.path === '/v1/search').length, 1);
  assert.equal(charged('test_pro'), 5);
});

firefoxTest('a LinkedIn person reaches their Person card', async ({ ff, server, charged }) => {
  const control = await configure(ff, server.baseUrl, 'test_pro');
  await ff.openSite(`https://www.linkedin.com/in/${FOUNDER.linkedinSlug}/`, dir);
  const tabId = await tabIdReporting(
    control,
    (p) => p.site === 'linkedin' && p.slug === FOUNDER.linkedinSlug,
    `in/${FOUNDER.linkedinSlug}`,
  );
  const sidebar = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
  await findByText(sidebar, `${PERSON} h2`, FOUNDER.name);
  assert.equal(charged('test_pro'), 5);
});

firefoxTest('a cancelled reveal charges nothing; a confirmed one charges exactly 10, once', async ({ ff, server, charged, ledger }) => {
  const control = await configure(ff, server.baseUrl, 'test_pro');
  const { sidebar } = await xProfileAndSidebar(ff, control);
  const before = charged('test_pro');
  assert.equal(before, 5);

  await (await findByText(sidebar, `${PERSON} button`, 'Reveal contact')).click();
  await findByText(sidebar, '[role="dialog"]', 'Confirm reveal');
  await (await findByText(sidebar, '[role="dialog"] button', 'Cancel')).click();
  await waitFor(async () => (await count(sidebar, '[role="dialog"]')) === 0, 'the dialog to close');
  await workerIdle(sidebar);
  assert.equal(reveals(ledger('test_pro')).length, 0);
  assert.equal(charged('test_pro'), before);

  await (await findByText(sidebar, `${PERSON} button`, 'Reveal contact')).click();
  await (await findByText(sidebar, '[role="dialog"] button', 'Reveal for 10 credits')).click();
  await findByText(sidebar, `${PERSON} ul[aria-label="Contact channels"] a`, 'ada@quantlayer.xyz');
  const paid = reveals(ledger('test_pro'));
  assert.equal(paid.length, 1);
  assert.equal(paid[0]!.creditsCharged, 10);
  assert.equal(charged('test_pro'), before + 10);
});

firefoxTest('a test_free_empty key shows the NOT REAL DATA alert and no live-looking card', async ({ ff, server, charged }) => {
  const control = await configure(ff, server.baseUrl, 'test_free_empty');
  const { sidebar } = await xProfileAndSidebar(ff, control);
  await findByText(sidebar, '[role="alert"]', 'NOT REAL DATA');
  assert.equal(await count(sidebar, PERSON), 0);
  assert.equal(await count(sidebar, 'ul[aria-label="Contact channels"]'), 0);
  assert.equal(charged('test_free_empty'), 0);
});

firefoxTest(
  'the event page suspended and woken mid-session loses nothing: card, key and reveal survive, nothing is charged twice',
  async ({ ff, server, charged, ledger }) => {
    const suspended = () => suspendedPage(ff);

    const control = await configure(ff, server.baseUrl, 'test_pro');
    const { sidebar, tabId } = await xProfileAndSidebar(ff, control);
    await findByText(sidebar, `${PERSON} h2`, FOUNDER.name);
    assert.equal(charged('test_pro'), 5);
    await sidebar.close();

    // Suspended, then woken by a fresh sidebar: the card comes back from the tab state, not a second lookup.
    await suspended();
    const again = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
    await findByText(again, `${PERSON} h2`, FOUNDER.name);
    assert.equal(charged('test_pro'), 5);

    // Suspended again; the reveal wakes it, and the key (read back from IndexedDB) still works.
    await suspended();
    await (await findByText(again, `${PERSON} button`, 'Reveal contact')).click();
    await (await findByText(again, '[role="dialog"] button', 'Reveal for 10 credits')).click();
    await findByText(again, `${PERSON} ul[aria-label="Contact channels"] a`, 'ada@quantlayer.xyz');
    assert.equal(reveals(ledger('test_pro')).length, 1);
    assert.equal(charged('test_pro'), 15);
    await again.close();

    // And once more: the revealed channels are shown again for nothing.
    await suspended();
    const third = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
    await findByText(third, `${PERSON} ul[aria-label="Contact channels"] a`, 'ada@quantlayer.xyz');
    assert.equal(charged('test_pro'), 15);
    assert.equal(ledger('test_pro').filter((e) => e.path === '/v1/search').length, 1);
  },
  // Firefox suspends an idle event page after 30 s by default; 2 s keeps the test short.
  { prefs: { 'extensions.background.idle.timeout': 2_000 }, timeoutMs: 120_000 },
);
