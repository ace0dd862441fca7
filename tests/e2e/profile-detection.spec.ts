import type { BrowserContext, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkedinPage, serveSites } from './site-fixtures';
import { tabIdOf, tabState, workerIdle } from './worker-state';

const dir = {
  x: { AdaQuant: 'Ada Lindqvist', meitanaka_bd: 'Mei Tanaka' },
  linkedinPeople: { 'ada-lindqvist': { name: 'Ada Lindqvist', headline: 'Co-founder & CEO at QuantLayer', company: 'QuantLayer' } },
  linkedinCompanies: { quantlayer: 'QuantLayer' },
};

/** Opens `url` (the sites in `dir`, route-served) in a new tab; `state` and `key` read what the worker keeps for it. */
async function openTab(context: BrowserContext, serviceWorker: Worker, url: string) {
  await serveSites(context, dir);
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await tabIdOf(serviceWorker, page);
  const state = () => tabState(serviceWorker, tabId);
  return { page, tabId, state, key: async () => (await state())?.profile?.key ?? null };
}

/** From now on, the profile key of every tab state the worker writes for `tabId`, in order (storage.session's change events). */
async function recordProfiles(serviceWorker: Worker, tabId: number): Promise<() => Promise<Array<string | null>>> {
  type Change = { newValue?: { profile?: { key?: string } | null } };
  type Scope = {
    heard: Array<string | null>;
    chrome: { storage: { session: { onChanged: { addListener(l: (c: Record<string, Change>) => void): void } } } };
  };
  await serviceWorker.evaluate((key) => {
    const scope = globalThis as unknown as Scope;
    scope.heard = [];
    scope.chrome.storage.session.onChanged.addListener((changes) => {
      if (changes[key]) scope.heard.push(changes[key].newValue?.profile?.key ?? null);
    });
  }, `tab:${tabId}`);
  return () => serviceWorker.evaluate(() => (globalThis as unknown as Scope).heard);
}

test.describe('profile detection reaches the background', () => {
  test('X: on load, after pushState to another profile, to /home, and back', async ({ context, serviceWorker }) => {
    const { page, tabId, state, key } = await openTab(context, serviceWorker, 'https://x.com/AdaQuant');
    await expect.poll(key).toBe('x:adaquant');
    await expect.poll(async () => (await state())?.hints.name).toBe('Ada Lindqvist');

    await page.evaluate(() => history.pushState({}, '', '/meitanaka_bd'));
    await expect.poll(key).toBe('x:meitanaka_bd');

    await page.evaluate(() => history.pushState({}, '', '/home'));
    await expect.poll(key).toBe(null);
    await expect.poll(async () => (await state())?.status).toBe('idle');

    await page.evaluate(() => history.back());
    await expect.poll(key).toBe('x:meitanaka_bd');

    // SPA moves between one profile's tabs keep the profile (no reset, no new lookup): every profile the
    // worker is told of from here is recorded, and a move to another profile after it marks when the
    // /media move has been heard (a page's reports arrive in order).
    await workerIdle(serviceWorker);
    const heard = await recordProfiles(serviceWorker, tabId);
    await page.evaluate(() => history.pushState({}, '', '/meitanaka_bd/media'));
    await page.evaluate(() => history.pushState({}, '', '/AdaQuant'));
    await expect.poll(key).toBe('x:adaquant');
    const keys = await heard();
    expect(keys.slice(0, keys.indexOf('x:adaquant')).filter((k) => k !== 'x:meitanaka_bd')).toEqual([]);
  });

  test('leaving X for another site clears the card; coming back reports again', async ({ context, serviceWorker }) => {
    await context.route('https://example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><p>elsewhere</p>' }),
    );
    const { page, key } = await openTab(context, serviceWorker, 'https://x.com/AdaQuant');
    await expect.poll(key).toBe('x:adaquant');
    await page.goto('https://example.org/');
    await expect.poll(key).toBe(null);
    await page.goBack();
    await expect.poll(key).toBe('x:adaquant');
  });

  test('LinkedIn: a person with name, headline and company hints, then a company page', async ({ context, serviceWorker }) => {
    const { page, state, key } = await openTab(context, serviceWorker, 'https://www.linkedin.com/in/ada-lindqvist/');
    await expect.poll(key).toBe('li:in:ada-lindqvist');
    await expect.poll(async () => (await state())?.hints).toMatchObject({ name: 'Ada Lindqvist', company: 'QuantLayer' });

    await page.goto('https://www.linkedin.com/company/quantlayer/about/');
    await expect.poll(key).toBe('li:company:quantlayer');
    await expect.poll(async () => (await state())?.hints.name).toBe('QuantLayer');
  });

  test('LinkedIn: an SPA move from a person to a company, announced before the company renders', async ({ context, serviceWorker }) => {
    const { page, state, key } = await openTab(context, serviceWorker, 'https://www.linkedin.com/in/ada-lindqvist/');
    await expect.poll(key).toBe('li:in:ada-lindqvist');
    // pushState first (the Navigation API reports it at once, over Ada's card), then the company's page.
    await page.evaluate(
      (html) => {
        history.pushState({}, '', '/company/quantlayer/');
        const next = new DOMParser().parseFromString(html, 'text/html');
        document.title = next.title;
        document.body.innerHTML = next.body.innerHTML;
      },
      linkedinPage('/company/quantlayer/', dir),
    );
    await expect.poll(key).toBe('li:company:quantlayer');
    await expect.poll(async () => (await state())?.hints.name).toBe('QuantLayer');
  });

  test('a content script may not ask the background for anything but reporting', async ({ context, serviceWorker }) => {
    const { page, key } = await openTab(context, serviceWorker, 'https://x.com/AdaQuant');
    await expect.poll(key).toBe('x:adaquant');
    // The page's own world cannot reach the extension at all (no externally_connectable).
    const reachable = await page.evaluate(
      () => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage,
    );
    expect(reachable).not.toBe('function');
  });
});
