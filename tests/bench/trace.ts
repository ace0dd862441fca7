/*
 * Credits on a browsing trace. A scripted session of 100+ profile views over ~40 unique profiles —
 * anchors and seeded people from `emulator.directory`, on X and LinkedIn — with revisits, the same
 * profile in several tabs at once, SPA moves between a profile's tabs (`/media`, `/with_replies`, a
 * status page), SPA moves between profiles with back/forward, reloads, LinkedIn and X views of the same
 * person, and profiles the directory does not have. It runs through the real extension against the
 * emulator; the credits are the emulator's ledger.
 *
 * Baseline: a naive client that calls `/v1/search` on every view, run in Node against the same emulator
 * with another account's key (`test_team`). Lower bound for a cache: 5 credits × unique profiles (the
 * API cannot be asked by LinkedIn slug, so the LinkedIn and X views of one person are two different
 * queries). The extension goes below it: a profile whose record was in an earlier paid answer costs 0
 * (see know-once.ts for the bound that counts that).
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { parseLinkedInUrl } from '../../lib/profile/parse-linkedin-url';
import { parseXUrl } from '../../lib/profile/parse-x-url';
import { ANCHORS, type SeededDirectory } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { serveSites, type SiteDirectory } from '../e2e/site-fixtures';
import { configureByMessage, tabIdOf } from '../e2e/worker-state';
import { allTabStates, launchWithExtension, patchSettings } from '../demo/browser';
import { seededProfiles, sleep } from './profiles';

export const TRACE_KEY = 'test_pro';
export const NAIVE_KEY = 'test_team';
const CREDITS_PER_LOOKUP = 5;

type Action =
  | { op: 'open'; tab: string; url: string }
  /** The same URL in several new tabs at once. */
  | { op: 'openMany'; tabs: string[]; url: string }
  /** pushState in the tab; a new profile's header is re-rendered as the site does. */
  | { op: 'spa'; tab: string; path: string }
  | { op: 'back' | 'forward' | 'reload' | 'close'; tab: string };

export interface TraceView {
  /** What happened: "open", "spa", "back", … */
  op: string;
  url: string;
  /** The extension's profile key for the page. */
  key: string;
  /** What a naive client would search for on this view. */
  q: string;
  /** The tab's state once settled: matched, not-found or candidates. */
  status: string;
}

export interface TraceResult {
  views: number;
  uniqueProfiles: number;
  /** Of which the directory does not have (not-found). */
  notFoundProfiles: number;
  byOp: Record<string, number>;
  lowerBound: number;
  extension: { credits: number; searches: number; otherCalls: number; ratio: number };
  naive: { credits: number; searches: number; ratio: number };
  /** Final status per unique profile, as the extension's tab states showed it. */
  outcomes: Record<string, number>;
  /** Searches the extension paid for more than once (should be empty). */
  paidTwice: string[];
  wallMs: number;
}

interface Hints {
  name: string;
  headline?: string;
  company?: string;
}

