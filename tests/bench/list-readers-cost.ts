/*
 * "People on this page" (issue 26: at most 2 ms of main-thread time per navigation): the list readers'
 * cost on the saved list pages (lib/profile/fixtures: real captures where they exist, else the labelled
 * reconstructions), with the row reader switched on as a watching panel switches it on. Each navigation is
 * an SPA move as the sites do it: pushState, a new title, and the list (`<body>` content, pre-parsed so
 * parsing is not measured) replaced by the next saved page's. The goal's figure is the reader's own
 * main-thread CPU per navigation: the thread time of the tasks its script runs (its mutation callback, the
 * read, its report), from a trace. Beside it, CDP ThreadTime per navigation in the same Chromium without
 * the extension, and with it in blocks that alternate the reader off (the profile detection alone) and on:
 * the extension's in all (on − none), and on − off, which also counts what the reader costs the page's own
 * work but moves by ±2 ms from run to run on this 2-core box (separate launches differ more: hence blocks
 * in one browser). Each figure is the mean over all blocks and rounds.
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
/** No extension; the extension without the row reader; the extension with the row reader switched on. */
const CONFIGS = ['none', 'detection', 'reader'] as const;
type Config = (typeof CONFIGS)[number];

export interface ListReaderRun {
  site: Site;
  config: Config;
  navigations: number;
  cpuMsPerNav: number;
  scriptMsPerNav: number;
}

export interface ListReadersCostResult {
  runs: ListReaderRun[];
  /**
   * Per site, ms of main-thread CPU per navigation: the row reader's tasks (traced thread time, the goal ≤ 2);
   * ThreadTime with the reader on − off (the same plus what it costs the page's own work; noisier), and the
   * extension's in all (on − none).
   */
  overhead: Array<{ site: Site; readerTaskMsPerNav: number; readerCpuMsPerNav: number; cpuMsPerNav: number; scriptMsPerNav: number }>;
  pages: Record<Site, string[]>;
  /** Per block; the trace covers one block per site and round. */
  navigations: number;
  rounds: number;
  gapMs: number;
}

const html = (file: string) => readFileSync(new URL(file, FIXTURES), 'utf8');

/** Two runs of one configuration as one: the mean per navigation over both. */
function add(a: ListReaderRun, b: ListReaderRun): ListReaderRun {
  const navigations = a.navigations + b.navigations;
  const mean = (k: 'cpuMsPerNav' | 'scriptMsPerNav') => (a[k] * a.navigations + b[k] * b.navigations) / navigations;
  return { ...a, navigations, cpuMsPerNav: mean('cpuMsPerNav'), scriptMsPerNav: mean('scriptMsPerNav') };
}

async function measure(site: Site, withExtension: boolean, navigations: number, blocks: number, gapMs: number, extensionPath?: string) {
  const context = await launchChromium({ headless: true, withExtension, ...(extensionPath ? { extensionPath } : {}) });
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
    const tabs = `(await chrome.tabs.query({ url: ['https://x.com/*', 'https://www.linkedin.com/*'] }))`;
    if (worker)
      await worker.evaluate(`(async () => {
        const file = ${JSON.stringify(PEOPLE_READERS[site])};
        if (!${tabs}.length) throw new Error('list readers bench: no list page tab');
        for (const tab of ${tabs}) {
          await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: [file] });
          // The reader is there (its flag is in the extension's world of the page), or this measures nothing.
          const [probe] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: () => globalThis.cdPeopleReader });
          if (!probe || probe.result !== true) throw new Error('list readers bench: the row reader was not injected');
        }
      })()`);
    const turn = (on: boolean) =>
      worker?.evaluate(`(async () => { for (const tab of ${tabs}) await chrome.tabs.sendMessage(tab.id, { people: ${on} }); })()`);
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
    const switchReader = async (on: boolean) => {
      await turn(on);
      await sleep(1_000); // switched on, the reader reads the page at once: not one of the moves
    };
    const move = async () => {
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
    };
    const runs = new Map<Config, ListReaderRun>();
    for (let block = 0; block < blocks; block++) {
      const config: Config = !withExtension ? 'none' : block % 2 ? 'reader' : 'detection';
      await switchReader(config === 'reader');
      const m0 = await metrics(cdp);
      await move();
      const m1 = await metrics(cdp);
      const run = runs.get(config) ?? { site, config, navigations: 0, cpuMsPerNav: 0, scriptMsPerNav: 0 };
      runs.set(
        config,
        add(run, {
          ...run,
          navigations,
          cpuMsPerNav: delta(m0, m1, 'ThreadTime') / navigations,
          scriptMsPerNav: delta(m0, m1, 'ScriptDuration') / navigations,
        }),
      );
    }
    // The reader's own: thread time of the tasks its script runs (mutation callback, the read, its report), from a trace.
    let readerTaskMsPerNav: number | undefined;
    if (withExtension) {
      const events: Array<{ name: string; tdur?: number; args?: { data?: { url?: string } } }> = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await switchReader(true);
      await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline'] } });
      await move();
      await cdp.send('Tracing.end');
      await complete;
      const mine = events.filter((e) => e.name === 'FunctionCall' && e.args?.data?.url?.endsWith(PEOPLE_READERS[site]));
      if (!mine.length) throw new Error('list readers bench: no task of the row reader in the trace');
      readerTaskMsPerNav = mine.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000 / navigations;
    }
    return { runs: [...runs.values()], readerTaskMsPerNav };
  } finally {
    await context.close().catch(() => undefined);
  }
}

