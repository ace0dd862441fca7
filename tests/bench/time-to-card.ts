/*
 * Time to card: from an SPA navigation on the X tab (`history.pushState` to another profile, then the
 * header re-rendered as X does) to the Person card painted in the side panel page following that tab.
 *
 * Every timestamp is taken in the browser on the wall clock (`performance.timeOrigin + performance.now()`):
 * the X page stamps the navigation; the panel page stamps (a) each tab-state write it is told about
 * (`storage.session.onChanged`), (b) the moment a MutationObserver sees the Person card's name change and
 * (c) the next animation frame after it (the paint), which also ends the bench's wait: nothing polls the
 * page while it is timed. The emulator's ledger stamps when the API handled the search (after its
 * configured latency). Playwright only waits; it never times anything, and it holds none of the
 * extension's requests (the fixture pages are routed on the X tab alone, not the context). The emulator
 * runs in a process of its own, and of the extension's pages only the panel stays open: on this 2-core box
 * each of the two otherwise added 3–4 ms to the p50 that were not the extension's work.
 *
 * The API round trip is measured separately from the background worker itself (the context that makes
 * the real calls): `fetch` + `json()` of the same kind of search, with another account's key.
 *
 * Then a known profile: the same tab goes back to profiles the 0 ms run already paid for (their answers
 * are cached), so the card needs no API call at all — what the extension alone costs.
 */
import type { Page, Worker } from '@playwright/test';
import { spawnEmulatorServer, type SpawnedEmulator } from '../emulator/spawn-server';
import { serveSites } from '../e2e/site-fixtures';
import { configureByMessage, tabIdOf } from '../e2e/worker-state';
import { launchWithExtension, patchSettings } from '../demo/browser';
import { openPanel } from '../demo/panel';
import { median, percentile, seededProfiles, sleep, type SeededProfile } from './profiles';

export interface CardSample {
  handle: string;
  /** Navigation → Person card painted (next animation frame). */
  totalMs: number;
  /** Navigation → the card's name in the DOM (MutationObserver). */
  domMs: number;
  /** Navigation → the worker's "looking-up" write for this profile, as the panel heard it. */
  detectMs: number | null;
  /** Navigation → the API handled the search (ledger `at` minus the configured latency). */
  serverMs: number | null;
  /** Navigation → the worker's "matched" write, as the panel heard it. */
  matchedMs: number | null;
}

