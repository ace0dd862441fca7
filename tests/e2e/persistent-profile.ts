import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeWelcomePage, launchChromium } from '../demo/browser';
import { test } from './fixtures';

/** The test's browser on a profile directory of its own, kept so the test can relaunch it (`profileDir`). */
export const persistent = test.extend<{ profileDir: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  profileDir: async ({}, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ profileDir }, use) => {
    const context = await launchChromium({ headless: true, userDataDir: profileDir });
    await closeWelcomePage(context);
    await use(context);
    await context.close();
  },
});
