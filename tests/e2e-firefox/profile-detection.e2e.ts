import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { linkedinPage, xPage, type SiteDirectory } from '../e2e/site-fixtures';
import { storageOf, tabIdReporting, waitFor, type FirefoxSession } from './firefox';
import { firefoxTest } from './harness';

// The content scripts follow X's and LinkedIn's SPA moves in Firefox from events alone (no poll):
// the Navigation API where Firefox has it (147+, so this ESR), and, with it switched off as on
// ESR 140 (the manifest's strict_min_version), the retitle both sites do on every route.

const dir: SiteDirectory = {
  x: { AdaQuant: 'Ada Lindqvist', meitanaka_bd: 'Mei Tanaka' },
  linkedinPeople: { 'ada-lindqvist': { name: 'Ada Lindqvist', headline: 'Co-founder & CEO at QuantLayer', company: 'QuantLayer' } },
  linkedinCompanies: { quantlayer: 'QuantLayer' },
};

/** An SPA move as the site makes it, in the page's own world: pushState, then the new route's title and markup. */
async function spaMove(page: Page, path: string, render: (path: string) => string): Promise<void> {
  await page.evaluate(
    (p: string, html: string) => {
      history.pushState({}, '', p);
      const next = new DOMParser().parseFromString(html, 'text/html');
      document.title = next.title;
      document.body.innerHTML = next.body.innerHTML;
    },
    path,
    render(path),
  );
}

/** What the worker keeps for the tab: the reported profile's key (null: no profile) and its name hint. */
async function reported(control: Page, tabId: number): Promise<{ key: string | null; name?: string }> {
  const state = (await storageOf(control, 'session'))[`tab:${tabId}`] as { profile?: { key?: string } | null; hints?: { name?: string } };
  return { key: state?.profile?.key ?? null, name: state?.hints?.name };
}

async function until(control: Page, tabId: number, key: string | null, what: string): Promise<void> {
  await waitFor(async () => (await reported(control, tabId)).key === key, what, 10_000);
}

async function followsMoves(ff: FirefoxSession, navigationApi: boolean): Promise<void> {
  const control = await ff.openExtensionPage('/options.html'); // reads the worker's tab states
  const x = await ff.openSite('https://x.com/AdaQuant', dir);
  assert.equal(await x.evaluate(() => 'navigation' in window), navigationApi, 'the Navigation API as configured');
  const tabId = await tabIdReporting(control, (p) => p.handle === 'AdaQuant', '@AdaQuant');

  await spaMove(x, '/meitanaka_bd', (p) => xPage(p, dir));
  await until(control, tabId, 'x:meitanaka_bd', 'the pushState to @meitanaka_bd');
  await waitFor(async () => (await reported(control, tabId)).name === 'Mei Tanaka', 'her name from the new header');
  await spaMove(x, '/home', (p) => xPage(p, dir));
  await until(control, tabId, null, 'the pushState to /home (no profile)');
  await x.evaluate(() => history.back());
  await until(control, tabId, 'x:meitanaka_bd', 'back to @meitanaka_bd (popstate)');
  if (navigationApi) {
    // The Navigation API reaches the content script's world: a bare pushState, no retitle, is seen.
    await x.evaluate(() => history.pushState({}, '', '/AdaQuant'));
    await until(control, tabId, 'x:adaquant', 'a bare pushState to @AdaQuant');
  }

  const li = await ff.openSite('https://www.linkedin.com/in/ada-lindqvist/', dir);
  const liTab = await tabIdReporting(control, (p) => p.slug === 'ada-lindqvist', 'in/ada-lindqvist');
  await spaMove(li, '/company/quantlayer/', (p) => linkedinPage(p, dir));
  await until(control, liTab, 'li:company:quantlayer', 'the pushState to the company page');
}

firefoxTest('SPA moves on X and LinkedIn are followed through the Navigation API', ({ ff }) => followsMoves(ff, true));

firefoxTest(
  'without the Navigation API (as on Firefox ESR 140), SPA moves are followed through the retitle',
  ({ ff }) => followsMoves(ff, false),
  { prefs: { 'dom.navigation.webidl.enabled': false } },
);
