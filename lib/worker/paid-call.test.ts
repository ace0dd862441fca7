// The real composition of the paid path (credits + rate + journal + cache + client) against the
// emulator's ledger: take out settle, the reservation release or the journal and these go red.
import { describe, expect, it } from 'vitest';
import { ANCHORS, createEmulator, type Emulator } from '@/tests/emulator';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { createDirectoryClient, type FetchLike, type SearchResults } from '@/lib/api';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { ResponseCache } from '@/lib/cache/response-cache';
import { CreditGovernor } from '@/lib/credits/credit-governor';
import { RateGovernor } from '@/lib/rate/rate-governor';
import { cachedPaidCall, paidCall, type CachedPaidCall } from './paid-call';
import { revealCall, searchCall } from '@/lib/api/calls';

const BASE = 'http://127.0.0.1:8787';
const HANDLE = ANCHORS.founder.twitterHandle;

function setup(opts: { budget?: number; fetch?: (emulator: Emulator) => FetchLike; offline?: boolean; maxBodyBytes?: number } = {}) {
  const emulator = createEmulator();
  const store = memoryKvStore();
  // Lost requests here are over when they are lost (the emulator answered or dropped them): no settle wait.
  const credits = new CreditGovernor({
    store,
    settings: () => ({ dailyBudget: opts.budget ?? 150, lowBalanceWarning: 0 }),
    serverSettleMs: 0,
  });
  const rate = new RateGovernor({ tier: 'pro', maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 2 });
  const cache = new ResponseCache({ store });
  const fetch: FetchLike = opts.fetch?.(emulator) ?? ((i, n) => emulator.fetch(i, n));
  const client = createDirectoryClient({
    baseUrl: BASE,
    apiKey: 'test_pro',
    fetch,
    ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}),
  });
  const deps = {
    credits,
    rate,
    cache,
    ttl: () => ({ ttlMs: 3_600_000, notFoundTtlMs: 3_600_000 }),
    ...(opts.offline ? { isOffline: () => true } : {}),
  };
  const search = (q: string, extra: Partial<CachedPaidCall<SearchResults>> = {}) =>
    cachedPaidCall<SearchResults>(deps, {
      call: searchCall(q),
      send: (c, o) => client.send(c, o),
      accountId: 'acct_pro',
      trigger: 'auto',
      ...extra,
    });
  const server = () => emulator.control.ledger('test_pro');
  const money = async () => checkMoneyInvariant(await credits.ledger.entries(), server());
  return { emulator, store, credits, rate, cache, client, deps, search, server, money };
}

