/*
 * "Enrich a list" at scale (issue 43): a 500-row CSV read by the page's reader (lib/enrich/read-list.ts),
 * quoted and run by the extension's real worker (lib/worker/create-worker.ts, on a fake browser's storage)
 * against the in-process emulator, on one simulated clock (compressed time, as the burst row): the rate
 * governor, the emulator's rate windows and 20–100 ms of network either side all read it. The ledger is the
 * truth: credits charged against the quote, 429s, the span of the searches at the account's 120/min.
 */
import { createEmulator } from '../emulator';
import { SimClock, seededRandom } from './sim-clock';

export interface EnrichListBenchResult {
  rows: number;
  /** The quote: lookups and credits (`known`: rows it priced at 0). */
  quoted: { lookups: number; credits: number; known: number };
  /** What the emulator's ledger charged for the run's searches, and how many it answered. */
  charged: number;
  searches: number;
  rejected429: number;
  /** Rows the quote priced as a lookup that were answered for free by then (an earlier search returned them): the charge's shortfall. */
  knownMeanwhile: number;
  /** Rows that ended without an outcome (still to look up or looking up): should be 0. */
  unfinished: number;
  /** Rows by outcome at the end. */
  outcomes: Record<string, number>;
  limitPerMinute: number;
  /** Click → run done, simulated; and the real time it took here. */
  simMinutes: number;
  realMs: number;
  /** Reading the CSV into rows (parse, detect columns, normalise, fold), real. */
  readMs: number;
}

const BASE = 'http://127.0.0.1:8787';
const KEY = 'test_pro';
const ROWS = 500;
const page = { kind: 'extension-page' } as const;

/** A fake browser for the worker's storage items when not already under one. */
async function ensureBrowser(): Promise<void> {
  const g = globalThis as unknown as { chrome?: { runtime?: unknown }; browser?: unknown };
  if (g.chrome?.runtime) return;
  const { fakeBrowser } = await import('wxt/testing');
  g.browser = fakeBrowser;
  g.chrome = fakeBrowser as unknown as { runtime?: unknown };
}

