/*
 * Know once, pay once: the rep's loop — the same person on X and on LinkedIn, a company's team and then
 * its members' profiles, a fund's portfolio and then its companies, a popup search and then a result's
 * profile — through the real extension against the emulator's ledger, with default settings and the
 * panel open. Side by side in the same run: the build before the directory of paid records
 * (cache-only, BENCH_KNOW_ONCE_BASELINE_REF) on the same script.
 *
 * Two lower bounds, both counting the script's explicit calls (team, portfolio, popup search) at 5:
 *  - old: 5 × unique profiles visited (each profile one search, as a cache can at best do);
 *  - new: 5 × the profiles whose person or organisation was not already in an earlier paid answer.
 * The new bound is computed independently of the extension: the script's own queries are replayed in
 * Node (another account's key) and each visited record's id is looked for in the answers paid so far.
 */
import { searchCall } from '../../lib/api/calls';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { recordsOfAnswer } from '../../lib/lookup/known-records';
import { lookupQuery } from '../../lib/lookup/lookup-query';
import { parseProfileUrl } from '../../lib/profile/parse-profile-url';
import { isDetectedProfile } from '../../lib/profile/is-detected-profile';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { serveSites, type SiteDirectory } from '../e2e/site-fixtures';
import { configureByMessage, sendFromExtensionPage, tabIdOf, tabState } from '../e2e/worker-state';
import { launchWithExtension } from '../demo/browser';
import { openPanel } from '../demo/panel';
import { baselineBuild } from './intent';
import { sleep } from './profiles';

export const KNOW_ONCE_BASELINE_REF = process.env.BENCH_KNOW_ONCE_BASELINE_REF ?? 'f0e9d97';
const KEY = 'test_pro';
const MODEL_KEY = 'test_team';
const PRICE = 5;

type Step =
  /** Visit a profile page; `target` is the record it shows (person or organisation id). */
  | { op: 'visit'; url: string; target: string; why: string }
  /** Click "Load team · 5 credits" / "Load full profile · 5 credits" on the organisation card. */
  | { op: 'details'; region: 'Company' | 'Fund'; button: string | RegExp; call: string }
  | { op: 'search'; q: string };

const A = ANCHORS;
const x = (h: string) => `https://x.com/${h}`;
const li = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

export const STEPS: Step[] = [
  { op: 'visit', url: x(A.founder.twitterHandle), target: A.founder.id, why: 'founder on X' },
  { op: 'visit', url: li(A.founder.linkedinSlug), target: A.founder.id, why: 'same person on LinkedIn' },
  { op: 'visit', url: x(A.founderCompany.twitterHandle), target: A.founderCompany.id, why: 'her company (nested in her row)' },
  { op: 'details', region: 'Company', button: 'Load team · 5 credits', call: `project:${A.founderCompany.id}` },
  { op: 'visit', url: x(A.cofounder.twitterHandle), target: A.cofounder.id, why: 'team member on X' },
  { op: 'visit', url: li(A.cofounder.linkedinSlug), target: A.cofounder.id, why: 'team member on LinkedIn' },
  { op: 'visit', url: x(A.fund.twitterHandle), target: A.fund.id, why: 'a fund' },
  // The cache-only baseline build predates the fund card's rename ("Load portfolio" → "Load full profile").
  { op: 'details', region: 'Fund', button: /^Load (full profile|portfolio) · 5 credits$/, call: `investor:${A.fund.id}` },
  { op: 'visit', url: x(A.tokenUnknownProject.twitterHandle), target: A.tokenUnknownProject.id, why: 'portfolio company' },
  { op: 'visit', url: x(A.launchpad.twitterHandle), target: A.launchpad.id, why: 'portfolio company' },
  { op: 'visit', url: x(A.defunctProject.twitterHandle), target: A.defunctProject.id, why: 'portfolio company' },
  { op: 'visit', url: x(A.fundPerson.twitterHandle), target: A.fundPerson.id, why: 'fund team member' },
  { op: 'search', q: A.noSlug.name },
  { op: 'visit', url: x(A.noSlug.twitterHandle), target: A.noSlug.id, why: 'popup result on X' },
  { op: 'visit', url: li(A.noSlug.linkedinSlug), target: A.noSlug.id, why: 'popup result on LinkedIn' },
  { op: 'visit', url: x(A.telegramEmailOnly.twitterHandle), target: A.telegramEmailOnly.id, why: 'someone new' },
  { op: 'visit', url: li(A.sameName.first.linkedinSlug), target: A.sameName.first.id, why: 'same-name person, page names the company' },
  { op: 'visit', url: x(A.sameName.first.twitterHandle), target: A.sameName.first.id, why: 'that person on X' },
];

