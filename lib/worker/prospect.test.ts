import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, type Emulator } from '@/tests/emulator';
import { NOTHING_CHARGED, OUT_OF_CREDITS, refusalText } from '@/lib/messages/texts';
import type { MessageInput, ProspectOutcome, TeamOutcome } from '@/lib/messaging/protocol';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { Settings } from '@/lib/settings/settings';
import { tabStateItem } from '@/lib/tab-state/items';
import { prospectFacetsKey } from '@/lib/storage/keys';
import { EXTENSION_PAGE, startTestWorker } from '@/tests/support/test-worker';
import { NOT_SAVABLE } from '@/lib/messages/texts';
import { TEAM_NOT_LOADABLE } from '@/lib/messages/texts';

// Prospect search in the worker, against the emulator (its ledger is the truth about money): one paid
// list call per page, the cache's 0 for the same page again, saving results for 0 and no call, and
// every live record learned so a later profile visit is free.

const page = EXTENSION_PAGE;
const A = ANCHORS;
type Query = MessageInput<'prospect'>['query'];

/** BD people and founders with Telegram on file, sorted by name. */
const BD_WITH_TELEGRAM: Query = { list: 'people', roles: ['founder', 'bd'], channels: ['telegram'], sort: 'name' };

async function setup(opts: { key?: string; emulator?: Emulator; settings?: Partial<Settings> } = {}) {
  const { emulator, worker, leads, key, records } = await startTestWorker(opts);
  const ledger = () => emulator.control.ledger(key).filter((e) => e.path !== '/v1/me');
  return {
    emulator,
    worker,
    leads,
    prospect: (input: MessageInput<'prospect'>) => worker.handlers.prospect(input, page) as Promise<ProspectOutcome>,
    loadTeam: (input: MessageInput<'loadTeam'>) => worker.handlers.loadTeam(input, page) as Promise<TeamOutcome>,
    save: (personId: string) => worker.handlers.saveLead({ personId }, page),
    charged: () => emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0),
    calls: () => ledger().map((e) => `${e.path}?${e.query}`),
    /** What the worker's ledger booked for people list calls. */
    booked: async () =>
      (await worker.handlers.getSpending(undefined, page)).entries
        .filter((e) => e.path.startsWith('/v1/people?'))
        .reduce((sum, e) => sum + e.creditsCharged, 0),
    /** The roles and channels kept for the form, as a page reads them (the records database's `kv`). */
    keptFacets: async () => (await records.db().kv.where('key').startsWith('facets:').toArray()).map((row) => [row.key, row.value]),
  };
}

