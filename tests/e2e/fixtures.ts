import { test as base, type BrowserContext, type ConsoleMessage, type Worker } from '@playwright/test';
import { closeWelcomePage, EXTENSION_PATH, launchChromium } from '../demo/browser';
import type { EmulatorControl } from '../emulator/control';
import type { Emulator } from '../emulator/emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { configureExtension } from './configure';

// One launch recipe (tests/demo/browser.ts) for the e2e tests, the demo and the benches.
export { EXTENSION_PATH } from '../demo/browser';

export interface ExtensionFixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /**
   * Errors the extension wrote to the console (its pages, content scripts and service worker, CSP
   * violations included). Every test fails if any is left at its end; a test that provokes one on purpose
   * empties the array after checking it.
   */
  consoleErrors: string[];
  /** This test's own emulator (its own accounts and ledger) on free loopback ports, closed after the test. */
  emulator: EmulatorUnderTest;
  /** Saves `apiKey` for this test's emulator through the options page (in a page of its own, then closed). */
  configureKey: (apiKey: string) => Promise<void>;
}

export interface EmulatorUnderTest extends RunningEmulator {
  control: EmulatorControl;
  /** The seeded records (people, companies) the emulator serves. */
  directory: Emulator['directory'];
  /** Credits the emulator's ledger charged `apiKey` so far: the server's truth about money. */
  charged(apiKey: string): number;
}

export interface ExtensionOptions {
  /** The unpacked build to load: `.output/chrome-mv3`, or a test-only copy of it. */
  extensionPath: string;
  /** Leave the welcome page the install opens (first-run tests); otherwise it is closed before the test. */
  keepWelcomePage: boolean;
}

export function launchWithExtension(extensionPath = EXTENSION_PATH): Promise<BrowserContext> {
  return launchChromium({ headless: true, extensionPath });
}

const fromExtension = (url: string | undefined) => !!url && url.startsWith('chrome-extension://');

/**
 * Collects into `errors` what the extension wrote to the console in `context`: its pages, content scripts
 * and service worker, CSP violations included. The fixture below does it for the test's browser; a test
 * that launches another (a relaunched profile, a fresh one) calls it for that one too.
 */
export async function watchExtensionErrors(context: BrowserContext, errors: string[]): Promise<void> {
  // Chromium does not log a CSP violation that the page's code caught (zod's eval probe is caught),
  // but it fires securitypolicyviolation: report it as a console error, before any page script runs.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation on ${location.href}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
  const onWorker = (worker: Worker) =>
    worker.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(`service worker: ${m.text()}`);
    });
  context.serviceWorkers().forEach(onWorker);
  context.on('serviceworker', onWorker);
  context.on('console', (m) => {
    // Pages of other origins (the X fixtures) count only where the extension's own scripts logged.
    if (m.type() !== 'error' || !(fromExtension(m.location().url) || fromExtension(m.page()?.url()))) return;
    // A remote image that cannot load offline (the emulator's avatar CDN) is the network, not the extension.
    if (/^Failed to load resource: net::/.test(m.text()) && !fromExtension(m.location().url)) return;
    errors.push(`${m.location().url}: ${m.text()}`);
  });
  context.on('weberror', (e) => {
    if (fromExtension(e.page()?.url())) errors.push(`uncaught in ${e.page()?.url()}: ${e.error().message}`);
  });
}

export const test = base.extend<ExtensionFixtures & ExtensionOptions>({
  extensionPath: [EXTENSION_PATH, { option: true }],
  keepWelcomePage: [false, { option: true }],
  context: async ({ extensionPath, keepWelcomePage }, use) => {
    const context = await launchWithExtension(extensionPath);
    // The install opens the welcome page as the active tab a moment later: tests that look for "the
    // active tab" must not race it.
    if (!keepWelcomePage) await closeWelcomePage(context);
    await use(context);
    await context.close();
  },
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      await watchExtensionErrors(context, errors);
      await use(errors);
      base.expect(errors, 'errors the extension wrote to the console').toEqual([]);
    },
    { auto: true },
  ],
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  emulator: async ({}, use) => {
    const server = await startEmulatorServer({ port: 0, appPort: 0 });
    const { control, directory } = server.emulator;
    try {
      await use({
        ...server,
        control,
        directory,
        charged: (apiKey) => control.ledger(apiKey).reduce((sum, e) => sum + e.creditsCharged, 0),
      });
    } finally {
      await server.close();
    }
  },
  configureKey: async ({ context, extensionId, emulator }, use) => {
    await use(async (apiKey) => {
      const options = await context.newPage();
      await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey });
      await options.close();
    });
  },
});

export { expect } from '@playwright/test';
