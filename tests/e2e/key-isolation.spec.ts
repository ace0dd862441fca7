import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXTENSION_PATH, expect, test } from './fixtures';
import { PROBE_ATTRIBUTE, PROBE_PAGE, PROBE_URL, buildProbeCopy } from './key-probe';

// The Chromium half of the key-isolation check (the Firefox half is tests/e2e-firefox/key-isolation.e2e.ts):
// a content script added to a test-only copy of the build looks for the API key everywhere it can.

const probe = buildProbeCopy(EXTENSION_PATH);
// An extension page whose own script does what the console check must catch (see the control test).
writeFileSync(
  path.join(probe.dir, 'control.html'),
  '<!doctype html><meta charset="utf-8"><title>control</title><script src="control.js"></script>',
);
writeFileSync(
  path.join(probe.dir, 'control.js'),
  `try { new Function('return 1')(); } catch {}\nconsole.error('control console.error');\n`,
);
test.use({ extensionPath: probe.dir });
test.afterAll(() => probe.cleanup());

test('a content script finds no API key in storage.local, storage.sync, storage.session or IndexedDB', async ({
  context,
  configureKey,
}) => {
  await configureKey('test_pro');
  await context.route(`${PROBE_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PROBE_PAGE }));
  const page = await context.newPage();
  await page.goto(PROBE_URL);
  await expect
    .poll(() => page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE), { timeout: 15_000 })
    .not.toBeNull();
  const raw = (await page.evaluate((a) => document.documentElement.getAttribute(a), PROBE_ATTRIBUTE))!;
  const found = JSON.parse(raw) as { local: Record<string, unknown>; sync: Record<string, unknown>; indexedDB: Record<string, unknown> };
  // The probe ran in full: storage.sync answered, IndexedDB opened (the page's own, empty) …
  expect(found.sync).toEqual({});
  expect(found.indexedDB).toMatchObject({ stores: {} });
  // … storage.local is closed to content scripts on Chromium (setAccessLevel), and the key is nowhere.
  expect(found.local).toHaveProperty('refused');
  expect(raw).not.toContain('test_pro');
});

test('control: the console check sees a CSP eval violation (even caught) and a console.error of an extension page', async ({
  context,
  extensionId,
  consoleErrors,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/control.html`);
  await expect.poll(() => consoleErrors.join('\n')).toMatch(/CSP violation on chrome-extension:\/\/.*: script-src blocked eval/);
  await expect.poll(() => consoleErrors.join('\n')).toContain('control console.error');
  consoleErrors.length = 0; // provoked on purpose
});
