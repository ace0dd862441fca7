import { test as base, type BrowserContext, type Worker } from '@playwright/test';
import { launchChromium } from '../demo/browser';

// One launch recipe (tests/demo/browser.ts) for the e2e tests, the demo and the benches.
export { EXTENSION_PATH } from '../demo/browser';

export interface ExtensionFixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
}

export function launchWithExtension(): Promise<BrowserContext> {
  return launchChromium({ headless: true });
}

export const test = base.extend<ExtensionFixtures>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const context = await launchWithExtension();
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
});

export { expect } from '@playwright/test';
