import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { submitKeyForm } from './configure';
import { EXTENSION_PATH, expect, test } from './fixtures';

// Identity and first run: the manifest names drawn icons, and installing opens one page that gets the
// rep to a working key (paste, free check, done) without visiting the options page.

test.use({ keepWelcomePage: true });

/** The tab the install opened (kept by `keepWelcomePage`), once it is there. */
async function welcomePage(context: BrowserContext): Promise<Page> {
  const isWelcome = (p: Page) => p.url().endsWith('/welcome.html');
  return context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: 15_000 }));
}

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

test('installing opens the welcome page; pasting a key checks it for 0 credits and says done', async ({
  context,
  extensionId,
  emulator,
}) => {
  const welcome = await welcomePage(context);
  expect(welcome.url()).toBe(`chrome-extension://${extensionId}/welcome.html`);
  await expect(welcome.getByRole('heading', { name: 'Welcome to Crypto Directory' })).toBeVisible();
  await expect(welcome.getByText('Settings → API')).toBeVisible();

  await submitKeyForm(welcome, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });

  await expect(welcome.getByRole('heading', { name: 'Done: the key works' })).toBeVisible({ timeout: 15_000 });
  await expect(welcome.getByRole('status').filter({ hasText: 'Connected as Priya Pro (pro): 6,000 credits.' })).toBeVisible();
  const ledger = emulator.control.ledger('test_pro');
  expect(ledger.map((e) => e.path)).toContain('/v1/me');
  expect(emulator.charged('test_pro')).toBe(0);
});

test('a revoked key stays on the form with the reason, and nothing is kept', async ({ context, emulator }) => {
  const welcome = await welcomePage(context);
  await submitKeyForm(welcome, { baseUrl: emulator.baseUrl, apiKey: 'test_revoked' });
  await expect(welcome.getByRole('alert')).toContainText('wrong or revoked');
  await expect(welcome.getByRole('heading', { name: 'Done: the key works' })).toHaveCount(0);
});
