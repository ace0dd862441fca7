import type { BrowserContext, Page } from '@playwright/test';
import { launchChromium } from '../demo/browser';
import { expect, watchExtensionErrors } from './fixtures';
import { persistent } from './persistent-profile';
import { workerIdle } from './worker-state';

// Issue 41, item 1: a meter that is right or dated. storage.session (where the meter lives) is emptied by a
// browser restart; the relaunched worker reads the free /v1/me once, and the popup and panel show the
// server's balance, not the one kept from before, without any paid call. A popup opened again asks nothing.

const KEY = 'test_pro';

async function open(context: BrowserContext, extensionId: string, file: 'popup.html' | 'sidepanel.html'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/${file}`);
  return page;
}

/** The meter's status, named by its whole summary (components/shared/credit-meter-bar.tsx). */
const meter = (page: Page, balance: string) => page.getByRole('status', { name: new RegExp(`^Balance ${balance} credits · spent today`) });

persistent(
  'after a browser relaunch the popup and panel show the server’s balance, read with one free /v1/me; reopening the popup asks nothing',
  async ({ context, extensionId, emulator, configureKey, profileDir, consoleErrors }) => {
    await configureKey(KEY);
    const popup = await open(context, extensionId, 'popup.html');
    await expect(meter(popup, '6,000')).toBeVisible();
    await popup.close();

    // Spent elsewhere while the browser was closed (another key of the account): a kept balance would show.
    emulator.control.setAccount(KEY, { balance: 5860 });
    const before = emulator.control.ledger(KEY).length;
    await context.close();

    const again = await launchChromium({ headless: true, userDataDir: profileDir });
    try {
      await watchExtensionErrors(again, consoleErrors);
      const worker = again.serviceWorkers()[0] ?? (await again.waitForEvent('serviceworker', { timeout: 20_000 }));
      const first = await open(again, extensionId, 'popup.html');
      await expect(meter(first, '5,860')).toBeVisible({ timeout: 5_000 });
      const panel = await open(again, extensionId, 'sidepanel.html');
      await expect(meter(panel, '5,860')).toBeVisible({ timeout: 5_000 });
      await first.close();
      const reopened = await open(again, extensionId, 'popup.html');
      await expect(meter(reopened, '5,860')).toBeVisible();
      // Undated: it was just read.
      await expect(reopened.getByText('as of')).toHaveCount(0);

      await workerIdle(worker);
      const since = emulator.control.ledger(KEY).slice(before);
      expect(since.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/me']);
      expect(since.filter((e) => e.creditsCharged > 0)).toEqual([]);
    } finally {
      await again.close();
    }
  },
);