export interface Stats {
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export interface TimeToCardRun {
  latencyMs: number;
  navigations: number;
  total: Stats;
  /** Direct fetch + json() from the worker: the API round trip alone. */
  apiRoundTrip: Stats;
  /** total p50 − round-trip p50: what the extension adds. */
  overheadP50: number;
  /** total p95 − round-trip p95. */
  overheadP95: number;
  /** Medians of each leg (ms): they add up to about the total. */
  legs: {
    /** pushState → content script noticed, reported, worker wrote "looking-up" (panel notified). */
    detectAndReport: number;
    /** "looking-up" → the request reached the API (cache check, credit reserve, governor, fetch start). */
    workerToApi: number;
    /** The emulator's configured latency (its handling itself is sub-millisecond and lands in the next leg). */
    api: number;
    /** API answered → "matched" written (response, zod parse, match, cache and ledger writes). */
    responseToState: number;
    /** State → card painted in the panel (storage event, React render, next frame). */
    render: number;
  };
  samples: CardSample[];
}

export interface KnownProfileRun {
  navigations: number;
  /** Navigation → the known profile's card painted. */
  total: Stats;
  /** Searches sent during these navigations (a known profile needs none). */
  searches: number;
  legs: {
    /** Navigation → "matched" as the panel heard it (its first state: nothing is written before a known card). */
    toState: number;
    /** State → card painted in the panel. */
    render: number;
  };
}

export interface TimeToCardResult {
  runs: TimeToCardRun[];
  /** A profile already paid for, visited again (cache hit). */
  known?: KnownProfileRun;
  goalP50Ms: number;
  /** Issue 24, at 0 ms latency: what the extension adds above the API round trip, and a known profile's card. */
  goals: { overheadP50Ms: number; overheadP95Ms: number; knownP50Ms: number };
  /** What dominates, in words, when the goal is missed at 0 ms latency. */
  verdict: string;
}

type Probe = {
  states: Array<{ t: number; status: string | undefined; key: string | null }>;
  cards: Array<{ t: number; name: string; paint: number }>;
};

const stats = (v: number[]): Stats => ({ p50: median(v), p95: percentile(v, 95), min: Math.min(...v), max: Math.max(...v) });

/**
 * Instruments the panel page (see the header). Plain JavaScript text: tsx would wrap named functions
 * in a `__name` helper that does not exist in the page.
 */
async function instrumentPanel(panel: Page, tabId: number): Promise<void> {
  await panel.evaluate(`(() => {
    const tabKey = ${JSON.stringify(`tab:${tabId}`)};
    const now = () => performance.timeOrigin + performance.now();
    const probe = { states: [], cards: [] };
    window.__ttc = probe;
    // Resolved from the paint stamp itself: the bench waits without polling the page every frame.
    const waiters = [];
    window.__ttcPainted = (name, since) => new Promise((resolve, reject) => {
      const done = probe.cards.find((c) => c.name === name && c.t >= since && c.paint > 0);
      if (done) return resolve(true);
      waiters.push({ name, since, resolve });
      setTimeout(() => reject(new Error('never painted')), 20000);
    });
    chrome.storage.session.onChanged.addListener((changes) => {
      const change = changes[tabKey];
      if (!change) return;
      const v = change.newValue;
      probe.states.push({ t: now(), status: v ? v.status : undefined, key: v && v.profile ? v.profile.key : null });
    });
    const shown = () => {
      const h = document.querySelector('section[aria-label="Person"] h2');
      return h ? h.textContent : null;
    };
    let last = shown();
    new MutationObserver(() => {
      const name = shown();
      if (name && name !== last) {
        const card = { t: now(), name, paint: 0 };
        probe.cards.push(card);
        requestAnimationFrame(() => {
          card.paint = now();
          for (const w of waiters.splice(0)) {
            if (w.name === card.name && card.t >= w.since) w.resolve(true);
            else waiters.push(w);
          }
        });
      }
      last = name;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** Whether the panel painted `name`'s card since `since` (waits up to 20 s; see instrumentPanel). */
function paintedCard(panel: Page, name: string, since: number): Promise<boolean> {
  return panel
    .evaluate(([n, t]) => (window as unknown as { __ttcPainted(n: string, t: number): Promise<boolean> }).__ttcPainted(n, t), [
      name,
      since,
    ] as const)
    .catch(() => false);
}

/** pushState to the profile, then re-render the header and title as X does; returns the browser's stamp. */
function navigate(x: Page, p: SeededProfile): Promise<number> {
  return x.evaluate(
    ([handle, name]) => {
      const t = performance.timeOrigin + performance.now();
      history.pushState({}, '', `/${handle}`);
      document.title = `${name} (@${handle}) / X`;
      const spans = document.querySelectorAll('[data-testid="UserName"] span');
      if (spans[0]) spans[0].textContent = name;
      if (spans[1]) spans[1].textContent = `@${handle}`;
      return t;
    },
    [p.handle, p.name] as const,
  );
}

/** Direct searches from the background worker: fetch + json(), ms each. */
async function roundTrips(worker: Worker, baseUrl: string, apiKey: string, queries: string[]): Promise<number[]> {
  return worker.evaluate(
    async ([base, key, qs]) => {
      const out: number[] = [];
      for (const q of qs) {
        const t = performance.now();
        const res = await fetch(`${base}/v1/search?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${key}` } });
        await res.json();
        out.push(performance.now() - t);
      }
      return out;
    },
    [baseUrl, apiKey, queries] as const,
  );
}

export async function runTimeToCard(
  opts: { navigations?: number; latencies?: number[]; warmup?: number; gapMs?: number; log?: (s: string) => void } = {},
): Promise<TimeToCardResult> {
  const navigations = opts.navigations ?? 30;
  const latencies = opts.latencies ?? [0, 100];
  const warmup = opts.warmup ?? 3;
  // A person reads each card for a second (faster is a burst, paid only where it settles: tests/bench/intent.ts).
  const gapMs = opts.gapMs ?? 1_000;
  const log = opts.log ?? (() => undefined);
  // Its own process: served from this one, each answer would wait for the DevTools traffic of the
  // navigation being timed (see tests/emulator/spawn-server.ts).
  const server = await spawnEmulatorServer();
  const browser = await launchWithExtension({ headless: true });
  const { context, serviceWorker, extensionId } = browser;
  try {
    const perRun = warmup + navigations;
    const people = seededProfiles(server.directory, 1 + perRun * latencies.length);
    const admin = await context.newPage();
    await configureByMessage(admin, extensionId, server.baseUrl, 'test_pro');
    await patchSettings(admin, { dailyBudget: 100_000 });
    // Only the panel stays open: the options page renders on the same thread as the panel (extension
    // pages share one renderer), and its spending views re-render with each paid call.
    await admin.close();

    const [first, ...rest] = people;
    const x = await context.newPage();
    // The X tab's own routes: a context's would hold the worker's API requests in Playwright too, longest
    // while it handles the navigation's DevTools traffic (measured 9 ms from fetch to server, 3 ms without).
    await serveSites(x, { x: Object.fromEntries(people.map((p) => [p.handle, p.name])) });
    await x.goto(`https://x.com/${first!.handle}`);
    const tabId = await tabIdOf(serviceWorker, x);
    const panel = await openPanel(context, extensionId, tabId);
    await panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: first!.name }).waitFor({ timeout: 20_000 });
    await instrumentPanel(panel, tabId);

