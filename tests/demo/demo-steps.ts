/*
 * The demo: the built extension in Chromium, against the local emulator (paid key `test_pro`), walks
 * route-served X and LinkedIn pages of seeded records — a founder, a company page, a fund (and its
 * portfolio), a profile the directory does not have, and a confirmed reveal — and records for every
 * step a screenshot of the side panel page following that tab, what the panel showed (read by role)
 * and what the emulator's ledger charged.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { serveSites, type SiteDirectory } from '../e2e/site-fixtures';
import { configureByMessage, tabIdOf } from '../e2e/worker-state';
import { launchWithExtension } from './browser';
import { describeReading, meterLocator, openPanel, readPanel, type PanelReading } from './panel';
import { writeSummary, type DemoSummary, type LedgerCall, type StepRecord } from './summary';

export const DEMO_KEY = 'test_pro';
const WAIT_MS = 20_000;

export interface DemoOptions {
  /** Headless Chromium; false opens a window (needs a display). */
  headless: boolean;
  /** Where the screenshots and summary.md/json go (created; old demo files in it are removed). */
  outDir: string;
  /** Only a few steps (the e2e check): founder, not-found, reveal. */
  short?: boolean;
  /** Progress lines; default console.log. */
  log?: (line: string) => void;
}

export interface DemoRun {
  summary: DemoSummary;
  outDir: string;
  context: BrowserContext;
  /** The last panel page (brought to the front in a headed run). */
  lastPanel: Page | null;
  emulator: RunningEmulator;
  /** Closes the browser and the emulator. */
  close(): Promise<void>;
}

/** Thrown when a step fails; the partial summary has been written. */
export class DemoError extends Error {
  constructor(
    message: string,
    readonly summary: DemoSummary,
  ) {
    super(message);
    this.name = 'DemoError';
  }
}

const A = ANCHORS;
const MARCUS = { name: A.fundPerson.name, headline: 'Partner at Meridian Ventures', company: A.fund.name };

/** The route-served pages the demo visits. */
export const DEMO_SITES: SiteDirectory = {
  x: {
    [A.founder.twitterHandle]: A.founder.name,
    [A.fund.twitterHandle]: A.fund.name,
    [A.notFound.twitterHandle]: A.notFound.name,
  },
  linkedinCompanies: { [A.tokenUnknownProject.slug]: A.tokenUnknownProject.name },
  linkedinPeople: { [A.fundPerson.linkedinSlug]: MARCUS },
};

interface StepContext {
  site: Page;
  panel: Page;
  /** Screenshot of the panel as it is now; returns the file name. */
  shot(slug: string): Promise<string>;
}

interface StepDef {
  slug: string;
  title: string;
  url: string;
  inShort: boolean;
  /** Wait until the panel shows what the step is about; extra actions; extra screenshots. */
  run(ctx: StepContext): Promise<void>;
}

/** Waits for `locator`, or fails naming what was expected and what the panel shows instead. */
async function waitFor(panel: Page, locator: Locator, what: string, timeout = WAIT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    let shows = '(could not read the panel)';
    try {
      shows = describeReading(await readPanel(panel)).join(' | ') || '(nothing)';
    } catch {
      /* keep the placeholder */
    }
    throw new Error(`the side panel did not show ${what} within ${timeout / 1000} s; it shows: ${shows}`);
  }
}

const region = (panel: Page, name: string) => panel.getByRole('region', { name, exact: true });
const titled = (panel: Page, name: string, title: string) =>
  region(panel, name).getByRole('heading', { level: 2, name: title, exact: true });