describe('paidCall: the one paid path', () => {
  it('books what the server charged, under the path the client really sent, and leaves no journal or reservation behind', async () => {
    const t = setup();
    const out = await t.search(HANDLE);
    expect(out).toMatchObject({ from: 'fetch', result: { kind: 'answered', result: { ok: true } } });
    const [entry, ...rest] = await t.credits.ledger.entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      endpoint: 'search',
      path: `/v1/search?q=${HANDLE.toLowerCase()}`,
      creditsCharged: 5,
      balanceAfter: 5995,
    });
    expect(entry?.estimated).toBeUndefined();
    expect(await t.credits.journal.pending()).toEqual([]);
    expect((await t.credits.status()).remainingToday).toBe(145); // the reservation became the charge
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
  });

  it('journals the request before it goes on the wire', async () => {
    let journalAtSend: unknown[] = [];
    const holder: { t?: ReturnType<typeof setup> } = {};
    const t = setup({
      fetch: (emulator) => async (i, n) => {
        journalAtSend = (await holder.t?.credits.journal.pending()) ?? [];
        return emulator.fetch(i, n);
      },
    });
    holder.t = t;
    await t.search(HANDLE);
    expect(journalAtSend).toMatchObject([{ endpoint: 'search', path: `/v1/search?q=${HANDLE.toLowerCase()}`, credits: 5 }]);
  });

  it.each([
    // fault, booked for the lost attempt: a connection closed before any byte may be resent by the browser itself
    ['chargeThenDrop', 10],
    ['chargeThenDropAfterHeaders', 5],
    ['chargeThenDropMidBody', 5],
  ] as const)('%s: the lost answer is booked (%i), the read resent once, and recorded spend covers every charge', async (fault, booked) => {
    const t = setup();
    t.emulator.control.inject({ [fault]: 1 });
    const out = await t.search(HANDLE);
    // What the ledger booked for the call, every attempt: the caller's words about its charge.
    expect(out).toMatchObject({ result: { kind: 'answered', result: { ok: true }, spent: { credits: booked + 5, estimated: true } } });
    expect(
      t
        .server()
        .filter((e) => e.path === '/v1/search')
        .map((e) => e.creditsCharged),
    ).toEqual([5, 5]);
    const entries = await t.credits.ledger.entries();
    expect(entries.map((e) => [e.creditsCharged, e.estimated ?? false])).toEqual([
      [booked, true],
      [5, false],
    ]);
    expect(await t.money()).toMatchObject({ ok: true, recorded: booked + 5, server: 10, mayHaveBeenCharged: booked });
    expect(await t.credits.journal.pending()).toEqual([]);
  });

  it('every answer lost: two sends, both booked, then the failure (no third send)', async () => {
    const t = setup();
    t.emulator.control.inject({ chargeThenDropMidBody: 5 });
    const out = await t.search(HANDLE);
    expect(out).toMatchObject({ result: { kind: 'answered', result: { ok: false, outcomeUnknown: true } } });
    expect(t.server()).toHaveLength(2);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 10, server: 10 });
    // The same automatic lookup later is not sent a third time (the count survives in storage).
    const again = await t.search(HANDLE);
    expect(again).toMatchObject({ result: { kind: 'answered', result: { ok: false } } });
    expect(t.server()).toHaveLength(2);
    // A click is new intent: it asks again (and, its answer lost too, once more).
    await t.search(HANDLE, { trigger: 'user' });
    expect(t.server()).toHaveLength(4);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 20, server: 20 });
  });

  it('a resend is never sent past the budget', async () => {
    const t = setup({ budget: 10 });
    t.emulator.control.inject({ chargeThenDropAfterHeaders: 5 });
    const out = await t.search(HANDLE);
    expect(out).toMatchObject({ result: { kind: 'answered', result: { ok: false, outcomeUnknown: true } } });
    expect(t.server()).toHaveLength(1);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
    expect(await t.search('someone else')).toMatchObject({ result: { kind: 'refused', reason: 'budget' } });
  });

  it('a 5xx is answered, not lost: retried under the same reservation, nothing booked for it', async () => {
    const t = setup();
    t.emulator.control.inject({ fail5xx: 2 });
    const out = await t.search(HANDLE);
    expect(out).toMatchObject({ result: { kind: 'answered', result: { ok: true } } });
    expect((await t.credits.ledger.entries()).map((e) => e.creditsCharged)).toEqual([5]);
    expect(await t.credits.journal.pending()).toEqual([]);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
  });

  it('a request dropped while still queued (the tab moved on) is not sent and gives its reservation back', async () => {
    const t = setup();
    const abort = new AbortController();
    abort.abort();
    const out = await t.search(HANDLE, { signal: abort.signal });
    expect(out).toMatchObject({ from: 'fetch', result: { kind: 'dropped' }, entry: null });
    expect(t.server()).toEqual([]);
    expect((await t.credits.status()).remainingToday).toBe(150);
    expect(await t.credits.ledger.entries()).toEqual([]);
  });

  it.each([
    ['an impossible charge', 1e308],
    ['a negative charge', -5],
    ['a charge 21 times the price', 105],
  ])('%s reported by the API is booked as the price, with a note', async (_label, charged) => {
    const t = setup({
      fetch: (emulator) => async (i, n) => {
        const r = await emulator.fetch(i, n);
        const body = (await r.json()) as { meta: { creditsCharged: number } };
        body.meta.creditsCharged = charged;
        return new Response(JSON.stringify(body), { status: r.status, headers: r.headers });
      },
    });
    await t.search(HANDLE);
    const [entry] = await t.credits.ledger.entries();
    expect(entry).toMatchObject({ creditsCharged: 5 });
    expect(entry?.note).toMatch(/reported .* credits for a 5-credit call/);
    expect((await t.credits.status()).spentToday).toBe(5);
  });

  it('a body over the size cap is not parsed: an unknown outcome, booked', async () => {
    const t = setup({ maxBodyBytes: 1_000 });
    const out = await paidCall(t.deps, {
      call: { ...searchCall(HANDLE), resend: 'never' },
      send: (c, o) => t.client.send(c, o),
      accountId: 'acct_pro',
      trigger: 'user',
    });
    expect(out).toMatchObject({ kind: 'answered', result: { ok: false, error: { kind: 'invalid-response' }, outcomeUnknown: true } });
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5, mayHaveBeenCharged: 5 });
  });

  it('offline: a failed fetch never left the machine — nothing booked, nothing resent', async () => {
    let sends = 0;
    const t = setup({
      offline: true,
      fetch: () => async () => {
        sends++;
        throw new TypeError('Failed to fetch');
      },
    });
    const out = await t.search(HANDLE);
    expect(out).toMatchObject({
      result: { kind: 'answered', result: { ok: false, error: { kind: 'network', message: expect.stringMatching(/offline/) } } },
    });
    expect(sends).toBe(1);
    expect(await t.credits.ledger.entries()).toEqual([]);
    expect((await t.credits.status()).remainingToday).toBe(150);
  });

  it('going offline after the request left is still a lost answer: booked, not "nothing sent"', async () => {
    const t = setup({ offline: true, fetch: (emulator) => (i, n) => emulator.fetch(i, n) });
    // isOffline() is true only after the send here: the answer is lost on the way back.
    let online = true;
    t.deps.isOffline = () => !online;
    t.emulator.control.inject({ chargeThenDropAfterHeaders: 2 });
    await t.search(HANDLE, {
      send: async (c, o) => {
        const r = await t.client.send(c, o);
        online = false;
        return r;
      },
    });
    expect(await t.money()).toMatchObject({ ok: true, server: 10, recorded: 10 });
  });

  it('"look up anyway" covers the one send the user asked for, not an automatic resend past the budget', async () => {
    const t = setup({ budget: 0 });
    t.emulator.control.inject({ chargeThenDropAfterHeaders: 5 });
    const out = await t.search(HANDLE, { trigger: 'user', override: true });
    expect(out).toMatchObject({ result: { kind: 'answered', result: { ok: false, outcomeUnknown: true } } });
    expect(t.server()).toHaveLength(1);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
  });

  it('a /v1/me price table of 0 cannot hide a charge: the 5 charged is booked, and nothing more is paid until the prices are read again', async () => {
    const t = setup({ budget: 4 });
    await t.credits.observeMe({ id: 'acct_pro', creditsBalance: 100, pricing: { basicCallCredits: 0, privateCallCredits: 0 } });
    expect(t.credits.estimate({ endpoint: 'search' }).credits).toBe(0);
    await t.search(HANDLE);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
    expect(t.credits.pricesStale()).toBe(true);
    expect(await t.search('someone else')).toMatchObject({ result: { kind: 'refused', reason: 'prices-changed' } });
    expect(t.server()).toHaveLength(1);
  });

  it('a reveal whose answer is lost is booked at its price and never resent', async () => {
    const t = setup();
    t.emulator.control.inject({ chargeThenDropAfterHeaders: 1 });
    const out = await paidCall(t.deps, {
      call: revealCall(ANCHORS.founder.id),
      send: (c, o) => t.client.send(c, o),
      accountId: 'acct_pro',
      trigger: 'user',
      confirmed: true,
    });
    expect(out).toMatchObject({ kind: 'answered', result: { ok: false, outcomeUnknown: true } });
    expect(t.server()).toHaveLength(1);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 10, server: 10 });
  });
});