    const runs: TimeToCardRun[] = [];
    for (const [r, latencyMs] of latencies.entries()) {
      await server.configure({ latencyMs });
      const batch = rest.slice(r * perRun, (r + 1) * perRun);
      const samples: CardSample[] = [];
      for (const [i, p] of batch.entries()) {
        const tNav = await navigate(x, p);
        const painted = await paintedCard(panel, p.name, tNav);
        if (!painted) throw new Error(`time to card: the panel never showed ${p.name} (@${p.handle}) at ${latencyMs} ms latency`);
        const probe = await panel.evaluate(() => (window as unknown as { __ttc: Probe }).__ttc);
        const key = `x:${p.handle.toLowerCase()}`;
        const card = probe.cards.find((c) => c.name === p.name)!;
        const looking = probe.states.find((s) => s.t >= tNav && s.key === key && s.status === 'looking-up');
        const matched = probe.states.find((s) => s.t >= tNav && s.key === key && s.status === 'matched');
        const served = (await server.ledger('test_pro'))
          // The extension asks for the handle in lower case (lib/lookup/lookup-query.ts).
          .find((e) => e.path === '/v1/search' && e.query.toLowerCase() === `q=${encodeURIComponent(p.handle)}`.toLowerCase());
        if (i >= warmup) {
          samples.push({
            handle: p.handle,
            totalMs: card.paint - tNav,
            domMs: card.t - tNav,
            detectMs: looking ? looking.t - tNav : null,
            serverMs: served ? served.at - latencyMs - tNav : null,
            matchedMs: matched ? matched.t - tNav : null,
          });
        }
        await sleep(gapMs); // a person reads the card; also keeps automatic lookups under the pacing rate
      }
      const rtt = await roundTrips(
        serviceWorker,
        server.baseUrl,
        'test_team',
        batch.map((p) => p.handle),
      );
      const total = stats(samples.map((s) => s.totalMs));
      const rttStats = stats(rtt.slice(warmup));
      const med = (f: (s: CardSample) => number | null) => median(samples.map(f).filter((v): v is number => v !== null));
      const detect = med((s) => s.detectMs);
      const server0 = med((s) => s.serverMs);
      const matchedAt = med((s) => s.matchedMs);
      runs.push({
        latencyMs,
        navigations: samples.length,
        total,
        apiRoundTrip: rttStats,
        overheadP50: total.p50 - rttStats.p50,
        overheadP95: total.p95 - rttStats.p95,
        legs: {
          detectAndReport: detect,
          workerToApi: server0 - detect,
          api: latencyMs,
          responseToState: matchedAt - (server0 + latencyMs),
          render: total.p50 - matchedAt,
        },
        samples,
      });
      log(
        `time to card @${latencyMs} ms: p50 ${total.p50.toFixed(0)} ms, p95 ${total.p95.toFixed(0)} ms (API round trip p50 ${rttStats.p50.toFixed(0)} ms)`,
      );
    }
    const known = await knownRun({ server, x, panel, profiles: rest.slice(0, perRun), warmup, gapMs });
    log(
      `time to card, known profile: p50 ${known.total.p50.toFixed(0)} ms, p95 ${known.total.p95.toFixed(0)} ms (${known.searches} searches sent)`,
    );
    return { runs, known, goalP50Ms: 150, goals: { overheadP50Ms: 25, overheadP95Ms: 50, knownP50Ms: 20 }, verdict: verdictOf(runs[0]) };
  } finally {
    await context.close().catch(() => undefined);
    await server.close();
  }
}