export async function runListReadersCost(
  opts: { navigations?: number; blocks?: number; gapMs?: number; rounds?: number; log?: (s: string) => void; extensionPath?: string } = {},
): Promise<ListReadersCostResult> {
  // Per block: each site's saved pages (3 and 5) equally often.
  const navigations = opts.navigations ?? 15;
  // With the extension: off, on, off, on… (the same number of each); without it, half as many.
  const blocks = opts.blocks ?? 6;
  // Longer than both debounces (the profile watcher's 250 ms, the row reader's 300 ms): every move is read.
  const gapMs = opts.gapMs ?? 600;
  const rounds = opts.rounds ?? 1;
  const log = opts.log ?? (() => undefined);
  const runs = new Map<string, ListReaderRun>();
  const tasks = { x: [] as number[], linkedin: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    for (const site of ['x', 'linkedin'] as const) {
      for (const withExtension of [false, true]) {
        const measured = await measure(site, withExtension, navigations, withExtension ? blocks : blocks / 2, gapMs, opts.extensionPath);
        if (measured.readerTaskMsPerNav !== undefined) {
          tasks[site].push(measured.readerTaskMsPerNav);
          log(`round ${round}, ${site} list pages: the row reader's tasks ${measured.readerTaskMsPerNav.toFixed(2)} ms/nav (traced)`);
        }
        for (const run of measured.runs) {
          log(
            `round ${round}, ${site} list pages, ${run.config}: CPU ${run.cpuMsPerNav.toFixed(2)} ms/nav, script ${run.scriptMsPerNav.toFixed(2)} (n=${run.navigations})`,
          );
          const key = `${site} ${run.config}`;
          runs.set(key, runs.has(key) ? add(runs.get(key)!, run) : run);
        }
      }
    }
  }
  const overhead = (['x', 'linkedin'] as const).map((site) => {
    const [none, detection, reader] = CONFIGS.map((config) => runs.get(`${site} ${config}`)!) as [
      ListReaderRun,
      ListReaderRun,
      ListReaderRun,
    ];
    return {
      site,
      readerTaskMsPerNav: tasks[site].reduce((a, b) => a + b, 0) / tasks[site].length,
      readerCpuMsPerNav: reader.cpuMsPerNav - detection.cpuMsPerNav,
      cpuMsPerNav: reader.cpuMsPerNav - none.cpuMsPerNav,
      scriptMsPerNav: reader.scriptMsPerNav - none.scriptMsPerNav,
    };
  });
  const pages = { x: LIST_PAGES.x.map(([, f]) => f), linkedin: LIST_PAGES.linkedin.map(([, f]) => f) };
  return { runs: [...runs.values()], overhead, pages, navigations, rounds, gapMs };
}
