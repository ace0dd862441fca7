/*
 * Prospect search vs profile-by-profile lookups (issue 25): credits per person found. Node-level, in one
 * run against one in-process emulator (its ledger is the money truth), through the extension's real
 * worker (lib/worker/create-worker.ts on a fake browser's storage):
 *
 *   prospect   one account pages through a filtered people search (100 per 5-credit call), then opens
 *              a sample of the people found on X, the way a rep works the list (the panel's lookup);
 *   baseline   another account looks the same sampled people up profile by profile (X, one lookup each),
 *              with no prospect search first.
 *
 * Credits per person: the prospect account's whole spend (pages + the later visits) over the people its
 * pages found, and over the people it then opened; the baseline's spend over the people it looked up.
 */
import { ANCHORS, createEmulator } from '../emulator';

export interface ProspectBenchResult {
  pages: number;
  /** Distinct people the pages returned. */
  peopleFound: number;
  /** Credits the pages cost (the emulator's ledger). */
  searchCredits: number;
  /** People from those pages then opened on X, and what those visits cost on top. */
  visited: number;
  visitCredits: number;
  /** Visits that showed the right person. */
  visitMatched: number;
  /** The same people looked up one by one on another account. */
  baseline: { lookedUp: number; credits: number; matched: number };
  /** The filters the bench searched with (as sent). */
  query: string;
}

const BASE = 'http://127.0.0.1:8787';
const PROSPECT_KEY = 'test_pro';
/** Its own account and ledger; enterprise so its lookups are paced at 5/s, not 2/s. */
const BASELINE_KEY = 'test_enterprise';
const page = { kind: 'extension-page' } as const;

/** A fake browser for the worker's storage items when not already under one (vitest's WxtVitest provides its own). */
async function ensureBrowser(): Promise<void> {
  const g = globalThis as unknown as { chrome?: { runtime?: unknown }; browser?: unknown };
  if (g.chrome?.runtime) return;
  const { fakeBrowser } = await import('wxt/testing');
  g.browser = fakeBrowser;
  g.chrome = fakeBrowser as unknown as { runtime?: unknown };
}

export async function runProspect(opts: { pages?: number; visits?: number; log?: (s: string) => void } = {}): Promise<ProspectBenchResult> {
  const pages = opts.pages ?? 3;
  const visits = opts.visits ?? 60;
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
    { tabStateItem },
    { parseProfileUrl },
    leads,
  ] = await Promise.all([
    import('../../lib/worker/create-worker'),
    import('../../lib/storage/kv-store'),
    import('../../lib/settings/settings'),
    import('../../lib/settings/api-key'),
    import('../../lib/settings/secret-store'),
    import('../../lib/settings/settings-item'),
    import('../../lib/tab-state/items'),
    import('../../lib/profile/parse-profile-url'),
    import('../support/test-leads'),
  ]);
  const { browser } = await import('wxt/browser');
  await browser.storage.local.clear();
  // Every profile looked up as it opens; a budget both accounts' spend fits in (it is one per browser, not per account).
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', dailyBudget: 100_000 }));

  const emulator = createEmulator();
  const charged = (key: string) => emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0);

  async function worker(key: string) {
    const w = createWorker({
      leads: leads.testLeadStore(),
      fetch: (input, init) => emulator.fetch(input, init),
      local: browserKvStore(browser.storage.local),
      apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
      identity: { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
      pace: { calmMs: 0 },
    });
    await w.start();
    const saved = await w.handlers.saveApiKey({ apiKey: key, baseUrl: BASE }, page);
    if (!saved.ok) throw new Error(`saveApiKey ${key}: ${saved.message}`);
    return w;
  }

  /** Opens each handle's X profile on its own tab (the panel's automatic lookup); how many showed that person. */
  async function openOnX(w: Awaited<ReturnType<typeof worker>>, people: { id: string; twitterHandle: string }[], firstTab: number) {
    let matched = 0;
    for (const [i, p] of people.entries()) {
      const tabId = firstTab + i;
      const url = `https://x.com/${p.twitterHandle}`;
      await w.handlers.reportProfile({ url, profile: parseProfileUrl(url), hints: {} }, { kind: 'content-script', tabId, topFrame: true });
      const state = (await tabStateItem(tabId).getValue()) as { status?: string; person?: { id?: string } } | null;
      if (state?.status === 'matched' && state.person?.id === p.id) matched++;
    }
    return matched;
  }

  // Prospect: BD people and founders with Telegram on file, page after page.
  const prospecting = await worker(PROSPECT_KEY);
  const query = { list: 'people', roles: ['founder', 'bd'], channels: ['telegram'], sort: 'name' } as const;
  const found = new Map<string, { id: string; twitterHandle: string | null }>();
  for (let n = 1; n <= pages; n++) {
    const out = await prospecting.handlers.prospect(
      { query: { ...query, roles: [...query.roles], channels: [...query.channels] }, page: n },
      page,
    );
    if (!out.ok) throw new Error(`prospect page ${n}: ${out.message}`);
    for (const row of out.rows) found.set(row.id, row as { id: string; twitterHandle: string | null });
  }
  const searchCredits = charged(PROSPECT_KEY);
  log(`prospect: ${pages} pages, ${found.size} people, ${searchCredits} credits`);

  // The people a rep then opens: every k-th one with an X handle, `visits` of them (never an anchor, so
  // neither account's earlier answers can hold them).
  const anchors = new Set<string>(Object.values(ANCHORS).flatMap((a) => ('id' in a ? [a.id] : [])));
  const withHandle = [...found.values()].filter((p): p is { id: string; twitterHandle: string } => !!p.twitterHandle && !anchors.has(p.id));
  const step = Math.max(1, Math.floor(withHandle.length / visits));
  const sample = withHandle.filter((_, i) => i % step === 0).slice(0, visits);
  const visitMatched = await openOnX(prospecting, sample, 1);
  const visitCredits = charged(PROSPECT_KEY) - searchCredits;
  log(`prospect: opened ${sample.length} of them on X, ${visitMatched} matched, +${visitCredits} credits`);
  prospecting.stop();

  // Baseline: the same people, profile by profile, on another account.
  const lookingUp = await worker(BASELINE_KEY);
  const baselineMatched = await openOnX(lookingUp, sample, 1_000);
  const baselineCredits = charged(BASELINE_KEY);
  log(`profile by profile: ${sample.length} lookups, ${baselineMatched} matched, ${baselineCredits} credits`);
  lookingUp.stop();

  return {
    pages,
    peopleFound: found.size,
    searchCredits,
    visited: sample.length,
    visitCredits,
    visitMatched,
    baseline: { lookedUp: sample.length, credits: baselineCredits, matched: baselineMatched },
    query: 'roles=bd,founder&channels=telegram&sort=name',
  };
}