/** Runs simulated time while `done()` is false: promise chains first, then real timers (storage), else the next simulated timer. */
async function drive(clock: SimClock, done: () => boolean, maxSimMs = 60 * 60_000): Promise<void> {
  const start = clock.now();
  while (!done()) {
    for (let i = 0; i < 6; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    if (done()) return;
    if (!clock.advance()) await new Promise((resolve) => setTimeout(resolve, 1));
    if (clock.now() - start > maxSimMs) throw new Error(`the list did not finish in ${maxSimMs / 60_000} simulated minutes`);
  }
}

export async function runEnrichList(opts: { rows?: number; log?: (s: string) => void } = {}): Promise<EnrichListBenchResult> {
  const rowCount = opts.rows ?? ROWS;
  const log = opts.log ?? (() => undefined);
  await ensureBrowser();
  // Imported only now: the worker's modules bind `browser` when they load.
  const [
    { createWorker },
    { browserKvStore },
    { parseSettings },
    { createApiKeyStore },
    { memorySecretStore },
    { settingsItem },
    { parseList, readRows },
    { detectColumns },
    leads,
  ] = await Promise.all([
    import('../../lib/worker/create-worker'),
    import('../../lib/storage/kv-store'),
    import('../../lib/settings/settings'),
    import('../../lib/settings/api-key'),
    import('../../lib/settings/secret-store'),
    import('../../lib/settings/settings-item'),
    import('../../lib/enrich/read-list'),
    import('../../lib/enrich/read-list-columns'),
    import('../support/test-leads'),
  ]);
  const { browser } = await import('wxt/browser');
  await browser.storage.local.clear();
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', dailyBudget: 100_000 }));

  const clock = new SimClock();
  const emulator = createEmulator({ now: clock.now });
  const rand = seededRandom(43);
  const latency = () => 20 + rand() * 80;
  const w = createWorker({
    leads: leads.testLeadStore(clock.now),
    fetch: async (input, init) => {
      await clock.sleep(latency());
      const response = await emulator.fetch(input, init);
      await clock.sleep(latency());
      return response;
    },
    local: browserKvStore(browser.storage.local),
    apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
    identity: { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
    now: clock.now,
    pace: { calmMs: 0 },
    rateOptions: { now: clock.now, timers: clock.timers },
  });
  const settle = async <T>(value: T | Promise<T>): Promise<T> => {
    const settled: { out?: { v: T }; error?: Error } = {};
    Promise.resolve(value).then(
      (v) => (settled.out = { v }),
      (e: unknown) => (settled.error = e instanceof Error ? e : new Error('rejected', { cause: e })),
    );
    await drive(clock, () => settled.out !== undefined || settled.error !== undefined);
    if (settled.error) throw settled.error;
    return settled.out!.v;
  };
  await settle(w.start());
  const saved = await settle(w.handlers.saveApiKey({ apiKey: KEY, baseUrl: BASE }, page));
  if (!saved.ok) throw new Error(`saveApiKey: ${saved.message}`);

  // A conference sheet: 500 directory people (or `rows`) with an X handle, by handle (in its several shapes) or, for one in
  // ten, by name and company alone; every row one question of its own.
  const companies = new Map(emulator.directory.companies.map((c) => [c.id, c.name]));
  const people = emulator.directory.people
    .filter((p) => p.twitterHandle && p.companyId && !p.id.startsWith('per_anchor_'))
    .slice(0, rowCount);
  if (people.length < rowCount) throw new Error(`only ${people.length} directory people to list`);
  const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const shapes = (h: string, i: number) => [`@${h}`, `https://x.com/${h}`, h, `https://twitter.com/${h}`][i % 4]!;
  const csv = [
    'Name,Company,Twitter',
    ...people.map((p, i) =>
      [`${p.firstName} ${p.lastName}`, companies.get(p.companyId!) ?? '', i % 10 === 9 ? '' : shapes(p.twitterHandle, i)]
        .map(cell)
        .join(','),
    ),
  ].join('\n');
  const readStart = performance.now();
  const parsed = parseList(csv);
  const read = readRows(parsed, detectColumns(parsed));
  const readMs = performance.now() - readStart;

  const before = emulator.control.ledger(KEY).length;
  const quote = await settle(w.handlers.quoteList({ name: 'bench', rows: read.rows }, page));
  if (emulator.control.ledger(KEY).length !== before) throw new Error('the quote sent something');
  const known = quote.rows.filter((r) => r.outcome.status !== 'to-look-up').length;
  log(
    `${read.rows.length} rows read in ${readMs.toFixed(0)} ms; quoted ${quote.lookups} lookups · ${quote.credits} credits (${known} at 0)`,
  );

  const simStart = clock.now();
  const realStart = performance.now();
  const started = await settle(w.handlers.enrichList({ name: 'bench', rows: read.rows, quoted: quote.credits }, page));
  if (!started.ok) throw new Error(`enrichList: ${started.message}`);
  let run: Awaited<ReturnType<typeof w.handlers.getEnrichRun>> = null;
  let polls = 0;
  // The page's view: the run read again (here every 200 simulated ms) until it is no longer running.
  const poll = async (): Promise<void> => {
    for (;;) {
      run = await w.handlers.getEnrichRun(undefined, page);
      polls++;
      if (run && run.state !== 'running') return;
      await clock.sleep(200);
    }
  };
  await settle(poll());
  const realMs = performance.now() - realStart;
  const simMinutes = (clock.now() - simStart) / 60_000;
  w.stop();

  const ledger = emulator.control.ledger(KEY).slice(before);
  const outcomes: Record<string, number> = {};
  for (const r of run!.rows) outcomes[r.outcome.status] = (outcomes[r.outcome.status] ?? 0) + 1;
  const result: EnrichListBenchResult = {
    rows: read.rows.length,
    quoted: { lookups: quote.lookups, credits: quote.credits, known },
    charged: ledger.reduce((sum, e) => sum + e.creditsCharged, 0),
    searches: ledger.filter((e) => e.path === '/v1/search' && e.status === 200).length,
    rejected429: ledger.filter((e) => e.status === 429).length,
    knownMeanwhile: (outcomes['known'] ?? 0) - known,
    unfinished: (outcomes['to-look-up'] ?? 0) + (outcomes['looking-up'] ?? 0),
    outcomes,
    limitPerMinute: 120,
    simMinutes,
    realMs,
    readMs,
  };
  // Charged = quoted, less the rows that became known meanwhile at the quote's price each.
  const unit = quote.lookups > 0 ? quote.credits / quote.lookups : 0;
  if (result.charged !== quote.credits - unit * result.knownMeanwhile)
    throw new Error(`charged ${result.charged}, quoted ${quote.credits} less ${result.knownMeanwhile} known meanwhile`);
  log(
    `run: ${result.searches} searches, ${result.charged} credits (quoted ${quote.credits}), ${result.rejected429} × 429, ${simMinutes.toFixed(1)} simulated min (${(realMs / 1000).toFixed(1)} s real, ${polls} reads of the run); ${JSON.stringify(outcomes)}`,
  );
  return result;
}