/** Builds the site directory (route-served pages) and the trace script. */
export function buildTrace(dir: SeededDirectory): { sites: SiteDirectory; actions: Action[]; names: Map<string, string> } {
  const A = ANCHORS;
  const person = (id: string) => {
    const p = dir.person(id);
    if (!p) throw new Error(`no seeded person ${id}`);
    const company = p.companyId ? dir.company(p.companyId)?.name : undefined;
    return { name: `${p.firstName} ${p.lastName}`, handle: p.twitterHandle, headline: p.jobTitle, company };
  };
  const company = (id: string) => {
    const c = dir.company(id);
    if (!c?.twitterHandle) throw new Error(`no seeded company ${id} with an X handle`);
    return { name: c.name, handle: c.twitterHandle, slug: c.slug };
  };

  const xPeople = [
    A.founder.id,
    A.cofounder.id,
    A.telegramEmailOnly.id,
    A.sameName.first.id,
    A.sameName.second.id,
    A.noSlug.id,
    A.defunctProjectPerson.id,
    A.fundPerson.id,
    A.angel.personId,
    A.altRolesFundPerson.id,
    A.exchangePerson.id,
  ].map(person);
  const xCompanies = [
    A.founderCompany.id,
    A.fund.id,
    A.auditor.id,
    A.exchange.id,
    A.tokenUnknownProject.id,
    A.launchpad.id,
    A.defunctProject.id,
    A.altRolesFund.id,
  ].map(company);
  const liPeople: Array<{ slug: string } & Hints> = [
    [A.founder.linkedinSlug, A.founder.id],
    [A.cofounder.linkedinSlug, A.cofounder.id],
    [A.fundPerson.linkedinSlug, A.fundPerson.id],
    [A.altRolesFundPerson.linkedinSlug, A.altRolesFundPerson.id],
    [A.defunctProjectPerson.linkedinSlug, A.defunctProjectPerson.id],
  ].map(([slug, id]) => ({ slug: slug!, ...person(id!) }));
  const liCompanies = [A.founderCompany.id, A.fund.id].map(company);
  const seeded = seededProfiles(dir, 14);
  const feedPeople = seeded.slice(0, 10); // reached by SPA moves in one tab
  const multiTab = seeded.slice(10, 12); // first seen in three tabs at once
  const seededLi = seeded.slice(12, 14); // LinkedIn pages of seeded people
  const nobodyX = [A.notFound.twitterHandle, 'bench_nobody_01', 'bench_nobody_02'];
  const nobodyLi = { slug: 'zebulon-quistwhistle', name: A.notFound.name };

  const sites: SiteDirectory = {
    x: Object.fromEntries([
      ...xPeople.map((p) => [p.handle, p.name]),
      ...xCompanies.map((c) => [c.handle, c.name]),
      ...seeded.map((p) => [p.handle, p.name]),
      [A.notFound.twitterHandle, A.notFound.name],
      ['bench_nobody_01', 'Nobody One'],
      ['bench_nobody_02', 'Nobody Two'],
    ]),
    linkedinPeople: Object.fromEntries([
      ...liPeople.map((p) => [p.slug, { name: p.name, headline: p.headline, company: p.company }]),
      ...seededLi.map((p) => [p.linkedinSlug, { name: p.name, headline: p.jobTitle, company: p.company ?? undefined }]),
      [nobodyLi.slug, { name: nobodyLi.name, headline: 'Independent' }],
    ]),
    linkedinCompanies: Object.fromEntries(liCompanies.map((c) => [c.slug, c.name])),
  };
  // Display names by X handle (lower case), for re-rendering headers on SPA moves.
  const names = new Map(Object.entries(sites.x ?? {}).map(([h, n]) => [h.toLowerCase(), n]));

  const x = (path: string) => `https://x.com/${path}`;
  const li = (path: string) => `https://www.linkedin.com/${path}`;
  const actions: Action[] = [];
  const ada = A.founder.twitterHandle;

  // 1. Ada on X, then SPA moves between her profile's tabs and one of her posts.
  actions.push({ op: 'open', tab: 'ada', url: x(ada) });
  for (const sub of ['media', 'with_replies', 'status/1790000000000000001', 'likes', ''])
    actions.push({ op: 'spa', tab: 'ada', path: `/${ada}${sub ? `/${sub}` : ''}` });
  // 2. A feed tab: SPA moves from profile to profile (seeded people), a sub-tab each, then back and forward.
  actions.push({ op: 'open', tab: 'feed', url: x('home') });
  for (const p of feedPeople) {
    actions.push({ op: 'spa', tab: 'feed', path: `/${p.handle}` });
    actions.push({ op: 'spa', tab: 'feed', path: `/${p.handle}/media` });
  }
  for (let i = 0; i < 4; i++) actions.push({ op: 'back', tab: 'feed' });
  for (let i = 0; i < 2; i++) actions.push({ op: 'forward', tab: 'feed' });
  // 3. The other anchor people on X, each in a new tab; every other one gets a sub-tab move.
  for (const [i, p] of xPeople.slice(1).entries()) {
    actions.push({ op: 'open', tab: `xp${i}`, url: x(p.handle) });
    if (i % 2 === 0) actions.push({ op: 'spa', tab: `xp${i}`, path: `/${p.handle}/with_replies` });
    if (i > 1) actions.push({ op: 'close', tab: `xp${i}` });
  }
  // 4. Companies, funds and services on X, with a sub-tab move each.
  for (const [i, c] of xCompanies.entries()) {
    actions.push({ op: 'open', tab: `xc${i}`, url: x(c.handle) });
    actions.push({ op: 'spa', tab: `xc${i}`, path: `/${c.handle}/with_replies` });
    actions.push({ op: 'close', tab: `xc${i}` });
  }
  // 5. LinkedIn: the same people as on X, companies, seeded people; recent-activity moves.
  for (const [i, p] of liPeople.entries()) {
    actions.push({ op: 'open', tab: `lp${i}`, url: li(`in/${p.slug}/`) });
    if (i < 3) actions.push({ op: 'spa', tab: `lp${i}`, path: `/in/${p.slug}/recent-activity/all/` });
    actions.push({ op: 'close', tab: `lp${i}` });
  }
  for (const [i, c] of liCompanies.entries())
    actions.push({ op: 'open', tab: `lc${i}`, url: li(`company/${c.slug}/`) }, { op: 'close', tab: `lc${i}` });
  for (const [i, p] of seededLi.entries())
    actions.push({ op: 'open', tab: `ls${i}`, url: li(`in/${p.linkedinSlug}/`) }, { op: 'close', tab: `ls${i}` });
  // 6. Profiles the directory does not have.
  for (const [i, h] of nobodyX.entries()) actions.push({ op: 'open', tab: `nx${i}`, url: x(h) }, { op: 'close', tab: `nx${i}` });
  actions.push({ op: 'open', tab: 'nli', url: li(`in/${nobodyLi.slug}/`) }, { op: 'close', tab: 'nli' });
  // 7. New profiles opened in three tabs at once (one lookup must serve all three), and Ada again ×3.
  for (const [i, p] of multiTab.entries()) actions.push({ op: 'openMany', tabs: [`m${i}a`, `m${i}b`, `m${i}c`], url: x(p.handle) });
  actions.push({ op: 'openMany', tabs: ['ada2', 'ada3', 'ada4'], url: x(ada.toLowerCase()) });
  for (const t of ['m0a', 'm0b', 'm0c', 'm1a', 'm1b', 'm1c', 'ada2', 'ada3', 'ada4']) actions.push({ op: 'close', tab: t });
  // 8. Ada's tab: SPA to her cofounder, back, forward, back; reloads.
  actions.push({ op: 'spa', tab: 'ada', path: `/${A.cofounder.twitterHandle}` });
  actions.push({ op: 'back', tab: 'ada' }, { op: 'forward', tab: 'ada' }, { op: 'back', tab: 'ada' });
  actions.push({ op: 'reload', tab: 'ada' }, { op: 'reload', tab: 'feed' });
  // 9. Revisits in new tabs: other hosts and cases, a post, LinkedIn again, not-found again, seeded again.
  const revisits = [
    `https://twitter.com/${ada}/likes`,
    `https://mobile.x.com/${ada}`,
    x(`${A.fund.twitterHandle}/status/1790000000000000002`),
    x(A.founderCompany.twitterHandle.toLowerCase()),
    x(A.notFound.twitterHandle),
    x('bench_nobody_01'),
    li(`in/${A.founder.linkedinSlug}/`),
    li(`in/${A.fundPerson.linkedinSlug}/recent-activity/all/`),
    li(`company/${A.founderCompany.slug}/`),
    li(`in/${nobodyLi.slug}/`),
    ...feedPeople.slice(0, 6).map((p) => x(p.handle)),
    ...multiTab.map((p) => x(`${p.handle}/with_replies`)),
  ];
  for (const [i, url] of revisits.entries()) actions.push({ op: 'open', tab: `r${i}`, url }, { op: 'close', tab: `r${i}` });
  return { sites, actions, names };
}

