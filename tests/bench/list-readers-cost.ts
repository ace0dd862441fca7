/*
 * "People on this page" (issue 26: at most 2 ms of main-thread time per navigation): the list readers'
 * cost on the saved list pages (lib/profile/fixtures: real captures where they exist, else the labelled
 * reconstructions), with the row reader switched on as a watching panel switches it on. Each navigation is
 * an SPA move as the sites do it: pushState, a new title, and the list (`<body>` content, pre-parsed so
 * parsing is not measured) replaced by the next saved page's. The same moves run in the same Chromium
 * without the extension; the difference in main-thread CPU (CDP ThreadTime) per navigation is the
 * extension's: both readers (profile and list) and their reports. Minimum over rounds, as the content part.
 */
import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';
import { closeWelcomePage, launchChromium } from '../demo/browser';
import { delta, metrics } from './content-script-cost';
import { sleep } from './profiles';
import { PEOPLE_READERS } from '../../lib/profile/sites';

const FIXTURES = new URL('../../lib/profile/fixtures/', import.meta.url);

/** The saved list pages, at the URL each was (or would be) served at. */
const LIST_PAGES = {
  x: [
    ['https://x.com/perceptnet/followers', 'real/x-followers-2025.html'],
    ['https://x.com/perceptnet/following', 'real/x-following-2025.html'],
    ['https://x.com/meridianvc/followers', 'lists/x-followers-8-reconstructed.html'],
  ],
  linkedin: [
    ['https://www.linkedin.com/company/motionapp/people/', 'real/li-company-people-2025.html'],
    ['https://www.linkedin.com/search/results/people/?network=%5B%22F%22%5D', 'real/li-search-people-2025.html'],
    ['https://www.linkedin.com/mynetwork/invite-connect/connections/', 'real/li-mynetwork-connections-2025.html'],
    ['https://www.linkedin.com/sales/search/people?query=x', 'lists/li-sales-search-reconstructed.html'],
    ['https://www.linkedin.com/sales/lists/people/7123', 'lists/li-sales-list-reconstructed.html'],
  ],
} as const;

type Site = keyof typeof LIST_PAGES;

export interface ListReaderRun {
  site: Site;
  withExtension: boolean;
  navigations: number;
  cpuMsPerNav: number;
  scriptMsPerNav: number;
}

export interface ListReadersCostResult {
  runs: ListReaderRun[];
  /** Per site: extension − baseline, ms of main-thread CPU per navigation (goal ≤ 2). */
  overhead: Array<{ site: Site; cpuMsPerNav: number; scriptMsPerNav: number }>;
  pages: Record<Site, string[]>;
  rounds: number;
  gapMs: number;
}

const html = (file: string) => readFileSync(new URL(file, FIXTURES), 'utf8');

