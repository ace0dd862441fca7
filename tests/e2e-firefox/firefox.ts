// Drives Debian's Firefox ESR headless over WebDriver BiDi (puppeteer-core) with the built Firefox
// extension installed as a temporary add-on. Recipe and workarounds: ../shared/firefox-e2e.md.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core';
import { linkedinPage, xPage, type SiteDirectory } from '../e2e/site-fixtures';
import { IDLE_HOOK } from '../../lib/worker/idle';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const FIREFOX_EXTENSION_PATH = path.resolve('.output/firefox-mv3');
/** Any fixed uuid: extension pages get a known moz-extension:// origin. */
export const UUID = '2f1c7a52-0000-4000-8000-000000000001';
export const BASE = `moz-extension://${UUID}`;

export interface LaunchOptions {
  /** Defaults to the built `.output/firefox-mv3`; a test-only copy for the key probe. */
  extensionPath?: string;
  prefs?: Record<string, string | number | boolean>;
}

export interface FirefoxSession {
  browser: Browser;
  geckoId: string;
  /** Opens an extension page (`/options.html`, `/sidepanel.html?tabId=3`, …) in a new tab. */
  openExtensionPage(pathAndQuery: string): Promise<Page>;
  /** Opens an X or LinkedIn URL in a new tab, answered from fixture pages (no internet). */
  openSite(url: string, dir: SiteDirectory): Promise<Page>;
  /** Evaluates `expression` in the browser's chrome (parent-process) scope; the result must be JSON-serialisable. */
  chromeEval<T>(expression: string): Promise<T>;
  /** The background event page's state: 'running', 'suspending', 'stopped', 'starting'. */
  backgroundState(): Promise<string>;
  /** Everything the browser console holds that this extension wrote or caused (errors, CSP reports, manifest warnings). */
  extensionConsole(): Promise<ConsoleEntry[]>;
  close(): Promise<void>;
}

export interface ConsoleEntry {
  level: 'error' | 'warning' | 'info';
  text: string;
  source: string;
}

export function assertPrerequisites(extensionPath = FIREFOX_EXTENSION_PATH): void {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`Firefox not found at ${FIREFOX_PATH}: apt-get install -y firefox-esr (or set FIREFOX_PATH)`);
  if (!existsSync(path.join(extensionPath, 'manifest.json')))
    throw new Error(`No built extension in ${extensionPath}: run npm run build:firefox first`);
}

