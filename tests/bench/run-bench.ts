/*
 * `npm run bench` — builds, then measures the built extension against the local emulator and prints one
 * table, each figure next to its baseline from the same run, and writes bench-results.json:
 *
 *   trace         credits on a 100+-view browsing trace vs a naive search-per-view client and the lower bound
 *   intent        credits on a glance trace and a pushState storm, this build vs the previous release's build
 *   know-once     credits on the rep's loop (X↔LinkedIn, team → members, fund → portfolio, popup → profile) vs the cache-only build
 *   time-to-card  SPA navigation on X → Person card painted in the panel, at 0 and 100 ms API latency
 *   content       content-script sizes and main-thread time per SPA navigation, with vs without the extension
 *   burst         500 automatic lookups at 120/min in compressed time: RateGovernor vs naive
 *   parse         ms per record of a people list page (JSON.parse + zod jitless) vs JSON.parse alone
 *   exports       10,000 saved leads exported in each format (rows + file text) vs JSON.stringify of the rows
 *   leads         10,000 saved leads: the Leads page's open, keystroke and export times vs the same page with 100
 *   prospect      credits per person found by prospect search (100 per call) vs profile-by-profile lookups of the same people
 *   enrich-list   "Enrich a list": 500 rows through the worker at 120/min in compressed time: charged vs quoted, 429s, time
 *
 * Env: BENCH_ONLY=trace,intent,know-once,time-to-card,content,burst,parse,exports,leads,prospect,enrich-list (a subset) · BENCH_BASELINE_REF (intent) · BENCH_OUT=file (default
 * bench-results.json) · BENCH_NAVIGATIONS (time-to-card, default 30) · CHROMIUM_PATH.
 * Everything is local: route-served sites, the emulator on 127.0.0.1. Takes ~5 minutes on 2 cores.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { assertPrerequisites, chromiumVersion } from '../demo/browser';
import { runBurst } from './burst';
import { runContentScriptCost } from './content-script-cost';
import { runEnrichList } from './enrich-list';
import { runExports } from './exports';
import { runIntent } from './intent';
import { runKnowOnce } from './know-once';
import { runLeads } from './leads';
import { runListReadersCost } from './list-readers-cost';
import { runParse } from './parse';
import { runProspect } from './prospect';
import { formatTable, markdownTable, tableRows, type BenchResults } from './report';
import { runTimeToCard } from './time-to-card';
import { runTrace } from './trace';

const PARTS = [
  'parse',
  'exports',
  'burst',
  'trace',
  'intent',
  'know-once',
  'time-to-card',
  'content',
  'leads',
  'prospect',
  'enrich-list',
] as const;
type Part = (typeof PARTS)[number];

async function main(): Promise<number> {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) {
    console.error(`Unknown BENCH_ONLY part(s): ${unknown.join(', ')}. Known: ${PARTS.join(', ')}`);
    return 2;
  }
  const wanted = (p: Part) => only.length === 0 || only.includes(p);
  const out = process.env.BENCH_OUT ?? 'bench-results.json';
  const navigations = Number(process.env.BENCH_NAVIGATIONS ?? 30);
  if (wanted('trace') || wanted('intent') || wanted('know-once') || wanted('time-to-card') || wanted('content') || wanted('leads')) {
    try {
      assertPrerequisites(true);
    } catch (e) {
      console.error(`✖ ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  }

  const started = Date.now();
  const cpus = os.cpus();
  const results: Omit<BenchResults, 'table'> = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      chromium: chromiumVersion(),
      loadAverage: { start: os.loadavg()[0] ?? 0, end: 0 },
    },
    durationSec: 0,
    errors: {},
  };
  const m = results.machine;
  console.log(
    `Bench ${results.date} · ${m.cpu} · ${m.cores} cores · Node ${m.node} · Chromium ${m.chromium} · load average ${m.loadAverage.start.toFixed(2)}`,
  );
  if (m.loadAverage.start > m.cores)
    console.log(
      `  Note: the machine is busy (load ${m.loadAverage.start.toFixed(1)} on ${m.cores} cores); the timings will be slower than on an idle machine.`,
    );

  const log = (s: string) => console.log(`  ${s}`);
  const step = async <T>(part: Part, title: string, run: () => Promise<T> | T, store: (v: T) => void) => {
    if (!wanted(part)) return;
    const t = Date.now();
    console.log(`▶ ${title}`);
    try {
      store(await run());
      console.log(`  done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      results.errors[part] = message;
      console.error(`  ✖ ${part} failed: ${message}`);
    }
  };

  await step(
    'parse',
    'Parse speed (tests/bench/parse-pages)',
    () => runParse(),
    (v) => (results.parse = v),
  );
  await step(
    'exports',
    'Exports: 10,000 saved leads in every format (tests/bench/exports)',
    () => runExports(),
    (v) => (results.exports = v),
  );
  await step(
    'burst',
    'Burst: 500 lookups at 120/min, RateGovernor vs naive (compressed time)',
    () => runBurst(),
    (v) => (results.burst = v),
  );
  await step(
    'trace',
    'Credits on a browsing trace (real extension, emulator ledger) vs naive',
    () => runTrace({ log }),
    (v) => (results.trace = v),
  );
  await step(
    'intent',
    'Credits without intent: glance trace and pushState storm, this build vs the previous release',
    () => runIntent({ log }),
    (v) => (results.intent = v),
  );
  await step(
    'know-once',
    'Know once, pay once: X↔LinkedIn, team → members, fund → portfolio, popup → profile, this build vs cache-only',
    () => runKnowOnce({ log }),
    (v) => (results.knowOnce = v),
  );
  await step(
    'time-to-card',
    `Time to card over ${navigations} SPA navigations at 0 and 100 ms API latency`,
    () => runTimeToCard({ navigations, log }),
    (v) => (results.timeToCard = v),
  );
  await step(
    'content',
    'Content scripts: size, main-thread time per SPA navigation with vs without the extension',
    () => runContentScriptCost({ log }),
    (v) => (results.contentScripts = v),
  );
  await step(
    'content',
    'List readers ("People on this page"): main-thread time per SPA navigation over the saved list pages, with vs without the extension',
    () => runListReadersCost({ log }),
    (v) => (results.listReaders = v),
  );
  await step(
    'leads',
    'Saved leads at scale: 10,000 leads on the Leads page (open, search keystroke, export) vs 100',
    () => runLeads({ log }),
    (v) => (results.leads = v),
  );
  await step(
    'prospect',
    'Prospect search vs profile by profile: credits per person (worker in Node, emulator ledger)',
    () => runProspect({ log }),
    (v) => (results.prospect = v),
  );
  await step(
    'enrich-list',
    'Enrich a list: 500 rows through the worker at 120/min (emulator ledger, compressed time)',
    () => runEnrichList({ log }),
    (v) => (results.enrichList = v),
  );

  results.machine.loadAverage.end = os.loadavg()[0] ?? 0;
  results.durationSec = Math.round((Date.now() - started) / 1000);
  const table = tableRows(results);
  const full: BenchResults = { ...results, table };
  writeFileSync(out, `${JSON.stringify(full, null, 2)}\n`);

  console.log('');
  console.log(formatTable(table));
  if (results.timeToCard?.verdict) console.log(`\nTime to card: ${results.timeToCard.verdict}`);
  console.log(`\nMarkdown:\n\n${markdownTable(table)}\n`);
  console.log(`Wrote ${out} (${results.durationSec} s; load average ${m.loadAverage.start.toFixed(2)} → ${m.loadAverage.end.toFixed(2)}).`);
  const failed = Object.keys(results.errors);
  if (failed.length) {
    console.error(`✖ ${failed.length} part(s) failed: ${failed.join(', ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`✖ bench crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