/** The extension's profile key and a naive client's query for a URL (null: not a profile page). */
export function viewOf(url: string, sites: SiteDirectory): { key: string; q: string } | null {
  const xp = parseXUrl(url);
  if (xp) return { key: xp.key, q: xp.handle };
  const lp = parseLinkedInUrl(url);
  if (!lp || lp.kind === 'unsupported') return null;
  const find = <T>(m: Record<string, T> | undefined) =>
    Object.entries(m ?? {}).find(([k]) => k.toLowerCase() === lp.slug.toLowerCase())?.[1];
  const name = lp.kind === 'person' ? find(sites.linkedinPeople)?.name : find(sites.linkedinCompanies);
  return { key: lp.key, q: name ?? lp.slug.replace(/-/g, ' ') };
}

const SETTLED = new Set(['matched', 'not-found', 'candidates']);

/** Plays the trace in the browser; returns the views it made. */
async function play(
  context: BrowserContext,
  worker: Worker,
  actions: Action[],
  sites: SiteDirectory,
  names: Map<string, string>,
): Promise<TraceView[]> {
  const tabs = new Map<string, { page: Page; tabId: number }>();
  const views: TraceView[] = [];

  const settle = async (tabId: number, key: string): Promise<string> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = (await allTabStates(worker)).find((s) => s.tabId === tabId);
      if (state?.profile?.key === key && SETTLED.has(state.status)) return state.status;
      if (Date.now() > deadline)
        throw new Error(
          `trace: tab ${tabId} did not settle on ${key} (state: ${state ? `${state.status} ${state.profile?.key}` : 'none'})`,
        );
      await sleep(50);
    }
  };
  const viewed = async (op: string, tabId: number, url: string) => {
    const v = viewOf(url, sites);
    if (!v) return;
    views.push({ op, url, ...v, status: await settle(tabId, v.key) });
  };
  const tab = (label: string) => {
    const t = tabs.get(label);
    if (!t) throw new Error(`trace: no tab ${label}`);
    return t;
  };
  const newTab = async (label: string) => {
    const page = await context.newPage();
    const t = { page, tabId: await tabIdOf(worker, page) };
    tabs.set(label, t);
    return t;
  };

  for (const a of actions) {
    switch (a.op) {
      case 'open': {
        const t = await newTab(a.tab);
        await t.page.goto(a.url);
        await viewed('open', t.tabId, a.url);
        break;
      }
      case 'openMany': {
        const opened = [];
        for (const label of a.tabs) opened.push(await newTab(label));
        await Promise.all(opened.map((t) => t.page.goto(a.url)));
        for (const t of opened) await viewed('same profile, several tabs', t.tabId, a.url);
        break;
      }
      case 'spa': {
        const t = tab(a.tab);
        const handle = a.path.split('/')[1] ?? '';
        const name = names.get(handle.toLowerCase()) ?? null;
        await t.page.evaluate(
          ([path, h, n]) => {
            const before = location.pathname.split('/')[1] ?? '';
            history.pushState({}, '', path);
            // A move to another X profile re-renders the header (as X does); a sub-tab move does not.
            if (n && h.toLowerCase() !== before.toLowerCase() && location.hostname.endsWith('x.com')) {
              document.title = `${n} (@${h}) / X`;
              const main = document.querySelector('main');
              if (main) main.innerHTML = `<div data-testid="UserName"><div><span></span></div><div><span></span></div></div>`;
              const spans = document.querySelectorAll('[data-testid="UserName"] span');
              if (spans[0]) spans[0].textContent = n;
              if (spans[1]) spans[1].textContent = `@${h}`;
            }
          },
          [a.path, handle, name] as const,
        );
        await viewed('spa', t.tabId, t.page.url());
        break;
      }
      case 'back':
      case 'forward': {
        const t = tab(a.tab);
        await t.page.evaluate((dir) => (dir === 'back' ? history.back() : history.forward()), a.op);
        await t.page.waitForFunction(() => true); // let popstate run
        await sleep(50);
        await viewed(a.op, t.tabId, t.page.url());
        break;
      }
      case 'reload': {
        const t = tab(a.tab);
        await t.page.reload();
        await viewed('reload', t.tabId, t.page.url());
        break;
      }
      case 'close': {
        await tab(a.tab).page.close();
        tabs.delete(a.tab);
        break;
      }
    }
  }
  for (const t of tabs.values()) await t.page.close().catch(() => undefined);
  return views;
}

