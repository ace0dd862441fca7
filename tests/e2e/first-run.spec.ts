import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { fillApiBaseUrl } from './configure';
import { EXTENSION_PATH, expect, test } from './fixtures';

// Identity and first run: the manifest names drawn icons, and installing opens one page that gets the
// rep to a working key (paste, free check, done) without visiting the options page.

let server: RunningEmulator;

test.use({ keepWelcomePage: true });

test.beforeEach(async () => {
  server = await startEmulatorServer({ port: 0, appPort: 0 });
});

test.afterEach(async () => {
  await server.close();
});

test('the manifest names a 16/32/48/128 icon set for the extension and its toolbar action, and each file is that size', () => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_PATH, 'manifest.json'), 'utf8')) as {
    icons?: Record<string, string>;
    action?: { default_icon?: Record<string, string> };
  };
  for (const set of [manifest.icons, manifest.action?.default_icon]) {
    expect(Object.keys(set ?? {}).sort()).toEqual(['128', '16', '32', '48']);
    for (const [size, file] of Object.entries(set ?? {})) {
      const png = readFileSync(path.join(EXTENSION_PATH, file));
      // PNG IHDR: width and height are the big-endian words at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], file).toEqual([Number(size), Number(size)]);
    }
  }
});

test('installing opens the welcome page; pasting a key checks it for 0 credits and says done', async ({ context, extensionId }) => {
  const welcome =
    context.pages().find((p) => p.url().endsWith('/welcome.html')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/welcome.html'), timeout: 15_000 }));
  expect(welcome.url()).toBe(`chrome-extension://${extensionId}/welcome.html`);
  await expect(welcome.getByRole('heading', { name: 'Welcome to Crypto Directory' })).toBeVisible();
  await expect(welcome.getByText('Settings → API')).toBeVisible();

  await fillApiBaseUrl(welcome, server.baseUrl);
  await welcome.getByLabel('API key', { exact: true }).fill('test_pro');
  await welcome.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(welcome.getByRole('heading', { name: 'Done: the key works' })).toBeVisible({ timeout: 15_000 });
  await expect(welcome.getByRole('status').filter({ hasText: 'Connected as Priya Pro (pro): 6,000 credits.' })).toBeVisible();
  const ledger = server.emulator.control.ledger('test_pro');
  expect(ledger.map((e) => e.path)).toContain('/v1/me');
  expect(ledger.reduce((sum, e) => sum + e.creditsCharged, 0)).toBe(0);
});

test('a revoked key stays on the form with the reason, and nothing is kept', async ({ context }) => {
  const welcome =
    context.pages().find((p) => p.url().endsWith('/welcome.html')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/welcome.html'), timeout: 15_000 }));
  await fillApiBaseUrl(welcome, server.baseUrl);
  await welcome.getByLabel('API key', { exact: true }).fill('test_revoked');
  await welcome.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(welcome.getByRole('alert')).toContainText('wrong or revoked');
  await expect(welcome.getByRole('heading', { name: 'Done: the key works' })).toHaveCount(0);
});