function answered<O extends ProspectOutcome | TeamOutcome>(out: O): Extract<O, { ok: true }> {
  if (!out.ok) throw new Error(`expected an answer, got ${out.reason}: ${out.message}`);
  return out as Extract<O, { ok: true }>;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a prospect search', () => {
  it('is one /v1/people call with the filters and limit=100, charged 5; the same again 0; "Next 100" 5', async () => {
    const t = await setup();
    const first = answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    expect(t.calls()).toEqual(['/v1/people?roles=bd,founder&channels=telegram&sort=name&page=1&limit=100']);
    expect(t.charged()).toBe(5);
    expect(first).toMatchObject({ list: 'people', page: 1, creditsCharged: 5, fromCache: false, sample: null, remembered: true });
    expect(first.rows).toHaveLength(100);
    expect(first.total).toBeGreaterThan(100);
    if (first.list !== 'people') throw new Error('people');
    expect(first.rows.every((p) => p.hasTelegram === true)).toBe(true);
    expect(first.facets.roles.map((f) => f.value)).toEqual(expect.arrayContaining(['bd', 'founder']));

    // The same filters, spelled otherwise (order, padding): the cache's answer, 0 credits, no call.
    const again = answered(
      await t.prospect({ query: { list: 'people', roles: [' bd', 'founder'], channels: ['telegram'], sort: 'name' }, page: 1 }),
    );
    expect(again).toMatchObject({ creditsCharged: 0, fromCache: true, total: first.total });
    expect(again.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(t.calls()).toHaveLength(1);

    const next = answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 2 }));
    expect(next).toMatchObject({ page: 2, creditsCharged: 5 });
    expect(t.calls()[1]).toBe('/v1/people?roles=bd,founder&channels=telegram&sort=name&page=2&limit=100');
    expect(t.charged()).toBe(10);
  });

  it('a double click is one call', async () => {
    const t = await setup();
    const both = await Promise.all([t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }), t.prospect({ query: BD_WITH_TELEGRAM, page: 1 })]);
    expect(both.every((o) => o.ok)).toBe(true);
    expect(t.calls()).toHaveLength(1);
    expect(t.charged()).toBe(5);
  });

  it('saving 20 results as leads costs 0 credits and sends nothing; a later X visit to one of them costs 0', async () => {
    const t = await setup();
    const found = answered(await t.prospect({ query: { list: 'people', q: 'a' }, page: 1 }));
    const twenty = found.rows.slice(0, 20);
    const before = t.emulator.control.ledger('test_pro').length;
    for (const p of twenty) expect(await t.save(p.id)).toMatchObject({ ok: true, created: true });
    expect(t.emulator.control.ledger('test_pro').length).toBe(before);
    expect(t.charged()).toBe(5);
    expect((await t.leads.all()).map((l) => l.personId).sort()).toEqual(twenty.map((p) => p.id).sort());

    const someone = found.rows.find((p) => p.twitterHandle)!;
    const url = `https://x.com/${someone.twitterHandle}`;
    await t.worker.handlers.reportProfile(
      { url, profile: parseProfileUrl(url), hints: {} },
      { kind: 'content-script', tabId: 1, topFrame: true },
    );
    expect(await tabStateItem(1).getValue()).toMatchObject({
      status: 'matched',
      person: { id: someone.id },
      known: { how: 'searched', list: 'people', q: 'a' },
    });
    expect(t.charged()).toBe(5);
  });

  it('marks the rows this account had already paid for, and where from', async () => {
    const t = await setup();
    await t.worker.handlers.search({ q: A.founder.name }, page); // the popup's search found Ada: 5
    const found = answered(await t.prospect({ query: { list: 'people', q: 'Lindqvist' }, page: 1 }));
    expect(found.known).toEqual({ [A.founder.id]: `from your search for “${A.founder.name}”` });
    // The same page from the cache is no news about itself.
    const again = answered(await t.prospect({ query: { list: 'people', q: 'Lindqvist' }, page: 1 }));
    expect(again.known).toEqual({});
  });

  it.each<[string, Query, string]>([
    [
      'projects',
      { list: 'projects', sectors: ['DeFi'], token: 'launched' },
      '/v1/projects?sector=DeFi&token=launched&sort=recent&page=1&limit=100',
    ],
    ['funds', { list: 'investors', sort: 'roi' }, '/v1/investors?sort=roi&page=1&limit=100'],
    ['service providers', { list: 'services', q: 'audit' }, '/v1/services?q=audit&sort=recent&page=1&limit=100'],
  ])('%s: one call with the filters, 5 credits, rows are organisations', async (_label, query, sent) => {
    const t = await setup();
    const out = answered(await t.prospect({ query, page: 1 }));
    expect(t.calls()).toEqual([sent]);
    expect(out).toMatchObject({ list: query.list, creditsCharged: 5 });
    expect(out.rows.length).toBeGreaterThan(0);
    expect(out.facets).toEqual({ roles: [], channels: [] });
  });
});

describe('what the next form offers, and what a resent page cost', () => {
  it('a live people answer’s roles and channels are kept for the account, dated; a cached or sample answer adds nothing', async () => {
    const t = await setup();
    answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    const kept = await t.keptFacets();
    expect(kept).toEqual([
      [
        prospectFacetsKey('acc_pro'),
        {
          roles: expect.arrayContaining(['bd', 'founder', 'research']),
          channels: ['email', 'phone', 'telegram', 'linkedin'],
          at: expect.any(Number),
        },
      ],
    ]);
    answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 })); // the cache's answer
    expect(await t.keptFacets()).toEqual(kept);

    const sample = await setup({ key: 'test_free_empty' });
    answered(await sample.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    expect(await sample.keptFacets()).toEqual([]);
  });

  it('the first attempt lost before any byte and the search resent: it says what the ledger booked, 15 that may have been charged', async () => {
    const t = await setup();
    t.emulator.control.inject({ chargeThenDrop: 1 });
    const out = answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    // The lost attempt is booked at 10 (the browser may have sent it twice), the resend at its 5.
    expect(out).toMatchObject({ creditsCharged: 15, mayHaveCost: true });
    expect(await t.booked()).toBe(15);
    expect(t.charged()).toBeLessThanOrEqual(15);
    // A page that was answered at once says its own charge.
    const next = answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 2 }));
    expect([next.creditsCharged, next.mayHaveCost]).toEqual([5, undefined]);
  });
});