export const DEMO_STEPS: readonly StepDef[] = [
  {
    slug: 'founder',
    title: `Founder on X: ${A.founder.name} (@${A.founder.twitterHandle})`,
    url: `https://x.com/${A.founder.twitterHandle}`,
    inShort: true,
    async run({ panel }) {
      await waitFor(panel, titled(panel, 'Person', A.founder.name), `the Person card for ${A.founder.name}`);
      await waitFor(panel, titled(panel, 'Company', A.founderCompany.name), `the Company card for ${A.founderCompany.name}`);
    },
  },
  {
    slug: 'company',
    title: `Company page on LinkedIn: ${A.tokenUnknownProject.name}`,
    url: `https://www.linkedin.com/company/${A.tokenUnknownProject.slug}/`,
    inShort: false,
    async run({ panel }) {
      await waitFor(panel, titled(panel, 'Company', A.tokenUnknownProject.name), `the Company card for ${A.tokenUnknownProject.name}`);
    },
  },
  {
    slug: 'fund',
    title: `Fund on X: ${A.fund.name} (@${A.fund.twitterHandle}), then its portfolio`,
    url: `https://x.com/${A.fund.twitterHandle}`,
    inShort: false,
    async run({ panel, shot }) {
      await waitFor(panel, titled(panel, 'Fund', A.fund.name), `the Fund card for ${A.fund.name}`);
      await shot('fund');
      const load = region(panel, 'Fund').getByRole('button', { name: /^Load full profile/ });
      await waitFor(panel, load, 'the "Load full profile · 5 credits" button');
      await load.click();
      await waitFor(panel, region(panel, 'Fund').getByRole('list', { name: 'Portfolio' }), "the fund's portfolio rows");
      await shot('fund-portfolio');
    },
  },
  {
    slug: 'not-found',
    title: `Not in the directory: @${A.notFound.twitterHandle}`,
    url: `https://x.com/${A.notFound.twitterHandle}`,
    inShort: true,
    async run({ panel }) {
      await waitFor(panel, panel.getByRole('heading', { name: 'Not in the directory' }), '"Not in the directory"');
    },
  },
  {
    slug: 'reveal',
    title: `Reveal on LinkedIn: ${A.fundPerson.name} (confirmed)`,
    url: `https://www.linkedin.com/in/${A.fundPerson.linkedinSlug}/`,
    inShort: true,
    async run({ panel, shot }) {
      await waitFor(panel, titled(panel, 'Person', A.fundPerson.name), `the Person card for ${A.fundPerson.name}`);
      await waitFor(panel, titled(panel, 'Fund', A.fund.name), `the Fund card for ${A.fund.name}`);
      await shot('reveal-person');
      await region(panel, 'Person')
        .getByRole('button', { name: /^Reveal/ })
        .click();
      const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
      await waitFor(panel, dialog, 'the "Confirm reveal" dialog');
      await shot('reveal-dialog');
      await dialog.getByRole('button', { name: /^Reveal for/ }).click();
      await waitFor(
        panel,
        region(panel, 'Person').getByText(/^Revealed .+ for 10 credits/),
        'the revealed channels ("Revealed … for 10 credits")',
      );
      await shot('revealed');
    },
  },
];

/** Gives the credit meter a moment to show the ledger's spend (it is refreshed after each call). */
async function meterCatchesUp(panel: Page, spentToday: number): Promise<void> {
  const re = new RegExp(`spent today ${spentToday.toLocaleString('en-US')} of`);
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const label = await meterLocator(panel)
      .first()
      .getAttribute('aria-label', { timeout: 1_000 })
      .catch(() => null);
    if (label && re.test(label)) return;
    await panel.waitForTimeout(100);
  }
}

async function clearOldOutput(outDir: string): Promise<void> {
  const files = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(
    files.filter((f) => /^\d\d-[\w-]+\.png$|^summary\.(md|json)$/.test(f)).map((f) => rm(path.join(outDir, f), { force: true })),
  );
}

