/*
 * Burst: 500 queued automatic lookups against an account limited to 120 requests/min, in compressed
 * time. The real RateGovernor and the real client (`createDirectoryClient`) run against the in-process
 * emulator (`createEmulator({ now })`), all on one simulated clock, so eight-odd simulated minutes take
 * a few real seconds. The 429s and the throughput come from the emulator's ledger.
 *
 * Baselines, same 500 lookups without a governor: fired at once (no retry), and fired at once with each
 * request retrying after the server's Retry-After (a "polite" naive client).
 */
import { createDirectoryClient, type FetchLike } from '../../lib/api';
import { RateGovernor } from '../../lib/rate/rate-governor';
import { judgeAttempt, type FailedAttempt } from '../../lib/api/attempt-outcome';
import { createEmulator } from '../emulator';
import { SimClock, seededRandom } from './sim-clock';

const judgeRead = (r: { ok: true } | FailedAttempt) => judgeAttempt({ resend: 'once' }, r);

export const BURST_KEY = 'test_pro';

export interface BurstRun {
  label: string;
  requests: number;
  served: number;
  /** 429 answers the emulator gave (from its ledger). */
  rejected429: number;
  /** Lookups that ended without data. */
  failed: number;
  /** First to last served request, simulated. */
  spanSec: number;
  /** Served per minute over that span. */
  perMinute: number;
  /** perMinute / the account's limit. */
  shareOfLimit: number;
  /** From the first send until every lookup settled, simulated. */
  totalSimSec: number;
  realMs: number;
}

export interface BurstResult {
  limitPerMinute: number;
  lookups: number;
  governor: BurstRun;
  naiveOnce: BurstRun;
  naiveRetry: BurstRun;
}

interface Setup {
  clock: SimClock;
  emu: ReturnType<typeof createEmulator>;
  client: ReturnType<typeof createDirectoryClient>;
  queries: string[];
}

function setup(lookups: number, limitPerMinute: number, seed: number): Setup {
  const clock = new SimClock();
  const emu = createEmulator({ now: clock.now });
  emu.control.configure({ rateLimitPerMinute: limitPerMinute });
  // Network latency either side of the server, 20–100 ms each way, reproducible.
  const rand = seededRandom(seed);
  const latency = () => 20 + rand() * 80;
  const fetch: FetchLike = async (input, init) => {
    await clock.sleep(latency());
    const response = await emu.fetch(input, init);
    await clock.sleep(latency());
    return response;
  };
  const client = createDirectoryClient({ baseUrl: 'http://127.0.0.1:8787', apiKey: BURST_KEY, fetch, now: clock.now });
  // Distinct, real queries (X handles of seeded people), as automatic lookups would send.
  const handles = emu.directory.people.map((p) => p.twitterHandle).filter((h) => h);
  const queries = Array.from({ length: lookups }, (_, i) => handles[i % handles.length]!);
  return { clock, emu, client, queries };
}

function summarise(label: string, s: Setup, startedAt: number, realStart: number, failed: number, limit: number): BurstRun {
  const entries = s.emu.control.ledger(BURST_KEY).filter((e) => e.path === '/v1/search');
  const served = entries.filter((e) => e.status === 200).map((e) => e.at);
  const first = served[0] ?? 0;
  const last = served.at(-1) ?? 0;
  const spanMs = last - first;
  const perMinute = spanMs > 0 ? ((served.length - 1) / spanMs) * 60_000 : served.length;
  return {
    label,
    requests: entries.length,
    served: served.length,
    rejected429: entries.filter((e) => e.status === 429).length,
    failed,
    spanSec: spanMs / 1000,
    perMinute,
    shareOfLimit: perMinute / limit,
    totalSimSec: (s.clock.now() - startedAt) / 1000,
    realMs: Date.now() - realStart,
  };
}

async function governed(lookups: number, limit: number): Promise<BurstRun> {
  const s = setup(lookups, limit, 7);
  const realStart = Date.now();
  const start = s.clock.now();
  const gov = new RateGovernor({ tier: 'pro', now: s.clock.now, timers: s.clock.timers, random: seededRandom(11) });
  const all = Promise.all(s.queries.map((q) => gov.schedule(() => s.client.search(q), { priority: 'auto', judge: judgeRead })));
  const results = await s.clock.run(all);
  return summarise('RateGovernor (extension)', s, start, realStart, results.filter((r) => !r.ok).length, limit);
}

async function naiveOnce(lookups: number, limit: number): Promise<BurstRun> {
  const s = setup(lookups, limit, 7);
  const realStart = Date.now();
  const start = s.clock.now();
  const results = await s.clock.run(Promise.all(s.queries.map((q) => s.client.search(q))));
  return summarise('naive, no retry', s, start, realStart, results.filter((r) => !r.ok).length, limit);
}

async function naiveRetry(lookups: number, limit: number): Promise<BurstRun> {
  const s = setup(lookups, limit, 7);
  const realStart = Date.now();
  const start = s.clock.now();
  const one = async (q: string): Promise<boolean> => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const r = await s.client.search(q);
      if (r.ok) return true;
      if (r.error.kind !== 'rate-limited') return false;
      await s.clock.sleep(Math.max(0, r.error.retryAt - s.clock.now()));
    }
    return false;
  };
  const results = await s.clock.run(Promise.all(s.queries.map(one)));
  return summarise('naive, retry after Retry-After', s, start, realStart, results.filter((ok) => !ok).length, limit);
}

export async function runBurst(opts: { lookups?: number; limitPerMinute?: number } = {}): Promise<BurstResult> {
  const lookups = opts.lookups ?? 500;
  const limit = opts.limitPerMinute ?? 120;
  return {
    limitPerMinute: limit,
    lookups,
    governor: await governed(lookups, limit),
    naiveOnce: await naiveOnce(lookups, limit),
    naiveRetry: await naiveRetry(lookups, limit),
  };
}