/** Back to profiles already paid for, at 0 ms latency: the card comes from the cache. */
async function knownRun(o: {
  server: SpawnedEmulator;
  x: Page;
  panel: Page;
  profiles: SeededProfile[];
  warmup: number;
  gapMs: number;
}): Promise<KnownProfileRun> {
  await o.server.configure({ latencyMs: 0 });
  const searches = async () => (await o.server.ledger('test_pro')).filter((e) => e.path === '/v1/search').length;
  const before = await searches();
  const samples: Array<{ total: number; matched: number | null }> = [];
  for (const [i, p] of o.profiles.entries()) {
    const tNav = await navigate(o.x, p);
    const painted = await paintedCard(o.panel, p.name, tNav);
    if (!painted) throw new Error(`time to card: the panel never showed ${p.name} (@${p.handle}) again`);
    const probe = await o.panel.evaluate(() => (window as unknown as { __ttc: Probe }).__ttc);
    const key = `x:${p.handle.toLowerCase()}`;
    const card = probe.cards.find((c) => c.name === p.name && c.t >= tNav)!;
    const matched = probe.states.find((s) => s.t >= tNav && s.key === key && s.status === 'matched');
    if (i >= o.warmup) samples.push({ total: card.paint - tNav, matched: matched ? matched.t - tNav : null });
    await sleep(o.gapMs);
  }
  const total = stats(samples.map((s) => s.total));
  const med = (v: Array<number | null>) => median(v.filter((n): n is number => n !== null));
  const toState = med(samples.map((s) => s.matched));
  return {
    navigations: samples.length,
    total,
    searches: (await searches()) - before,
    legs: { toState, render: total.p50 - toState },
  };
}

function verdictOf(run: TimeToCardRun | undefined): string {
  if (!run) return '';
  const legs = Object.entries(run.legs).sort((a, b) => b[1] - a[1]);
  const [name, ms] = legs[0]!;
  const parts = legs.map(([n, v]) => `${n} ${v.toFixed(0)} ms`).join(', ');
  return run.total.p50 <= 150
    ? `goal met at ${run.latencyMs} ms latency (p50 ${run.total.p50.toFixed(0)} ms ≤ 150); largest leg: ${name} (${ms.toFixed(0)} ms). Legs (medians): ${parts}`
    : `goal missed at ${run.latencyMs} ms latency (p50 ${run.total.p50.toFixed(0)} ms > 150); dominated by ${name} (${ms.toFixed(0)} ms). Legs (medians): ${parts}`;
}