export function geckoIdOf(extensionPath: string): string {
  const manifest = JSON.parse(readFileSync(path.join(extensionPath, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error('the Firefox manifest has no gecko id');
  return id;
}

export async function launchFirefox(opts: LaunchOptions = {}): Promise<FirefoxSession> {
  const extensionPath = opts.extensionPath ?? FIREFOX_EXTENSION_PATH;
  assertPrerequisites(extensionPath);
  const geckoId = geckoIdOf(extensionPath);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // (1) Without it Firefox refuses to navigate to moz-extension:// pages, and chrome-scope evaluation is off.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: UUID }),
      // Content processes (extension pages, the background, content scripts) print console API calls to stdout.
      'devtools.console.stdout.content': true,
      ...opts.prefs,
    },
  });
  try {
    await browser.installExtension(extensionPath);
  } catch (e) {
    await browser.close().catch(() => undefined);
    throw e;
  }

  // The profile holds only the extension and script-less fixture pages: every console API line is ours.
  let stdout = '';
  browser.process()?.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));

  // BiDi's raw connection: chrome-scope contexts are not exposed through puppeteer's page API.
  const connection = (browser as unknown as { connection: { send(method: string, params: object): Promise<{ result: unknown }> } })
    .connection;
  let chromeContext: string | null = null;

  async function chromeEval<T>(expression: string): Promise<T> {
    if (!chromeContext) {
      const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as {
        contexts: Array<{ context: string }>;
      };
      chromeContext = tree.contexts[0]?.context ?? null;
      if (!chromeContext) throw new Error('no chrome-scope browsing context');
    }
    const { result } = (await connection.send('script.evaluate', {
      expression: `(async () => JSON.stringify(await (async () => (${expression}))()))()`,
      target: { context: chromeContext },
      awaitPromise: true,
    })) as { result: { type: string; result?: { value?: string }; exceptionDetails?: { text?: string } } };
    if (result.type !== 'success') throw new Error(`chrome-scope evaluation failed: ${result.exceptionDetails?.text ?? 'unknown'}`);
    const value = result.result?.value;
    return (value === undefined ? undefined : JSON.parse(value)) as T;
  }

  async function openExtensionPage(pathAndQuery: string): Promise<Page> {
    const page = await browser.newPage();
    const url = `${BASE}${pathAndQuery}`;
    // (2) goto() on moz-extension:// never resolves in Firefox although the page loads: start it, then wait.
    void page.goto(url).catch(() => undefined);
    // Polled rather than page.waitForFunction: the navigation may replace the context the wait runs in
    // ("Waiting failed"); a poll just asks the new one.
    await waitFor(
      () => page.evaluate((u: string) => location.href === u && document.readyState === 'complete', url),
      `${pathAndQuery} to load`,
    );
    return page;
  }

  async function openSite(url: string, dir: SiteDirectory): Promise<Page> {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => void answer(request, dir));
    await page.goto(url, { waitUntil: 'load' });
    return page;
  }

  async function extensionConsole(): Promise<ConsoleEntry[]> {
    const fromScripts = await chromeEval<ConsoleEntry[]>(`(() => {
      const uuid = ${JSON.stringify(UUID)}, id = ${JSON.stringify(geckoId)};
      const mine = (s) => typeof s === 'string' && (s.includes(uuid) || s.includes(id));
      const out = [];
      for (const m of Services.console.getMessageArray() ?? []) {
        if (m instanceof Ci.nsIScriptError) {
          const level = m.flags & Ci.nsIScriptError.warningFlag ? 'warning' : m.flags & Ci.nsIScriptError.infoFlag ? 'info' : 'error';
          const text = m.errorMessage;
          if (mine(m.sourceName) || mine(text) || /^Reading manifest:/.test(text)) out.push({ level, text, source: m.sourceName });
        } else if (mine(m.message) || /Reading manifest:/.test(m.message)) {
          out.push({ level: /warn/i.test(m.message) ? 'warning' : 'info', text: m.message, source: '' });
        }
      }
      return out;
    })()`);
    // console.error()/warn() of extension pages and the background run in the extension's content
    // process, out of the parent's console storage: Firefox prints them to stdout (pref devtools.console.stdout.content at launch).
    const fromConsoleApi = stdout
      .split('\n')
      .map((line) => /^console\.(error|warn): (.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m): ConsoleEntry => ({ level: m[1] === 'warn' ? 'warning' : 'error', text: m[2]!, source: 'console API (content process)' }));
    return [...fromScripts, ...fromConsoleApi];
  }

  const backgroundState = () =>
    chromeEval<string>(`(() => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      return String(ExtensionParent.GlobalManager.getExtension(${JSON.stringify(geckoId)})?.backgroundState);
    })()`);

  return { browser, geckoId, openExtensionPage, openSite, chromeEval, extensionConsole, backgroundState, close: () => browser.close() };
}

/** Fixture HTML for X and LinkedIn navigations; 204 for anything else the page asks for. */
async function answer(request: HTTPRequest, dir: SiteDirectory): Promise<void> {
  const url = new URL(request.url());
  // (3) resourceType() throws UnsupportedOperation over BiDi: isNavigationRequest() tells documents apart.
  if (!request.isNavigationRequest()) return request.respond({ status: 204, body: '' });
  const body = /(^|\.)(x|twitter)\.com$/.test(url.hostname)
    ? xPage(url.pathname, dir)
    : /(^|\.)linkedin\.com$/.test(url.hostname)
      ? linkedinPage(url.pathname, dir)
      : `<!doctype html><title>${url.hostname}</title><p>fixture</p>`;
  return request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body });
}

/**
 * Firefox's own messages that are not the extension's fault: conduit teardown, Remote Settings, and a runtime message
 * still awaiting its reply when the test closed the page that sent it (Firefox reports the dropped
 * reply itself; a user closing a page mid-request sees nothing).
 */