function sites(): SiteDirectory {
  return {
    x: {
      [A.founder.twitterHandle]: A.founder.name,
      [A.founderCompany.twitterHandle]: A.founderCompany.name,
      [A.cofounder.twitterHandle]: A.cofounder.name,
      [A.fund.twitterHandle]: A.fund.name,
      [A.tokenUnknownProject.twitterHandle]: A.tokenUnknownProject.name,
      [A.launchpad.twitterHandle]: A.launchpad.name,
      [A.defunctProject.twitterHandle]: A.defunctProject.name,
      [A.fundPerson.twitterHandle]: A.fundPerson.name,
      [A.noSlug.twitterHandle]: A.noSlug.name,
      [A.telegramEmailOnly.twitterHandle]: A.telegramEmailOnly.name,
      [A.sameName.first.twitterHandle]: 'Daniel Okafor',
    },
    linkedinPeople: {
      [A.founder.linkedinSlug]: { name: A.founder.name, headline: 'Co-founder & CEO', company: A.founderCompany.name },
      [A.cofounder.linkedinSlug]: { name: A.cofounder.name, headline: 'Co-founder & CTO', company: A.founderCompany.name },
      [A.noSlug.linkedinSlug]: { name: A.noSlug.name, headline: 'Listings Manager', company: A.launchpad.name },
      [A.sameName.first.linkedinSlug]: { name: 'Daniel Okafor', headline: 'Head of Growth', company: A.tokenUnknownProject.name },
    },
  };
}

export interface KnowOnceRun {
  credits: number;
  calls: number;
  /** Final status per visit, in order ("matched", "candidates", …). */
  statuses: string[];
}

export interface KnowOnceResult {
  visits: number;
  uniqueProfiles: number;
  explicitCalls: number;
  /** 5 × unique profiles + explicit calls. */
  oldLowerBound: number;
  /** 5 × profiles not in an earlier paid answer + explicit calls. */
  newLowerBound: number;
  /** Profiles whose record was already in an earlier paid answer. */
  alreadyPaidFor: number;
  current: KnowOnceRun;
  baseline: KnowOnceRun | null;
  baselineRef: string;
  baselineError?: string;
}

/** Replays the script's calls in Node and finds which visits show a record an earlier answer already held. */
async function lowerBounds(
  server: RunningEmulator,
): Promise<Pick<KnowOnceResult, 'visits' | 'uniqueProfiles' | 'explicitCalls' | 'oldLowerBound' | 'newLowerBound' | 'alreadyPaidFor'>> {
  const seen = new Set<string>();
  const get = async (path: string) => {
    const res = await server.emulator.fetch(`${server.baseUrl}${path}`, { headers: { Authorization: `Bearer ${MODEL_KEY}` } });
    const body = (await res.json()) as Record<string, unknown>;
    return (body.data ?? body) as unknown;
  };
  const learn = (key: string, data: unknown) => recordsOfAnswer(key, data, 0).forEach((r) => seen.add(r.record.id));
  const profiles = new Set<string>();
  const paidProfiles = new Set<string>();
  let explicitCalls = 0;
  let alreadyPaidFor = 0;
  const hints = sites();
  for (const step of STEPS) {
    if (step.op === 'search') {
      explicitCalls++;
      learn(`search:${step.q}`, await get(`/v1/search?q=${encodeURIComponent(step.q)}`));
    } else if (step.op === 'details') {
      explicitCalls++;
      const [endpoint, id] = step.call.split(':');
      learn(step.call, await get(`/v1/${endpoint === 'investor' ? 'investors' : 'projects'}/${id}`));
    } else {
      const profile = parseProfileUrl(step.url);
      if (!isDetectedProfile(profile)) throw new Error(`not a profile: ${step.url}`);
      profiles.add(profile.key);
      if (seen.has(step.target)) {
        alreadyPaidFor++;
        continue;
      }
      paidProfiles.add(profile.key);
      const page = profile.site === 'x' ? { name: hints.x?.[profile.handle] } : (hints.linkedinPeople?.[profile.slug] ?? {});
      const q = lookupQuery(profile, page, { nameTimedOut: true });
      if ('waitFor' in q) throw new Error(`no query for ${step.url}`);
      const call = searchCall(q.q);
      learn(call.cacheKey!, await get(call.path!));
    }
  }
  return {
    visits: STEPS.filter((s) => s.op === 'visit').length,
    uniqueProfiles: profiles.size,
    explicitCalls,
    oldLowerBound: PRICE * (profiles.size + explicitCalls),
    newLowerBound: PRICE * (paidProfiles.size + explicitCalls),
    alreadyPaidFor,
  };
}