/** Waits until the emulator has seen no API request for `quietMs` (a lookup may still be settling). */
async function ledgerQuiet(server: RunningEmulator, key: string, quietMs = 400, maxMs = 5_000): Promise<void> {
  const start = Date.now();
  let n = server.emulator.control.ledger(key).length;
  let since = Date.now();
  while (Date.now() - start < maxMs) {
    await new Promise((r) => setTimeout(r, 100));
    const m = server.emulator.control.ledger(key).length;
    if (m !== n) {
      n = m;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

export async function runDemo(options: DemoOptions): Promise<DemoRun> {
  const { headless, short = false } = options;
  const outDir = path.resolve(options.outDir);
  const log = options.log ?? ((line: string) => console.log(line));
  await clearOldOutput(outDir);

  const server = await startEmulatorServer({ port: 0, appPort: 0 });
  const summary: DemoSummary = {
    date: new Date().toISOString(),
    apiKey: DEMO_KEY,
    baseUrl: server.baseUrl,
    short,
    headless,
    steps: [],
    totalCredits: 0,
    balanceAfter: null,
    ok: false,
  };
  let context: BrowserContext | null = null;
  const close = async () => {
    await context?.close().catch(() => undefined);
    await server.close();
  };

  let current = 'starting Chromium with the extension';
  try {
    const browser = await launchWithExtension({ headless });
    context = browser.context;
    const { serviceWorker, extensionId } = browser;
    log(`Emulator at ${server.baseUrl}; extension ${extensionId} loaded (${headless ? 'headless' : 'headed'}).`);

    current = `configuring the extension with ${DEMO_KEY}`;
    await serveSites(context, DEMO_SITES);
    const options = await context.newPage();
    await configureByMessage(options, extensionId, server.baseUrl, DEMO_KEY);
    await options.close();

    let shotNo = 0;
    let lastPanel: Page | null = null;
    const ledger = () => server.emulator.control.ledger(DEMO_KEY);
    const steps = DEMO_STEPS.filter((s) => !short || s.inShort);

    for (const def of steps) {
      current = `step "${def.slug}" (${def.url})`;
      const started = Date.now();
      const before = ledger().length;
      const record: StepRecord = {
        id: '',
        title: def.title,
        url: def.url,
        screenshots: [],
        shots: [],
        panel: emptyReading(),
        credits: 0,
        calls: [],
        ms: 0,
      };
      const site = await context.newPage();
      await site.goto(def.url);
      const tabId = await tabIdOf(serviceWorker, site);
      const panel = await openPanel(context, extensionId, tabId);
      lastPanel = panel;
      const shot = async (slug: string): Promise<string> => {
        await ledgerQuiet(server, DEMO_KEY);
        await meterCatchesUp(panel, summary.totalCredits + charged(ledger().slice(before)));
        const file = `${String(++shotNo).padStart(2, '0')}-${slug}.png`;
        await panel.screenshot({ path: path.join(outDir, file), fullPage: true, animations: 'disabled' });
        record.screenshots.push(file);
        record.shots.push({ file, panel: await readPanel(panel) });
        if (!record.id) record.id = file.replace(/\.png$/, '');
        return file;
      };
      summary.steps.push(record);
      try {
        await def.run({ site, panel, shot });
        if (record.screenshots.length === 0) await shot(def.slug);
      } catch (e) {
        await panel
          .screenshot({ path: path.join(outDir, `${String(shotNo + 1).padStart(2, '0')}-${def.slug}-FAILED.png`), fullPage: true })
          .catch(() => undefined);
        throw e;
      } finally {
        const calls = ledger().slice(before);
        record.calls = calls.map((c): LedgerCall => ({
          call: `${c.path}${c.query ? `?${c.query}` : ''}`,
          status: c.status,
          credits: c.creditsCharged,
        }));
        record.credits = charged(calls);
        record.ms = Date.now() - started;
        if (!record.id) record.id = `${String(shotNo + 1).padStart(2, '0')}-${def.slug}`;
        // The step's reading: its last screenshot's (after the portfolio loaded, after the reveal).
        record.panel = record.shots.at(-1)?.panel ?? (await readPanel(panel).catch(() => emptyReading()));
        summary.totalCredits += record.credits;
      }
      log(
        `${record.id}  ${def.title}: ${describeReading(record.panel)
          .filter((l) => !l.startsWith('meter'))
          .join(' | ')} — ${record.credits} credits`,
      );
    }

    summary.balanceAfter = server.emulator.control.account(DEMO_KEY).balance;
    summary.ok = true;
    const written = await writeSummary(outDir, summary);
    log(
      `Total: ${summary.totalCredits} credits (balance now ${summary.balanceAfter}). Summary: ${path.relative(process.cwd(), written.md)}`,
    );
    if (!headless) await lastPanel?.bringToFront();
    return { summary, outDir, context, lastPanel, emulator: server, close };
  } catch (e) {
    const message = `demo failed while ${current}: ${e instanceof Error ? e.message : String(e)}`;
    summary.error = message;
    summary.balanceAfter = (() => {
      try {
        return server.emulator.control.account(DEMO_KEY).balance;
      } catch {
        return null;
      }
    })();
    await writeSummary(outDir, summary).catch(() => undefined);
    await close();
    throw new DemoError(message, summary);
  }
}

function charged(entries: ReadonlyArray<{ creditsCharged: number }>): number {
  return entries.reduce((sum, e) => sum + e.creditsCharged, 0);
}

function emptyReading(): PanelReading {
  return { regions: [], stateHeadings: [], notInDirectory: false, alerts: [], meter: null, dialog: null };
}
