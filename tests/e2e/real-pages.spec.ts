import type { BrowserContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { openPanel } from '../demo/panel';
import { tabAlarm } from '../../lib/worker/wake-ups';
import { configureByMessage, tabIdOf, tabState, workerIdle } from './worker-state';

// Saved pages the sites really served (trimmed; lib/profile/fixtures/real/PROVENANCE.md), each
// at the URL it was served at, with the built extension and the emulator: what gets searched.

const REAL = path.resolve('lib/profile/fixtures/real');

/** Serve `pages` (URL → saved file) as documents; every other request on those hosts is empty. */
async function serveSavedPages(context: BrowserContext, pages: Record<string, string>): Promise<void> {
  for (const host of ['https://www.linkedin.com/**', 'https://x.com/**']) {
    await context.route(host, (route) => {
      const file = pages[route.request().url()];
      if (route.request().resourceType() !== 'document' || file === undefined) return route.fulfill({ status: 204, body: '' });
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: readFileSync(path.join(REAL, file), 'utf8') });
    });
  }
}

test('real LinkedIn profile, real "Profile Not Found", real X followers page: searched by name, nothing, by handle', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await serveSavedPages(context, {
    'https://www.linkedin.com/in/ivanahmadfatoni/': 'li-not-found-2024.html',
    'https://www.linkedin.com/in/robertkcheung/': 'li-person-logged-in-2025.html',
    'https://x.com/perceptnet/followers': 'x-followers-2025.html',
  });
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, 'test_pro');
  const searches = () =>
    emulator.control
      .ledger('test_pro')
      .filter((entry) => entry.path === '/v1/search')
      .map((entry) => new URLSearchParams(entry.query).get('q'));
  const visit = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url);
    const tabId = await tabIdOf(serviceWorker, page);
    // Looked at through the side panel, as a rep does (with the panel closed nothing is looked up).
    await openPanel(context, extensionId, tabId);
    return { page, tabId, state: () => tabState(serviceWorker, tabId) };
  };

  // "Profile Not Found" at a profile URL: said so, and nothing searched — not its heading, not
  // the slug, and no wait for a name pending (a search after it would be the tab's wake-up, lib/worker/wake-ups.ts).
  const notFound = await visit('https://www.linkedin.com/in/ivanahmadfatoni/');
  await expect.poll(notFound.state).toMatchObject({ status: 'idle', reason: 'not-shown', profile: { key: 'li:in:ivanahmadfatoni' } });
  await workerIdle(serviceWorker);
  const wakeUp = await serviceWorker.evaluate(
    (name) => (globalThis as unknown as { chrome: { alarms: { get(n: string): Promise<unknown> } } }).chrome.alarms.get(name),
    tabAlarm(notFound.tabId),
  );
  expect(wakeUp ?? null).toBeNull();
  expect(await notFound.state()).toMatchObject({ status: 'idle', reason: 'not-shown' });
  expect(searches()).toEqual([]);
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${notFound.tabId}`);
  await expect(panel.getByRole('heading', { name: 'LinkedIn did not show this profile' })).toBeVisible();
  // A search by name is offered at its price, and sends nothing until clicked.
  await expect(panel.getByRole('form', { name: 'Search the directory' }).getByRole('button', { name: 'Search · 5 credits' })).toBeVisible();
  expect(searches()).toEqual([]);

  // A real logged-in profile (obfuscated class names): one search, for the name on the page.
  const profile = await visit('https://www.linkedin.com/in/robertkcheung/');
  await expect.poll(async () => (await profile.state())?.status, { timeout: 15_000 }).toMatch(/^(matched|not-found|candidates)$/);
  expect(await profile.state()).toMatchObject({
    profile: { key: 'li:in:robertkcheung' },
    hints: { name: 'Rob Cheung', headline: 'Co-Founder ꩜Substrate', company: '꩜Substrate' },
  });

  // A real X followers tab: the account's handle is searched; its name is the account's, not
  // the list's title ("People following rob cheung").
  const followers = await visit('https://x.com/perceptnet/followers');
  await expect.poll(async () => (await followers.state())?.status, { timeout: 15_000 }).toMatch(/^(matched|not-found|candidates)$/);
  expect(await followers.state()).toMatchObject({ profile: { key: 'x:perceptnet' }, hints: { name: 'rob cheung' } });

  // Each query goes out in its one normal form (lib/api/calls.ts `normalizeQuery`).
  expect(searches()).toEqual(['rob cheung', 'perceptnet']);
});
