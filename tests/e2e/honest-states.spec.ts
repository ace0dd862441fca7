import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { configureExtension } from './configure';
import { expect, test } from './fixtures';
import { serveSites } from './site-fixtures';

// States a rep must read right at a glance, against the built extension and the emulator: a 429 says
// so at once (with a countdown, no paid retry), a refused key reads as refused everywhere, and a key
// without read:contacts offers no Reveal.

let server: RunningEmulator;

test.beforeEach(async () => {
  server = await startEmulatorServer({ port: 0, appPort: 0 });
});

test.afterEach(async () => {
  await server.close();
});

const FOUNDER = ANCHORS.founder;
const charged = (key: string) => server.emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0);

async function tabIdReporting(worker: Worker, handle: string): Promise<number> {
  let found: number | null = null;
  await expect
    .poll(async () => {
      const all = await worker.evaluate(() =>
        (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } } }).chrome.storage.session.get(null),
      );
      for (const [key, value] of Object.entries(all)) {
        const id = /^tab:(\d+)$/.exec(key)?.[1];
        const profile = (value as { profile?: { handle?: string } | null } | null)?.profile;
        if (id && profile?.handle?.toLowerCase() === handle.toLowerCase()) found = Number(id);
      }
      return found;
    }, { timeout: 15_000 })
    .not.toBeNull();
  return found!;
}

async function openProfileAndPanel(context: BrowserContext, worker: Worker, extensionId: string): Promise<Page> {
  await serveSites(context, { x: { [FOUNDER.twitterHandle]: FOUNDER.name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${FOUNDER.twitterHandle}`);
  const tabId = await tabIdReporting(worker, FOUNDER.twitterHandle);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 360, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

async function configured(context: BrowserContext, extensionId: string, apiKey: string): Promise<void> {
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: server.baseUrl, apiKey });
  await options.close();
}

test('a 429 shows "API rate limit — resumes in …" within 3 s, counting down, with no paid retry', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_pro');
  server.emulator.control.inject({ fail429: 1 });
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId);
  const started = Date.now();
  const heading = panel.getByRole('heading', { name: /^API rate limit — resumes in/ });
  await expect(heading).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  await expect(panel.getByText(/shared by the whole account/)).toBeVisible();
  const first = await heading.textContent();
  await expect.poll(() => heading.textContent(), { timeout: 3_000 }).not.toBe(first); // a live countdown
  await expect(panel.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  expect(charged('test_pro')).toBe(0);
});

test('a key revoked mid-session reads as refused in the panel meter and the popup, which offers no search', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_starter');
  server.emulator.control.setAccount('test_starter', { revoked: true });
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId);
  await expect(panel.getByRole('heading', { name: 'The API key was refused' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('status', { name: /^API key refused/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('status', { name: /^API key refused/ })).toBeVisible();
  await expect(popup.getByRole('alert')).toContainText('refused the saved key');
  await expect(popup.getByRole('searchbox')).toHaveCount(0);

  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('alert', { name: 'API key refused' })).toBeVisible();
});

test('a key without read:contacts shows the cards with no Reveal, and says why up front', async ({ context, serviceWorker, extensionId }) => {
  await configured(context, extensionId, 'test_no_contacts');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: FOUNDER.name })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('note', { name: 'Reveal unavailable' })).toContainText('read:contacts');
  await expect(panel.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
});
