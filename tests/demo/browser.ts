// Launching Debian's Chromium for the demo and the benches: with the built extension (like
// tests/e2e/fixtures.ts, but headed or headless on request) or without it (the benches' baseline).

import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const EXTENSION_PATH = path.resolve('.output/chrome-mv3');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchOptions {
  headless: boolean;
  /** Load `.output/chrome-mv3` (default true). False: the same browser without any extension. */
  withExtension?: boolean;
  /** Another unpacked build to load instead (a test-only copy, the benches' previous-release baseline). */
  extensionPath?: string;
  /** A profile directory kept across launches (a browser restart); '' (default) is a fresh temporary one. */
  userDataDir?: string;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
}

/** Fails with one actionable line when the browser or the build is missing. */
export function assertPrerequisites(withExtension = true): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  if (withExtension && !existsSync(path.join(EXTENSION_PATH, 'manifest.json'))) {
    throw new Error(`No built extension in ${EXTENSION_PATH}: run npm run build first`);
  }
}

export async function launchChromium({
  headless,
  withExtension = true,
  extensionPath = EXTENSION_PATH,
  userDataDir = '',
}: LaunchOptions): Promise<BrowserContext> {
  assertPrerequisites(withExtension && extensionPath === EXTENSION_PATH);
  const extensionArgs = withExtension
    ? [`--disable-extensions-except=${extensionPath}`, `--load-extension=${extensionPath}`]
    : ['--disable-extensions'];
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless,
    viewport: { width: 1200, height: 900 },
    args: [
      ...extensionArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Pages behind other tabs keep running timers and animation frames (the benches time two pages at once).
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

/**
 * A fresh profile installs the extension, which opens its welcome page (entrypoints/welcome) in a new,
 * active tab a moment later. Scripts that find "the active tab" must not race it: wait for it and close
 * it. Resolves false when no welcome page appeared within `timeoutMs`.
 */
export async function closeWelcomePage(context: BrowserContext, timeoutMs = 10_000): Promise<boolean> {
  const isWelcome = (p: Page) => p.url().endsWith('/welcome.html');
  const page =
    context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: timeoutMs }).catch(() => null));
  if (!page) return false;
  await page.close().catch(() => undefined);
  return true;
}

/** Launches Chromium with the extension and waits for its background worker. */
export async function launchWithExtension(opts: { headless: boolean; extensionPath?: string }): Promise<ExtensionBrowser> {
  const context = await launchChromium({
    headless: opts.headless,
    withExtension: true,
    ...(opts.extensionPath ? { extensionPath: opts.extensionPath } : {}),
  });
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
    await closeWelcomePage(context, 5_000);
    return { context, serviceWorker, extensionId: new URL(serviceWorker.url()).host };
  } catch (e) {
    await context.close().catch(() => undefined);
    throw new Error(`the extension's background worker did not start: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** "150.0.7871.100" from `chromium --version` (Debian's wrapper may also print shell noise on stderr). */
export function chromiumVersion(): string {
  try {
    const out = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? out.trim();
  } catch {
    return 'unknown';
  }
}

type StorageArea = { get(k: string | null): Promise<Record<string, unknown>>; set(v: Record<string, unknown>): Promise<void> };
type ChromeStorage = { chrome: { storage: { local: StorageArea; session: StorageArea } } };

/**
 * Changes settings the way the options page stores them (`local:settings`; the worker watches the
 * item), e.g. a daily budget above the benches' spend. Run from any extension page.
 */
export async function patchSettings(extensionPage: Page, patch: Record<string, unknown>): Promise<void> {
  await extensionPage.evaluate(
    async ([p, version]) => {
      const { storage } = (globalThis as unknown as ChromeStorage).chrome;
      const { settings, settings$: meta } = await storage.local.get(null);
      // A first value carries its version, as the item writes it: unversioned, the next page to load would
      // migrate the patch as v1 (and read an 'always' as the v1 boolean). Saving a key writes no settings.
      await storage.local.set({ settings: { ...((settings ?? {}) as object), ...p }, ...(meta ? {} : { settings$: { v: version } }) });
    },
    [patch, SETTINGS_STORAGE_VERSION] as const,
  );
}

/** lib/settings/settings-item.ts SETTINGS_VERSION (that module reads import.meta.env, which plain Node has not). */
const SETTINGS_STORAGE_VERSION = 4;

/** Every tab state the worker holds (`storage.session` `tab:N`). */
export async function allTabStates(
  serviceWorker: Worker,
): Promise<Array<{ tabId: number; status: string; profile?: { key?: string } | null }>> {
  return serviceWorker.evaluate(async () => {
    const all = await (globalThis as unknown as ChromeStorage).chrome.storage.session.get(null);
    return Object.entries(all)
      .filter(([k]) => /^tab:\d+$/.test(k))
      .map(([, v]) => v as { tabId: number; status: string; profile?: { key?: string } | null });
  });
}
