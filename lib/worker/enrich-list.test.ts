import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import type { EnrichRun, ListRow, ListRowOutcome } from '@/lib/enrich/enrich-run';
import { LIST_BEYOND_FIT, LIST_CANCELLED, LIST_NO_SUCH_CANDIDATE, LIST_NOT_INTERRUPTED } from '@/lib/messages/texts';
import { MESSAGE_SCHEMAS } from '@/lib/messaging/schemas';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { meterItem } from '@/lib/tab-state/items';
import { aLeadWithSnapshot, seedLeads } from '@/tests/support/a-lead';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { withPageHints } from '@/tests/support/page-hints';
import { createWorker } from './create-worker';

// Every assertion on money reads the emulator's ledger: what the "server" received and charged.

const BASE = 'http://127.0.0.1:8787';
const KEY = 'test_pro';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const A = ANCHORS;

const x = (handle: string, line = 2): ListRow => ({ key: `x:${handle.toLowerCase()}`, lines: [line], xHandle: handle });
const li = (slug: string): ListRow => ({ key: `li:${slug}`, lines: [2], linkedinSlug: slug });
const nc = (name: string, company?: string): ListRow => ({
  key: `nc:${name.toLowerCase()}|${(company ?? '').toLowerCase()}`,
  lines: [2],
  name,
  ...(company ? { company } : {}),
});
const UNKNOWN = [A.cofounder.twitterHandle, A.telegramEmailOnly.twitterHandle, A.notFound.twitterHandle].map((h) => x(h));