describe('CreditGovernor.reconcile: the balance settles what was booked without an answer', () => {
  const balance = (t: ReturnType<typeof setup>) => t.emulator.control.account('test_pro').balance;

  /** A free /v1/me, stamped when it is sent (as the worker's account check does). */
  const me = async (t: ReturnType<typeof setup>) => {
    const stamp = t.credits.witnessMe('acct_pro');
    await t.credits.observeMe({ id: 'acct_pro', creditsBalance: balance(t) }, stamp);
  };

  it('answers lost before reaching the API (nothing charged) are set to 0 once /v1/me shows the balance unchanged', async () => {
    const t = setup();
    await me(t);
    t.emulator.control.inject({ drop: 2 });
    await t.search(HANDLE);
    expect((await t.credits.status()).spentToday).toBe(20); // two sends, each 'may have been charged twice'
    await me(t);
    expect((await t.credits.status()).spentToday).toBe(0);
    expect((await t.credits.ledger.entries()).map((e) => [e.creditsCharged, e.reconciled])).toEqual([
      [0, true],
      [0, true],
    ]);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 0, server: 0 });
  });

  it('a later paid answer reconciles too: its balance shows the lost attempt was free', async () => {
    const t = setup();
    await me(t);
    t.emulator.control.inject({ drop: 1 });
    await t.search(HANDLE);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 5, server: 5 });
  });

  it('lost answers that were charged keep their booking, whatever the balance', async () => {
    const t = setup();
    await me(t);
    t.emulator.control.inject({ chargeThenDrop: 2 });
    await t.search(HANDLE);
    await me(t);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 20, server: 10 });
  });

  it('no reconciliation without a balance known from before the loss', async () => {
    const t = setup();
    t.emulator.control.inject({ drop: 2 });
    await t.search(HANDLE);
    await me(t);
    expect((await t.credits.status()).spentToday).toBe(20);
  });
});

