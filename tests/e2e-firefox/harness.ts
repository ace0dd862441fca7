import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { extensionProblems, launchFirefox, type FirefoxSession, type LaunchOptions } from './firefox';

// Every test gets its own emulator (own ledger) and its own Firefox profile with the extension freshly
// installed, and fails on any error the extension wrote to the browser console.

export interface Ctx {
  ff: FirefoxSession;
  server: RunningEmulator;
  charged(key: string): number;
  ledger(key: string): ReturnType<RunningEmulator['emulator']['control']['ledger']>;
}

export function firefoxTest(name: string, fn: (ctx: Ctx) => Promise<void>, opts: LaunchOptions & { timeoutMs?: number } = {}): void {
  test(name, { timeout: opts.timeoutMs ?? 90_000 }, async () => {
    const server = await startEmulatorServer({ port: 0, appPort: 0 });
    let ff: FirefoxSession | null = null;
    try {
      ff = await launchFirefox(opts);
      const ledger = (key: string) => server.emulator.control.ledger(key);
      await fn({ ff, server, ledger, charged: (key) => ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0) });
      const problems = extensionProblems(await ff.extensionConsole());
      assert.deepEqual(
        problems,
        [],
        `the extension wrote to the browser console:\n${problems.map((p) => `  ${p.level}: ${p.text} (${p.source})`).join('\n')}`,
      );
    } finally {
      await ff?.close().catch(() => undefined);
      await server.close();
    }
  });
}

/** Saves a key on the options page the way a user does; returns the options page once the account shows. */
export async function configure(ff: FirefoxSession, baseUrl: string, apiKey: string): Promise<Page> {
  const page = await ff.openExtensionPage('/options.html');
  // The base URL sits under the "Advanced" disclosure: open it as a user would.
  await page.locator('details.advanced > summary').click();
  await page.locator('#api-base-url').fill(baseUrl);
  await page.locator('#api-key').fill(apiKey);
  await page.locator('button[type="submit"]').click();
  const outcome = await page.waitForFunction(
    () => {
      const alert = document.querySelector('[role="alert"]')?.textContent;
      if (alert) return `refused: ${alert}`;
      return /Key saved/.test(document.querySelector('[role="status"]')?.textContent ?? '') &&
        document.querySelector('section[aria-labelledby="account-heading"]')
        ? 'saved'
        : null;
    },
    { timeout: 15_000 },
  );
  assert.equal(await outcome.jsonValue(), 'saved');
  return page;
}

/** The value next to a term in a <dl>. */
export async function fact(page: Page, scope: string, term: string): Promise<string | null> {
  return page.evaluate(
    (s: string, t: string) => {
      for (const dt of Array.from(document.querySelectorAll(`${s} dt`))) {
        if (dt.textContent?.trim() === t) return dt.nextElementSibling?.textContent?.trim() ?? null;
      }
      return null;
    },
    scope,
    term,
  );
}
