import { expect, test } from './fixtures';
import { serveSites } from './site-fixtures';
import { tabIdOf, tabState } from './worker-state';

const dir = {
  x: { AdaQuant: 'Ada Lindqvist', meitanaka_bd: 'Mei Tanaka' },
  linkedinPeople: { 'ada-lindqvist': { name: 'Ada Lindqvist', headline: 'Co-founder & CEO at QuantLayer', company: 'QuantLayer' } },
  linkedinCompanies: { quantlayer: 'QuantLayer' },
};

test.describe('profile detection reaches the background', () => {
  test('X: on load, after pushState to another profile, to /home, and back', async ({ context, serviceWorker }) => {
    await serveSites(context, dir);
    const page = await context.newPage();
    await page.goto('https://x.com/AdaQuant');
    const tabId = await tabIdOf(serviceWorker, page);
    const key = async () => (await tabState(serviceWorker, tabId))?.profile?.key ?? null;

    await expect.poll(key).toBe('x:adaquant');
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.hints.name).toBe('Ada Lindqvist');

    await page.evaluate(() => history.pushState({}, '', '/meitanaka_bd'));
    await expect.poll(key).toBe('x:meitanaka_bd');

    await page.evaluate(() => history.pushState({}, '', '/home'));
    await expect.poll(key).toBe(null);
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.status).toBe('idle');

    await page.evaluate(() => history.back());
    await expect.poll(key).toBe('x:meitanaka_bd');

    // SPA moves between one profile's tabs keep the profile (no reset, no new lookup).
    await page.evaluate(() => history.pushState({}, '', '/meitanaka_bd/media'));
    await page.waitForTimeout(500);
    expect(await key()).toBe('x:meitanaka_bd');
  });

  test('leaving X for another site clears the card; coming back reports again', async ({ context, serviceWorker }) => {
    await serveSites(context, dir);
    await context.route('https://example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><p>elsewhere</p>' }));
    const page = await context.newPage();
    await page.goto('https://x.com/AdaQuant');
    const tabId = await tabIdOf(serviceWorker, page);
    const key = async () => (await tabState(serviceWorker, tabId))?.profile?.key ?? null;
    await expect.poll(key).toBe('x:adaquant');
    await page.goto('https://example.org/');
    await expect.poll(key).toBe(null);
    await page.goBack();
    await expect.poll(key).toBe('x:adaquant');
  });

  test('LinkedIn: a person with name, headline and company hints, then a company page', async ({ context, serviceWorker }) => {
    await serveSites(context, dir);
    const page = await context.newPage();
    await page.goto('https://www.linkedin.com/in/ada-lindqvist/');
    const tabId = await tabIdOf(serviceWorker, page);
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.profile?.key).toBe('li:in:ada-lindqvist');
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.hints).toMatchObject({ name: 'Ada Lindqvist', company: 'QuantLayer' });

    await page.goto('https://www.linkedin.com/company/quantlayer/about/');
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.profile?.key).toBe('li:company:quantlayer');
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.hints.name).toBe('QuantLayer');
  });

  test('a content script may not ask the background for anything but reporting', async ({ context, serviceWorker }) => {
    await serveSites(context, dir);
    const page = await context.newPage();
    await page.goto('https://x.com/AdaQuant');
    const tabId = await tabIdOf(serviceWorker, page);
    await expect.poll(async () => (await tabState(serviceWorker, tabId))?.profile?.key).toBe('x:adaquant');
    // The page's own world cannot reach the extension at all (no externally_connectable).
    const reachable = await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage);
    expect(reachable).not.toBe('function');
  });
});