async function setup(opts: { dailyBudget?: number; key?: string } = {}) {
  const key = opts.key ?? KEY;
  const emulator = createEmulator();
  // Kept across a restart, as the background's IndexedDB is.
  const stores = { local: testRecords().store(), apiKey: createApiKeyStore({ secrets: memorySecretStore() }), leads: testLeadStore() };
  /** Searches reach the server (and are charged) but never answer: the worker is stopped while they are on the wire. */
  let hang = false;
  /** Searches are answered by the server, and held until this resolves (a call on the wire while the rep clicks). */
  let hold: Promise<void> | null = null;
  /** Runs after each search the emulator answered (a price change between two calls of a run). */
  let afterSearch = (): void => undefined;
  /** Searches are answered this much later (the server's latency). */
  let latencyMs = 0;
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', dailyBudget: opts.dailyBudget ?? 500 }));
  const make = () =>
    createWorker({
      fetch: async (input, init) => {
        const search = String(input).includes('/v1/search');
        if (hang && search) return (void emulator.fetch(input, init), new Promise<never>(() => undefined));
        const res = await emulator.fetch(input, init);
        if (search) afterSearch();
        if (search && hold) await hold;
        if (search && latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
        return res;
      },
      ...stores,
      identity,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
    });
  let worker = make();
  await worker.start();
  expect((await worker.handlers.saveApiKey({ apiKey: key, baseUrl: BASE }, page)).ok).toBe(true);
  const t = {
    emulator,
    leads: stores.leads,
    get h() {
      return worker.handlers;
    },
    hangSearches: () => (hang = true),
    latency: (ms: number) => (latencyMs = ms),
    afterEachSearch: (run: () => void) => (afterSearch = run),
    /** Searches answered from now on wait for the returned release. */
    holdSearches: () => {
      let release = () => {};
      hold = new Promise<void>((r) => (release = r));
      return () => ((hold = null), release());
    },
    /** The worker stopped (MV3) and started again over the same stores; `browser`: the browser restarted too (storage.session emptied). */
    async restart(browser = false) {
      worker.stop();
      hang = false;
      if (browser) await fakeBrowser.storage.session.clear();
      worker = make();
      await worker.start();
    },
    /** A profile looked up on its own tab (paid once: then it is in the knowledge index). */
    visit: (tabId: number, handle: string) =>
      Promise.resolve(
        worker.handlers.reportProfile(
          { url: `https://x.com/${handle}`, profile: parseProfileUrl(`https://x.com/${handle}`), hints: {} },
          { kind: 'content-script', tabId, topFrame: true },
        ),
      ),
    run: async () => (await worker.handlers.getEnrichRun(undefined, page)) as EnrichRun | null,
    /** The run once it is no longer running. */
    async settled(): Promise<EnrichRun> {
      for (let i = 0; i < 1_000; i++) {
        const run = await t.run();
        if (run && run.state !== 'running') return run;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error('the run did not end');
    },
    async until(done: () => boolean | Promise<boolean>) {
      for (let i = 0; i < 1_000 && !(await done()); i++) await new Promise((r) => setTimeout(r, 5));
    },
    charged: () => emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0),
    searches: () => emulator.control.ledger(key).filter((e) => e.path.startsWith('/v1/search')).length,
  };
  return t;
}

const outcomes = (run: { rows: Array<{ key: string; outcome: ListRowOutcome }> }) =>
  Object.fromEntries(run.rows.map((r) => [r.key, r.outcome.status]));
const spent = (run: EnrichRun) => run.rows.reduce((sum, r) => sum + ('credits' in r.outcome ? (r.outcome.credits ?? 0) : 0), 0);

beforeEach(() => fakeBrowser.reset());

describe('Enrich a list (worker)', () => {
  // Known: Ada (looked up on X), by handle and by name with her company; a lead by handle; a lead by the
  // LinkedIn profile she was saved from. Skipped: a lead marked Do not contact. Free: a LinkedIn address
  // alone. Paid: three handles, Ada's name without a company (never matched on a name alone), and two
  // Daniel Okafors at two companies (one search for both).
  const LIST: ListRow[] = [
    x(A.founder.twitterHandle),
    nc(A.founder.name, 'QuantLayer'),
    x(A.fundPerson.twitterHandle),
    li(A.exchangePerson.linkedinSlug),
    x(A.angel.twitterHandle),
    li(A.defunctProjectPerson.linkedinSlug),
    ...UNKNOWN,
    nc(A.founder.name),
    nc(A.sameName.fullName, 'Harborline'),
    nc(A.sameName.fullName, 'Sentinel Audits'),
  ];
  const withLeads = async (t: Awaited<ReturnType<typeof setup>>) => {
    await t.visit(100, A.founder.twitterHandle);
    await seedLeads(t.leads, [
      aLeadWithSnapshot({ id: A.fundPerson.id, firstName: 'Marcus', lastName: 'Hale', twitterHandle: A.fundPerson.twitterHandle }),
      aLeadWithSnapshot(
        { id: A.exchangePerson.id, firstName: 'Jonah', lastName: 'Whitfield', twitterHandle: null },
        { savedFrom: `https://www.linkedin.com/in/${A.exchangePerson.linkedinSlug}/?locale=en_US` },
      ),
      aLeadWithSnapshot({ id: A.angel.personId, twitterHandle: A.angel.twitterHandle }, { status: 'do-not-contact' }),
    ]);
  };

  it('quotes a list exactly, sending nothing: known rows, leads, a LinkedIn address alone and Do-not-contact cost 0; each other question one lookup', async () => {
    const t = await setup();
    await withLeads(t);
    const [charged, searches] = [t.charged(), t.searches()];
    const quote = await t.h.quoteList({ name: 'ETHDenver.csv', rows: LIST }, page);
    expect([t.charged(), t.searches()]).toEqual([charged, searches]);
    expect(outcomes(quote)).toEqual({
      'x:adaquant': 'known',
      'nc:ada lindqvist|quantlayer': 'known',
      'x:marcushalevc': 'known',
      [`li:${A.exchangePerson.linkedinSlug}`]: 'known',
      'x:sofiaangel': 'do-not-contact',
      [`li:${A.defunctProjectPerson.linkedinSlug}`]: 'needs-name',
      'x:tomas_reyes_dev': 'to-look-up',
      'x:meitanaka_bd': 'to-look-up',
      'x:zq_nobody_404': 'to-look-up',
      'nc:ada lindqvist|': 'to-look-up',
      'nc:daniel okafor|harborline': 'to-look-up',
      'nc:daniel okafor|sentinel audits': 'to-look-up',
    });
    expect(quote.rows.map((r) => (r.outcome.status === 'known' ? [r.outcome.from, r.outcome.record.id] : null)).filter(Boolean)).toEqual([
      ['known', A.founder.id],
      ['known', A.founder.id],
      ['lead', A.fundPerson.id],
      ['lead', A.exchangePerson.id],
    ]);
    expect(quote).toMatchObject({ lookups: 5, credits: 25, refusal: null, fits: 5, raiseBy: null });
  });

  it('a LinkedIn address a reveal of this account gave names its person for 0 credits, no lead needed', async () => {
    const t = await setup();
    const url = `https://x.com/${A.founder.twitterHandle}`;
    await t.h.reportProfile(
      { url, profile: parseProfileUrl(url), hints: withPageHints(url) },
      { kind: 'content-script', tabId: 1, topFrame: true },
    );
    expect(await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
    const q = await t.h.quoteList({ name: 'List', rows: [li(A.founder.linkedinSlug), li(A.cofounder.linkedinSlug)] }, page);
    expect(q.rows.map((r) => r.outcome)).toEqual([
      { status: 'known', from: 'known', record: expect.objectContaining({ id: A.founder.id, name: A.founder.name }) as unknown },
      { status: 'needs-name' },
    ]);
    expect(q.lookups).toBe(0);
  });

  it('the run charges exactly the quote, one search at a time; a candidate picked costs 0', async () => {
    const t = await setup();
    await withLeads(t);
    const before = t.charged();
    const quote = await t.h.quoteList({ name: 'ETHDenver.csv', rows: LIST }, page);
    expect(await t.h.enrichList({ name: 'ETHDenver.csv', rows: LIST, quoted: quote.credits }, page)).toEqual({ ok: true });
    const run = await t.settled();
    expect(run).toMatchObject({ state: 'done', name: 'ETHDenver.csv', quoted: { lookups: 5, credits: 25 } });
    expect(t.charged() - before).toBe(25);
    expect(spent(run)).toBe(25);
    expect(outcomes(run)).toMatchObject({
      'x:tomas_reyes_dev': 'matched',
      'x:meitanaka_bd': 'matched',
      'x:zq_nobody_404': 'not-found',
      'nc:ada lindqvist|': 'candidates',
      'nc:daniel okafor|harborline': 'matched',
      // Known by then: the first Daniel's search answered the second (0 credits).
      'nc:daniel okafor|sentinel audits': 'known',
    });
    const row = (key: string) => run.rows.find((r) => r.key === key)!.outcome;
    expect(row('nc:daniel okafor|harborline')).toMatchObject({ record: { id: A.sameName.first.id }, credits: 5 });
    expect(row('nc:daniel okafor|sentinel audits')).toMatchObject({ record: { id: A.sameName.second.id }, from: 'known' });

    expect(await t.h.pickListCandidate({ key: 'nc:ada lindqvist|', personId: A.cofounder.id }, page)).toEqual({
      ok: false,
      message: LIST_NO_SUCH_CANDIDATE,
    });
    expect(await t.h.pickListCandidate({ key: 'nc:ada lindqvist|', personId: A.founder.id }, page)).toEqual({ ok: true });
    expect((await t.run())!.rows.find((r) => r.key === 'nc:ada lindqvist|')!.outcome).toMatchObject({
      status: 'matched',
      record: { id: A.founder.id },
      credits: 5,
    });
    expect(t.charged() - before).toBe(25);
    // The list's cost is booked on the people it found: saved as a lead (for 0), Tomas carries his lookup's.
    expect((await t.h.saveLead({ personId: A.cofounder.id }, page)).ok).toBe(true);
    expect((await t.leads.get(A.cofounder.id))?.cost).toEqual({ credits: 5, estimated: false });
  });

  it('over today’s budget: refused before anything is sent; "Enrich the 1 that fit" pays exactly 1; "Raise today’s budget by 10" pays for all', async () => {
    const t = await setup({ dailyBudget: 10 });
    const quote = await t.h.quoteList({ name: 'KOLs', rows: UNKNOWN }, page);
    // 3 lookups one at a time hold 2 × 5 + (5 + a resend's 5) = 20 of the 10 left.
    expect(quote).toMatchObject({ lookups: 3, credits: 15, fits: 1, raiseBy: 10 });
    expect(quote.refusal).toMatch(/Today’s credit budget has 10 credits left; these 3 calls need 20 credits set aside/);
    const out = await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page);
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/^Not sent: Today’s credit budget has 10 credits left/) });
    expect([t.charged(), t.searches(), await t.run()]).toEqual([0, 0, null]);

    expect(await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 5, fit: true }, page)).toEqual({ ok: true });
    const fit = await t.settled();
    expect([t.charged(), t.searches()]).toEqual([5, 1]);
    expect(fit.rows.map((r) => r.outcome)).toEqual([
      expect.objectContaining({ status: 'matched', credits: 5 }),
      { status: 'not-sent', message: LIST_BEYOND_FIT },
      { status: 'not-sent', message: LIST_BEYOND_FIT },
    ]);

    // The two left (5 credits of today's budget left): raised by what they hold beyond it.
    const rest = UNKNOWN.slice(1);
    const again = await t.h.quoteList({ name: 'KOLs', rows: rest }, page);
    expect(again).toMatchObject({ lookups: 2, credits: 10, raiseBy: 10 });
    expect(await t.h.enrichList({ name: 'KOLs', rows: rest, quoted: 10, raise: true }, page)).toEqual({ ok: true });
    expect((await t.settled()).state).toBe('done');
    expect([t.charged(), t.searches()]).toEqual([15, 3]);
    expect((await meterItem.getValue())?.dailyBudget).toBe(20);
  });

  it('refuses a click whose quote is below the price now, and a second list while one runs', async () => {
    const t = await setup();
    expect(await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 10 }, page)).toEqual({
      ok: false,
      message: expect.stringMatching(/now costs 15 credits, not 10 credits/),
    });
    const release = t.holdSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    expect((await t.h.enrichList({ name: 'Other', rows: [x('elenavoss')], quoted: 5 }, page)).ok).toBe(false);
    release();
    await t.settled();
    expect(t.searches()).toBe(3);
  });

  it('a price that rises during the run: the rows left are not sent, and say so', async () => {
    const t = await setup();
    t.afterEachSearch(() => t.emulator.control.configure({ prices: { basic: 9 } }));
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    const run = await t.settled();
    // The price rose after the first answer: the second is charged 9, above the quote's 5, and nothing more is sent.
    expect([t.searches(), t.charged(), spent(run)]).toEqual([2, 14, 14]);
    expect(run.rows[2]!.outcome).toEqual({
      status: 'not-sent',
      message: expect.stringMatching(/^Not sent: the price of a lookup (rose from 5 credits to 9 credits|changed from 5 credits)/),
    });
  });

  it('cancel: the call on the wire answers its row, nothing more is sent, the rest are "Cancelled"', async () => {
    const t = await setup();
    const release = t.holdSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 1);
    expect(await t.h.cancelEnrich(undefined, page)).toEqual({ ok: true });
    release();
    await t.until(async () => (await t.run())!.rows[0]!.outcome.status !== 'looking-up');
    const run = (await t.run())!;
    expect(run.state).toBe('cancelled');
    expect(run.rows.map((r) => r.outcome.status)).toEqual(['matched', 'not-sent', 'not-sent']);
    expect(run.rows[1]!.outcome).toEqual({ status: 'not-sent', message: LIST_CANCELLED });
    await new Promise((r) => setTimeout(r, 50));
    expect([t.searches(), t.charged()]).toEqual([1, 5]);
    expect(await t.h.resumeEnrich(undefined, page)).toEqual({ ok: false, message: LIST_NOT_INTERRUPTED });
  });

  it('a new list started while the cancelled one’s call is still on the wire runs', async () => {
    const t = await setup();
    const release = t.holdSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 1);
    await t.h.cancelEnrich(undefined, page);
    expect(await t.h.enrichList({ name: 'Next', rows: [x('elenavoss')], quoted: 5 }, page)).toEqual({ ok: true });
    release();
    const run = await t.settled();
    expect([run.name, run.state, run.rows[0]!.outcome.status]).toEqual(['Next', 'done', 'matched']);
    expect([t.searches(), t.charged()]).toEqual([2, 10]);
  });

  it('a worker stop mid-run: the start settles the row on the wire from the journal (never sent again) and goes on; the same total, every row an outcome', async () => {
    const t = await setup();
    t.hangSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 1);
    await t.restart();
    const run = await t.settled();
    expect(run.state).toBe('done');
    expect(run.rows[0]!.outcome).toEqual({
      status: 'failed',
      message: 'An extension restart stopped this lookup on the wire. The call may have been charged. 5 credits booked.',
      credits: 5,
    });
    expect(run.rows.slice(1).map((r) => r.outcome.status)).toEqual(['matched', 'not-found']);
    expect([t.charged(), t.searches(), spent(run)]).toEqual([15, 3, 15]);
    // The ledger too: every charge the server made is recorded, the lost answer's included.
    const { entries } = await t.h.getSpending(undefined, page);
    expect(checkMoneyInvariant(entries, t.emulator.control.ledger(KEY)).ok).toBe(true);
  });

  it('a worker stop while a cancelled run’s call is on the wire: the start settles that row from the journal, nothing more is sent', async () => {
    const t = await setup();
    t.hangSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 1);
    await t.h.cancelEnrich(undefined, page);
    await t.restart();
    const run = (await t.run())!;
    expect(run.state).toBe('cancelled');
    expect(run.rows.map((r) => r.outcome.status)).toEqual(['failed', 'not-sent', 'not-sent']);
    expect([t.searches(), spent(run)]).toEqual([1, 5]);
  });

  it('a browser restart mid-run: the run waits, interrupted, until "Resume", then ends with the same total', async () => {
    const t = await setup();
    t.hangSearches();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 1);
    await t.restart(true);
    const waiting = (await t.run())!;
    expect(waiting.state).toBe('interrupted');
    expect(waiting.rows.map((r) => r.outcome.status)).toEqual(['failed', 'to-look-up', 'to-look-up']);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.searches()).toBe(1);
    expect(await t.h.resumeEnrich(undefined, page)).toEqual({ ok: true });
    const run = await t.settled();
    expect([run.state, t.charged(), t.searches(), spent(run)]).toEqual(['done', 15, 3, 15]);
  });

  it('a profile the rep opens during a run is looked up before the run finishes (the run queues one call at a time)', async () => {
    // 5 calls a second (an Enterprise key), 60 ms to answer each: the list's first calls fill the allowance,
    // and the panel's (automatic) lookup, asked then, waits behind at most the list's one queued call.
    const t = await setup({ key: 'test_enterprise' });
    t.latency(60);
    const handles = ['elenavoss', 'NimbusJonah', 'MarcusHaleVC', 'SofiaAngel', 'DanielOkafor', 'dokafor_sec', 'priyaonchain'];
    const list = [...handles.map((h) => x(h)), ...UNKNOWN, x(A.founder.twitterHandle), x('QuantLayerHQ')];
    const quote = await t.h.quoteList({ name: 'KOLs', rows: list.slice(0, -2) }, page);
    expect((await t.h.enrichList({ name: 'KOLs', rows: list.slice(0, -2), quoted: quote.credits }, page)).ok).toBe(true);
    await t.until(() => t.searches() === 4);
    t.latency(0);
    void t.visit(7, 'LumenDrift');
    await t.until(async () => (await t.h.getTabState({ tabId: 7 }, page))?.status === 'matched');
    const during = (await t.run())!;
    expect(during.state).toBe('running');
    expect(during.rows.filter((r) => r.outcome.status === 'to-look-up').length).toBeGreaterThan(0);
    await t.settled();
    expect(t.charged()).toBe(quote.credits + 5);
  });

  it('a list run is kept per account: another account does not see it, and it is cleared with that account', async () => {
    const t = await setup();
    expect((await t.h.enrichList({ name: 'KOLs', rows: UNKNOWN, quoted: 15 }, page)).ok).toBe(true);
    await t.settled();
    expect((await t.h.saveApiKey({ apiKey: 'test_starter', baseUrl: BASE }, page)).ok).toBe(true);
    expect(await t.run()).toBeNull();
    expect((await t.h.saveApiKey({ apiKey: KEY, baseUrl: BASE }, page)).ok).toBe(true);
    expect(await t.run()).toBeNull();
  });

  it.each([
    ['a handle by the one rule', { rows: [x('AdaQuant')] }, true],
    ['a handle that is not one', { rows: [{ ...x('AdaQuant'), xHandle: 'ada/quant' }] }, false],
    ['a LinkedIn slug', { rows: [li('ada-lindqvist')] }, true],
    ['a LinkedIn "slug" that is a path', { rows: [li('ada/../feed')] }, false],
    ['a row twice', { rows: [x('AdaQuant'), x('AdaQuant', 3)] }, false],
    ['no rows', { rows: [] }, false],
    ['a name past its bound', { rows: [nc('a'.repeat(201))] }, false],
    ['a field the contract does not know', { rows: [{ ...x('AdaQuant'), phone: '+1' }] }, false],
  ])('quoteList validates its rows: %s', (_, input, ok) => {
    expect(MESSAGE_SCHEMAS.quoteList.safeParse({ name: 'KOLs', ...input }).success).toBe(ok);
  });
});