const NOISE = [
  /sendRemoveListener on closed conduit/,
  // Firefox's Remote Settings loader in a content process (it cannot reach its servers here): not ours.
  /^RSLoader: /,
  /^Promise rejected after context unloaded: Actor 'Conduits' destroyed before query 'RuntimeMessage' was resolved/,
  // The same for an API call that did answer, after its page had gone: the popup closes itself once "Open side
  // panel" has opened the sidebar (seen once in a fresh-clone run, from a storage read of the popup's).
  /^Promise resolved after context unloaded\s*$/,
];

/** Errors (and warnings about the manifest) the extension wrote to the browser console. */
export function extensionProblems(entries: ConsoleEntry[]): ConsoleEntry[] {
  return entries.filter((e) => (e.level === 'error' || /Reading manifest/.test(e.text)) && !NOISE.some((n) => n.test(e.text)));
}

// ── page helpers ──────────────────────────────────────────────────────────────────────────────

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== null && v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline)
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever was thrown, as String() shows it
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    // The poll's interval: waitFor waits for its condition, not for a time.
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until the worker is idle (lib/worker/idle.ts, test builds only), asked through the background page
 * from the extension page `page`: no request, records write or handler in flight, and every paid request's
 * charge booked. A count that has not moved by then will not.
 */
export async function workerIdle(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.evaluate(
    async (hook: string, ms: number) => {
      type Background = Record<string, (ms: number) => Promise<void>>;
      const runtime = (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Background> } } }).browser.runtime;
      await (
        await runtime.getBackgroundPage()
      )[hook]!(ms);
    },
    IDLE_HOOK,
    timeoutMs,
  );
}

/** Waits until an element matching `selector` (inside `within`, if given) has `text` in its text, and returns it. */
export async function findByText(
  page: Page,
  selector: string,
  text: string | RegExp,
  within?: string,
  timeoutMs = 15_000,
): Promise<ElementHandle> {
  const handle = await page.waitForFunction(
    (sel: string, src: string, flags: string, scope: string | null) => {
      const re = new RegExp(src, flags);
      const roots = scope ? Array.from(document.querySelectorAll(scope)) : [document];
      for (const root of roots) for (const el of Array.from(root.querySelectorAll(sel))) if (re.test(el.textContent ?? '')) return el;
      return null;
    },
    { timeout: timeoutMs },
    selector,
    typeof text === 'string' ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text.source,
    typeof text === 'string' ? '' : text.flags,
    within ?? null,
  );
  const el = handle.asElement();
  if (!el) throw new Error(`no ${selector} with ${String(text)}`);
  return el as ElementHandle;
}

/** Waits until the event page has been suspended (needs a short extensions.background.idle.timeout). */
export async function suspended(ff: FirefoxSession): Promise<void> {
  await waitFor(async () => (await ff.backgroundState()) === 'stopped', 'the background event page to suspend', 20_000);
}

export async function count(page: Page, selector: string): Promise<number> {
  return page.$$eval(selector, (els) => els.length);
}

/** Reads a storage area through an extension page (extension pages see every area). */
export async function storageOf(page: Page, area: 'local' | 'session'): Promise<Record<string, unknown>> {
  return page.evaluate(
    (a: string) =>
      (
        globalThis as unknown as { browser: { storage: Record<string, { get(k: null): Promise<Record<string, unknown>> }> } }
      ).browser.storage[a]!.get(null),
    area,
  );
}

/** The id of the tab whose content script reported a profile matching `match` (from the worker's tab states in storage.session). */
export async function tabIdReporting(
  control: Page,
  match: (profile: { site?: string; handle?: string; slug?: string }) => boolean,
  what: string,
): Promise<number> {
  return waitFor(async () => {
    for (const [key, value] of Object.entries(await storageOf(control, 'session'))) {
      const id = /^tab:(\d+)$/.exec(key)?.[1];
      const profile = (value as { profile?: { site?: string; handle?: string; slug?: string } | null } | null)?.profile;
      if (id && profile && match(profile)) return Number(id);
    }
    return null;
  }, `a tab state reporting ${what}`);
}