async function ledgerQuiet(server: RunningEmulator, quietMs = 1_500): Promise<void> {
  let n = server.emulator.control.ledger().length;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    await sleep(100);
    const m = server.emulator.control.ledger().length;
    if (m !== n) {
      n = m;
      since = Date.now();
    }
  }
}

/** The naive baseline: one search per view, from Node, with its own account. */
async function naiveReplay(server: RunningEmulator, views: TraceView[]): Promise<void> {
  for (const v of views) {
    const res = await fetch(`${server.baseUrl}/v1/search?q=${encodeURIComponent(v.q)}`, {
      headers: { Authorization: `Bearer ${NAIVE_KEY}` },
    });
    if (!res.ok) throw new Error(`naive replay: ${res.status} for ${v.q}`);
    await res.arrayBuffer();
  }
}

export async function runTrace(opts: { log?: (s: string) => void } = {}): Promise<TraceResult> {
  const log = opts.log ?? (() => undefined);
  const started = Date.now();
  const server = await startEmulatorServer({ port: 0, appPort: 0 });
  const { context, serviceWorker, extensionId } = await launchWithExtension({ headless: true });
  try {
    const { sites, actions, names } = buildTrace(server.emulator.directory);
    await serveSites(context, sites);
    const admin = await context.newPage();
    await configureByMessage(admin, extensionId, server.baseUrl, TRACE_KEY);
    // 40-odd lookups are more than the default 150-credit day: the budget is not what is measured here.
    // The trace measures what is paid once a lookup is wanted (cache, dedupe): every tab counts, as if watched.
    await patchSettings(admin, { dailyBudget: 100_000, autoLookup: 'always' });

    const views = await play(context, serviceWorker, actions, sites, names);
    await ledgerQuiet(server);
    const unique = new Map<string, TraceView>();
    for (const v of views) if (!unique.has(v.key)) unique.set(v.key, v);

    const ext = server.emulator.control.ledger(TRACE_KEY).filter((e) => e.path.startsWith('/v1/') && e.path !== '/v1/me');
    const searches = ext.filter((e) => e.path === '/v1/search');
    const seen = new Map<string, number>();
    for (const e of searches.filter((e) => e.creditsCharged > 0)) {
      const q = decodeURIComponent(e.query.replace(/^q=/, '')).toLowerCase();
      seen.set(q, (seen.get(q) ?? 0) + 1);
    }
    log(`trace: ${views.length} views over ${unique.size} unique profiles, played in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    await naiveReplay(server, views);
    const naive = server.emulator.control.ledger(NAIVE_KEY).filter((e) => e.path === '/v1/search');

    const lowerBound = CREDITS_PER_LOOKUP * unique.size;
    const extCredits = ext.reduce((s, e) => s + e.creditsCharged, 0);
    const naiveCredits = naive.reduce((s, e) => s + e.creditsCharged, 0);
    const byOp: Record<string, number> = {};
    for (const v of views) byOp[v.op] = (byOp[v.op] ?? 0) + 1;
    const outcomes: Record<string, number> = {};
    for (const v of unique.values()) outcomes[v.status] = (outcomes[v.status] ?? 0) + 1;
    return {
      views: views.length,
      uniqueProfiles: unique.size,
      notFoundProfiles: outcomes['not-found'] ?? 0,
      byOp,
      lowerBound,
      extension: {
        credits: extCredits,
        searches: searches.length,
        otherCalls: ext.length - searches.length,
        ratio: extCredits / lowerBound,
      },
      naive: { credits: naiveCredits, searches: naive.length, ratio: naiveCredits / lowerBound },
      outcomes,
      paidTwice: [...seen.entries()].filter(([, n]) => n > 1).map(([q, n]) => `${q} ×${n}`),
      wallMs: Date.now() - started,
    };
  } finally {
    await context.close().catch(() => undefined);
    await server.close();
  }
}