describe('CreditGovernor audit: a charge hidden by the browser’s own resend is booked', () => {
  const balance = (t: ReturnType<typeof setup>) => t.emulator.control.account('test_pro').balance;
  const me = async (t: ReturnType<typeof setup>) => {
    const stamp = t.credits.witnessMe('acct_pro');
    await t.credits.observeMe({ id: 'acct_pro', creditsBalance: balance(t) }, stamp);
  };
  /** What Chromium does when a reused connection closes before any byte: it sends the GET again, and we see only the second answer. */
  const resentOnce = (emulator: Emulator): FetchLike => {
    let first = true;
    return async (i, n) => {
      if (first && i.includes('/v1/search')) {
        first = false;
        await emulator.fetch(i, n); // charged; its answer never reaches the page
      }
      return emulator.fetch(i, n);
    };
  };

  it('the answer’s balance shows a second charge: it is booked "may have been charged" (recorded ≥ server)', async () => {
    const t = setup({ fetch: resentOnce });
    await me(t);
    await t.search(HANDLE);
    expect(t.server().reduce((s, e) => s + e.creditsCharged, 0)).toBe(10);
    expect(await t.money()).toMatchObject({ ok: true, recorded: 10, server: 10, mayHaveBeenCharged: 5 });
    expect((await t.credits.ledger.entries()).at(-1)).toMatchObject({ endpoint: 'unexplained', estimated: true, creditsCharged: 5 });
  });

  it('another key of the account spending meanwhile is not booked beyond what resends could cost', async () => {
    const t = setup();
    await me(t);
    t.emulator.control.setAccount('test_pro', { balance: balance(t) - 40 }); // spent elsewhere
    await t.search(HANDLE);
    // At most one resend of the one answered call (5): the rest was not this extension's.
    expect((await t.credits.ledger.entries()).map((e) => [e.endpoint, e.creditsCharged])).toEqual([
      ['search', 5],
      ['unexplained', 5],
    ]);
  });

  it('without a clean balance to start from, nothing is claimed', async () => {
    const t = setup({ fetch: resentOnce });
    await t.search(HANDLE);
    expect((await t.credits.ledger.entries()).map((e) => e.endpoint)).toEqual(['search']);
  });
});

describe('CreditGovernor.recoverJournal: a worker killed mid-call', () => {
  it('books what the dead worker left on the wire, once, and counts it against automatic resends', async () => {
    const t = setup();
    // A previous worker journaled a send and died before its answer.
    const dead = new CreditGovernor({ store: t.store, settings: () => ({ dailyBudget: 150, lowBalanceWarning: 0 }) });
    const r = await dead.reserve(dead.estimate({ endpoint: 'search' }), {
      accountId: 'acct_pro',
      path: 'search:adaquant',
      trigger: 'auto',
      tabId: 3,
    });
    if (!r.ok) throw new Error('reserve');
    await dead.sending(r.reservation, `/v1/search?q=${HANDLE.toLowerCase()}`);

    const booked = await t.credits.recoverJournal();
    expect(booked).toMatchObject([{ path: `/v1/search?q=${HANDLE.toLowerCase()}`, creditsCharged: 5, estimated: true, tabId: 3 }]);
    expect(await t.credits.recoverJournal()).toEqual([]); // never twice
    expect((await t.credits.status()).spentToday).toBe(5);
    expect(await t.credits.journal.unknownCount('acct_pro', 'search:adaquant')).toBe(1);
  });
});