async function measure(site: Site, withExtension: boolean, navigations: number, gapMs: number): Promise<ListReaderRun> {
  const context = await launchChromium({ headless: true, withExtension });
  try {
    const pages = LIST_PAGES[site];
    const byPath = new Map(pages.map(([url, file]) => [new URL(url).pathname, html(file)]));
    const serve = (route: Route) => {
      if (route.request().resourceType() !== 'document') return route.fulfill({ status: 204, body: '' });
      const body = byPath.get(new URL(route.request().url()).pathname) ?? '<!doctype html><title>-</title>';
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    };
    await context.route(site === 'x' ? 'https://x.com/**' : 'https://www.linkedin.com/**', serve);
    const worker = withExtension
      ? (context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 })))
      : null;
    if (withExtension) await closeWelcomePage(context, 5_000);
    const page = await context.newPage();
    await page.goto(pages[0][0]);
    await sleep(1_500); // document_idle, then the first profile report settles
    // A watching panel has the background inject the row reader and switch it on (lib/messaging/people-reader-switch.ts);
    // rows from an unwatched tab are dropped by the worker, which is no part of the page's main thread.
    // Plain JavaScript text: tsx would wrap the probe's function in a `__name` helper the worker does not have.
    if (worker)
      await worker.evaluate(`(async () => {
        const file = ${JSON.stringify(PEOPLE_READERS[site])};
        const tabs = await chrome.tabs.query({ url: ['https://x.com/*', 'https://www.linkedin.com/*'] });
        if (!tabs.length) throw new Error('list readers bench: no list page tab');
        for (const tab of tabs) {
          await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: [file] });
          await chrome.tabs.sendMessage(tab.id, { people: true });
          // The reader is there (its flag is in the extension's world of the page), or this measures nothing.
          const [probe] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: () => globalThis.cdPeopleReader });
          if (!probe || probe.result !== true) throw new Error('list readers bench: the row reader was not injected');
        }
      })()`);
    await sleep(1_000);
    // The pages' lists, parsed up front (in both configurations) so that each move only swaps them in.
    const moves = Array.from({ length: navigations }, (_, i) => pages[(i + 1) % pages.length]!).map(([url, file]) => ({
      url,
      page: html(file),
    }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.evaluate(`window.__moves = ${JSON.stringify(moves)}.map((m) => {
      const doc = new DOMParser().parseFromString(m.page, 'text/html');
      return { url: m.url, title: doc.title, body: doc.body };
    })`);
    const m0 = await metrics(cdp);
    await page.evaluate(`new Promise((resolve) => {
      let i = 0;
      const step = () => {
        if (i >= window.__moves.length) return resolve();
        const m = window.__moves[i++];
        history.pushState({}, '', m.url);
        document.title = m.title;
        document.body.replaceChildren(...Array.from(m.body.cloneNode(true).childNodes));
        setTimeout(step, ${gapMs});
      };
      step();
    })`);
    await sleep(gapMs); // the last move's debounced reads
    const m1 = await metrics(cdp);
    return {
      site,
      withExtension,
      navigations,
      cpuMsPerNav: delta(m0, m1, 'ThreadTime') / navigations,
      scriptMsPerNav: delta(m0, m1, 'ScriptDuration') / navigations,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

export async function runListReadersCost(
  opts: { navigations?: number; gapMs?: number; rounds?: number; log?: (s: string) => void } = {},
): Promise<ListReadersCostResult> {
  const navigations = opts.navigations ?? 30;
  // Longer than both debounces (the profile watcher's 250 ms, the row reader's 300 ms): every move is read.
  const gapMs = opts.gapMs ?? 600;
  const rounds = opts.rounds ?? 2;
  const log = opts.log ?? (() => undefined);
  const all: ListReaderRun[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const site of ['x', 'linkedin'] as const) {
      for (const withExtension of [false, true]) {
        const run = await measure(site, withExtension, navigations, gapMs);
        all.push(run);
        log(
          `round ${round}, ${site} list pages ${withExtension ? 'with' : 'without'} the extension: CPU ${run.cpuMsPerNav.toFixed(2)} ms/nav, script ${run.scriptMsPerNav.toFixed(2)}`,
        );
      }
    }
  }
  const runs: ListReaderRun[] = [];
  for (const site of ['x', 'linkedin'] as const) {
    for (const withExtension of [false, true]) {
      const mine = all.filter((r) => r.site === site && r.withExtension === withExtension);
      runs.push({
        site,
        withExtension,
        navigations,
        cpuMsPerNav: Math.min(...mine.map((r) => r.cpuMsPerNav)),
        scriptMsPerNav: Math.min(...mine.map((r) => r.scriptMsPerNav)),
      });
    }
  }
  const overhead = (['x', 'linkedin'] as const).map((site) => {
    const on = runs.find((r) => r.site === site && r.withExtension)!;
    const off = runs.find((r) => r.site === site && !r.withExtension)!;
    return { site, cpuMsPerNav: on.cpuMsPerNav - off.cpuMsPerNav, scriptMsPerNav: on.scriptMsPerNav - off.scriptMsPerNav };
  });
  const pages = { x: LIST_PAGES.x.map(([, f]) => f), linkedin: LIST_PAGES.linkedin.map(([, f]) => f) };
  return { runs, overhead, pages, rounds, gapMs };
}