const SETTLED = ['matched', 'candidates', 'not-found', 'sample', 'error', 'paused-budget', 'out-of-credits'];

async function settle(serviceWorker: Worker, tabId: number, key: string): Promise<string> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const s = await tabState(serviceWorker, tabId);
    if (s?.profile?.key === key && SETTLED.includes(s.status)) return s.status;
    await sleep(100);
  }
  return 'timeout';
}

async function runScript(
  context: BrowserContext,
  serviceWorker: Worker,
  extensionId: string,
  server: RunningEmulator,
  admin: Page,
): Promise<KnowOnceRun> {
  const tab = await context.newPage();
  await tab.goto('https://x.com/home');
  const tabId = await tabIdOf(serviceWorker, tab);
  const panel = await openPanel(context, extensionId, tabId);
  const statuses: string[] = [];
  for (const step of STEPS) {
    if (step.op === 'search') await sendFromExtensionPage(admin, 'search', { q: step.q });
    else if (step.op === 'details') {
      const region = panel.getByRole('region', { name: step.region });
      await region.getByRole('button', { name: step.button }).click({ timeout: 15_000 });
      await region.getByRole('button', { name: step.button }).waitFor({ state: 'detached', timeout: 15_000 });
      await sleep(500);
    } else {
      const profile = parseProfileUrl(step.url);
      await tab.goto(step.url);
      statuses.push(await settle(serviceWorker, tabId, isDetectedProfile(profile) ? profile.key : ''));
      await sleep(700); // a person reads the card (and the navigation pace sees a calm tab)
    }
  }
  await sleep(1_000);
  const calls = server.emulator.control.ledger(KEY);
  await panel.close();
  await tab.close();
  return { credits: calls.reduce((s, e) => s + e.creditsCharged, 0), calls: calls.length, statuses };
}

async function runOne(extensionPath: string | undefined): Promise<{ run: KnowOnceRun; bounds: Awaited<ReturnType<typeof lowerBounds>> }> {
  const server = await startEmulatorServer({ port: 0, appPort: 0 });
  const { context, serviceWorker, extensionId } = await launchWithExtension({
    headless: true,
    ...(extensionPath ? { extensionPath } : {}),
  });
  try {
    await serveSites(context, sites());
    const admin = await context.newPage();
    await configureByMessage(admin, extensionId, server.baseUrl, KEY);
    const run = await runScript(context, serviceWorker, extensionId, server, admin);
    return { run, bounds: await lowerBounds(server) };
  } finally {
    await context.close().catch(() => undefined);
    await server.close();
  }
}

export async function runKnowOnce(opts: { log?: (s: string) => void } = {}): Promise<KnowOnceResult> {
  const log = opts.log ?? (() => undefined);
  const { run: current, bounds } = await runOne(undefined);
  log(
    `current build: ${current.credits} cr (old lower bound ${bounds.oldLowerBound}, new ${bounds.newLowerBound}); ${current.statuses.join(' ')}`,
  );
  try {
    const { run: baseline } = await runOne(baselineBuild(KNOW_ONCE_BASELINE_REF));
    log(`cache-only build ${KNOW_ONCE_BASELINE_REF}: ${baseline.credits} cr; ${baseline.statuses.join(' ')}`);
    return { ...bounds, current, baseline, baselineRef: KNOW_ONCE_BASELINE_REF };
  } catch (e) {
    return {
      ...bounds,
      current,
      baseline: null,
      baselineRef: KNOW_ONCE_BASELINE_REF,
      baselineError: e instanceof Error ? e.message : String(e),
    };
  }
}
