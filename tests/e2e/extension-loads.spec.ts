import { test, expect } from './fixtures';

test('the built extension loads in Chromium with its service worker running', async ({ serviceWorker, extensionId, context }) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  const manifest = await serviceWorker.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { getManifest(): Record<string, unknown> } } }).chrome.runtime.getManifest(),
  );
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.host_permissions).not.toContain('<all_urls>');
  expect(manifest).not.toHaveProperty('externally_connectable');
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(page.locator('#root')).not.toBeEmpty();
});