describe('a fund row’s team', () => {
  it('"Load team" is the fund read (5), its people are savable for 0, and the same team again is 0', async () => {
    const t = await setup();
    const funds = answered(await t.prospect({ query: { list: 'investors', q: A.fund.name }, page: 1 }));
    expect(funds.rows.map((f) => f.id)).toContain(A.fund.id);
    const team = answered(await t.loadTeam({ list: 'investors', organizationId: A.fund.id }));
    expect(t.calls().at(-1)).toBe(`/v1/investors/${A.fund.slug}?`);
    expect(team).toMatchObject({ creditsCharged: 5, organizationId: A.fund.id });
    expect(team.people.map((p) => p.id)).toContain(A.fundPerson.id);
    expect(team.people.every((p) => p.company?.id === A.fund.id)).toBe(true);
    expect(await t.save(A.fundPerson.id)).toMatchObject({ ok: true });
    expect(answered(await t.loadTeam({ list: 'investors', organizationId: A.fund.id }))).toMatchObject({
      creditsCharged: 0,
      fromCache: true,
    });
    expect(t.charged()).toBe(10);
  });

  it('an organisation no live answer listed is refused: nothing is sent', async () => {
    const t = await setup();
    expect(await t.loadTeam({ list: 'investors', organizationId: A.fund.id })).toEqual({
      ok: false,
      reason: 'not-found',
      message: TEAM_NOT_LOADABLE,
    });
    expect(t.calls()).toEqual([]);
  });
});

describe('samples and refusals', () => {
  it('a sample key’s list is marked, charged 0, never cached, never learned, never savable', async () => {
    const t = await setup({ key: 'test_free_empty' });
    const sample = answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    expect(sample.sample?.notice).toMatch(/^NOT REAL DATA/);
    expect(sample).toMatchObject({ creditsCharged: 0, remembered: false, known: {} });
    expect(sample.rows.length).toBeGreaterThan(0);
    expect(await t.save(sample.rows[0]!.id)).toEqual({ ok: false, message: NOT_SAVABLE });
    expect(await t.leads.all()).toEqual([]);
    // Not cached: the same search is asked again (still free for a sample).
    answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 }));
    expect(t.calls()).toHaveLength(2);
    expect(t.charged()).toBe(0);
    // And its organisations cannot have their teams loaded.
    const orgs = answered(await t.prospect({ query: { list: 'investors' }, page: 1 }));
    expect(await t.loadTeam({ list: 'investors', organizationId: orgs.rows[0]!.id })).toMatchObject({
      ok: false,
      message: TEAM_NOT_LOADABLE,
    });
  });

  it('a 402 says out of credits and that nothing was charged, in the popup search’s words', async () => {
    const t = await setup();
    t.emulator.control.setAccount('test_pro', { balance: 3 });
    expect(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 })).toEqual({
      ok: false,
      reason: 'payment-required',
      message: `${OUT_OF_CREDITS} ${NOTHING_CHARGED}`,
    });
    // The 402 halt stops automatic calls; a click asks again (the balance may have been topped up), still for 0.
    expect(await t.prospect({ query: BD_WITH_TELEGRAM, page: 2 })).toMatchObject({ ok: false, reason: 'payment-required' });
    expect(t.calls()).toHaveLength(2);
    expect(t.charged()).toBe(0);
  });

  it('a 429 says the account is over its rate, charged 0', async () => {
    const t = await setup();
    t.emulator.control.inject({ fail429: 1 });
    const out = await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 });
    expect(out).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      message: expect.stringMatching(/^The account is over its API request rate\./),
    });
    expect(t.charged()).toBe(0);
  });

  it('over today’s budget: refused with the price, nothing sent; "Search anyway" sends it', async () => {
    const t = await setup({ settings: { dailyBudget: 4 } });
    const refused = await t.prospect({ query: BD_WITH_TELEGRAM, page: 1 });
    // The hold is the price plus a browser's own resend of a lost answer (lib/credits).
    expect(refused).toEqual({
      ok: false,
      reason: 'budget',
      message: refusalText('budget', { remainingToday: 4, price: 5, hold: 10 }),
      remainingToday: 4,
    });
    expect(t.calls()).toEqual([]);
    expect(answered(await t.prospect({ query: BD_WITH_TELEGRAM, page: 1, override: true }))).toMatchObject({ creditsCharged: 5 });
  });
});
