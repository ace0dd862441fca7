import { describe, expect, it } from 'vitest';
import type { KvStore } from '@/lib/storage/kv-store';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { CreditGovernor, type CreditSettings, type Reservation, type ReserveOptions, type SettleResult } from './credit-governor';
import { priceTable } from './price-table';
import { JOURNAL_PREFIX, LEDGER_PREFIX } from '@/lib/storage/keys';

const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

const paid = (creditsCharged: number, creditsBalance = 500): SettleResult => ({
  ok: true,
  meta: { creditsCharged, creditsBalance },
  sample: null,
});
const sampleAnswer = (creditsBalance = 2): SettleResult => ({
  ok: true,
  meta: { creditsCharged: 0, creditsBalance },
  sample: { creditsBalance },
});
const failed = (kind: string, outcomeUnknown?: boolean): SettleResult => ({
  ok: false,
  error: { kind },
  ...(outcomeUnknown ? { outcomeUnknown } : {}),
});

const SEARCH: ReserveOptions = { accountId: 'acct-1', path: '/v1/search?q=ada', trigger: 'auto' };

function setup(opts: { settings?: Partial<CreditSettings>; now?: number; store?: KvStore } = {}) {
  const clock = { now: opts.now ?? local(2025, 1, 15, 10) };
  const store = opts.store ?? memoryKvStore();
  const settings = { dailyBudget: 150, lowBalanceWarning: 50, ...opts.settings };
  const gov = new CreditGovernor({ store, now: () => clock.now, settings: async () => settings });
  return { gov, store, clock, settings };
}

async function reserveOk(
  gov: CreditGovernor,
  endpoint: Parameters<CreditGovernor['estimate']>[0]['endpoint'] = 'search',
  opts: Partial<ReserveOptions> = {},
): Promise<Reservation> {
  const r = await gov.reserve(gov.estimate({ endpoint }), { ...SEARCH, ...opts });
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.reservation;
}

describe('budget', () => {
  it('"+50 today" raises today\'s budget only: the next local day (even a minute past midnight) starts from the setting', async () => {
    const { gov, store, clock, settings } = setup({ settings: { dailyBudget: 10 }, now: local(2025, 1, 15, 23, 58) });
    await gov.settle(await reserveOk(gov), paid(5));
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(false);
    await gov.raiseToday(50);
    expect(await gov.status()).toMatchObject({ budget: 60, remainingToday: 55 });
    expect(settings.dailyBudget).toBe(10);
    // Kept with its day key: a restarted worker the same day still has it.
    const again = new CreditGovernor({ store, now: () => clock.now, settings: async () => settings });
    expect(await again.status()).toMatchObject({ budget: 60 });
    clock.now = local(2025, 1, 16, 0, 1);
    expect(await gov.status()).toMatchObject({ budget: 10, remainingToday: 10 });
    expect(await again.status()).toMatchObject({ budget: 10 });
  });

  it('raises on one day add up', async () => {
    const { gov } = setup({ settings: { dailyBudget: 10 } });
    await gov.raiseToday(50);
    await gov.raiseToday(50);
    expect(await gov.status()).toMatchObject({ budget: 110 });
  });

  it('20 reservations in flight at once never cross the budget, each holding what a browser resend could add', async () => {
    const { gov } = setup({ settings: { dailyBudget: 50 } });
    const results = await Promise.all(Array.from({ length: 20 }, () => gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)));
    const granted = results.filter((r) => r.ok);
    expect(granted).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'budget' && r.remainingToday === 0 && r.hold === 10)).toBe(true);
    expect(await gov.status()).toMatchObject({ reserved: 50, spentToday: 0, remainingToday: 0 });
  });

  it('20 concurrent reserve+settle cycles (with spend already on the books) stay within budget', async () => {
    const { gov } = setup({ settings: { dailyBudget: 60 } });
    await gov.settle(await reserveOk(gov), paid(5));
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const r = await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH);
        if (!r.ok) return 0;
        await Promise.resolve();
        await gov.settle(r.reservation, paid(5));
        return 5;
      }),
    );
    const spent = outcomes.reduce<number>((a, b) => a + b, 5);
    expect(spent).toBeLessThanOrEqual(60);
    expect(await gov.status()).toMatchObject({ spentToday: spent, reserved: 0 });
  });

  it('refuses the call that would cross the budget if the browser resent it, allows one whose hold fits exactly', async () => {
    const { gov } = setup({ settings: { dailyBudget: 22 } });
    await gov.settle(await reserveOk(gov), paid(5));
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(true);
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toEqual({
      ok: false,
      reason: 'budget',
      remainingToday: 7,
      hold: 10,
    });
  });

  it('a smaller real charge frees the difference (reveal of an already-unlocked contact: 5, not 10)', async () => {
    // A reveal holds 10 + 5 (resent by the browser, it re-reads a contact unlocked by then).
    const { gov } = setup({ settings: { dailyBudget: 25 } });
    const reveal = await reserveOk(gov, 'reveal', { trigger: 'user', confirmed: true });
    expect((await gov.status()).remainingToday).toBe(10);
    expect(await gov.reserve(gov.estimate({ endpoint: 'person' }), { ...SEARCH, trigger: 'user', confirmed: true })).toMatchObject({
      ok: true,
    });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget' });
    await gov.settle(reveal, paid(5));
    expect(await gov.status()).toMatchObject({ spentToday: 5, reserved: 10, remainingToday: 10 });
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(true);
  });

  it('release gives back a reservation for a call never sent (e.g. served from cache meanwhile)', async () => {
    const { gov } = setup({ settings: { dailyBudget: 10 } });
    const r = await reserveOk(gov);
    expect((await gov.status()).remainingToday).toBe(0);
    gov.release(r);
    expect((await gov.status()).remainingToday).toBe(10);
    expect(await gov.settle(r, paid(5))).toBeNull(); // released: settling later books nothing
  });

  it('settling twice books once', async () => {
    const { gov } = setup();
    const r = await reserveOk(gov);
    await gov.settle(r, paid(5));
    await gov.settle(r, paid(5));
    expect((await gov.status()).spentToday).toBe(5);
  });

  it('override ("look up anyway") is the only way past the budget', async () => {
    const { gov } = setup({ settings: { dailyBudget: 0 } });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), { ...SEARCH, trigger: 'user' })).toMatchObject({
      ok: false,
      reason: 'budget',
    });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), { ...SEARCH, trigger: 'user', override: true })).toMatchObject({
      ok: true,
    });
  });

  it('/v1/me is free and always allowed', async () => {
    const { gov } = setup({ settings: { dailyBudget: 0 } });
    expect(await gov.reserve(gov.estimate({ endpoint: 'me' }), { ...SEARCH, path: '/v1/me' })).toMatchObject({
      ok: true,
      reservation: { credits: 0 },
    });
  });

  it('a budget change applies to the next reservation', async () => {
    const { gov, settings } = setup({ settings: { dailyBudget: 10 } });
    await gov.settle(await reserveOk(gov), paid(5));
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(false);
    settings.dailyBudget = 100;
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(true);
  });

  it('a malformed budget reads as the last good value, never as unlimited', async () => {
    const settings: CreditSettings = { dailyBudget: 10, lowBalanceWarning: 50 };
    const gov = new CreditGovernor({ store: memoryKvStore(), settings: () => settings });
    await gov.settle(await reserveOk(gov), paid(5));
    settings.dailyBudget = Number.NaN;
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget' });
  });
});

describe('confirmation', () => {
  it.each([
    ['auto, unconfirmed', { trigger: 'auto' }],
    ['user, unconfirmed', { trigger: 'user' }],
    ['user, override but unconfirmed', { trigger: 'user', override: true }],
  ] as const)('a reveal is refused when %s', async (_label, opts) => {
    const { gov } = setup();
    expect(await gov.reserve(gov.estimate({ endpoint: 'reveal' }), { ...SEARCH, ...opts })).toMatchObject({
      ok: false,
      reason: 'needs-confirmation',
    });
  });

  it('any estimate of 10+ credits needs confirmation, whatever the endpoint', async () => {
    const store = memoryKvStore();
    const gov = new CreditGovernor({
      store,
      settings: async () => ({ dailyBudget: 150, lowBalanceWarning: 50 }),
      prices: priceTable({ endpoints: [{ path: '/v1/search', credits: 10 }] }),
    });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'needs-confirmation' });
  });
});

describe('ledger entries from settle', () => {
  it('books the real charge, balance and context', async () => {
    const { gov } = setup();
    const r = await reserveOk(gov, 'search', { tabId: 4, profileKey: 'x:adaquant' });
    const entry = await gov.settle(r, paid(5, 495));
    expect(entry).toMatchObject({
      accountId: 'acct-1',
      endpoint: 'search',
      path: '/v1/search?q=ada',
      creditsCharged: 5,
      balanceAfter: 495,
      tabId: 4,
      profileKey: 'x:adaquant',
      sample: false,
    });
    expect(gov.balance()).toBe(495);
  });

  it('with work for after the paint, the totals count the charge at once and the booking is stored with that work', async () => {
    const { gov, store } = setup({ settings: { dailyBudget: 10 } });
    const r = await reserveOk(gov);
    await gov.sending(r, '/v1/search?q=ada');
    const later: Array<() => Promise<unknown>> = [];
    await gov.settle(r, paid(5), undefined, (work) => void later.push(work));
    expect(await gov.status()).toMatchObject({ spentToday: 5, remainingToday: 5 });
    // Not stored yet: the open journal entry stands for the charge.
    expect(await store.getMany(LEDGER_PREFIX)).toEqual({});
    expect(Object.keys(await store.getMany(JOURNAL_PREFIX))).toHaveLength(1);
    for (const work of later) await work();
    expect(Object.values(await store.getMany(LEDGER_PREFIX))).toMatchObject([{ creditsCharged: 5 }]);
    expect(await store.getMany(JOURNAL_PREFIX)).toEqual({});
  });

  it('a charge above the price is stored before settle returns (its journal entry would book it short)', async () => {
    const { gov, store } = setup();
    const r = await reserveOk(gov);
    await gov.sending(r, '/v1/search?q=ada');
    await gov.settle(r, paid(8, 492), undefined, () => undefined);
    expect(Object.values(await store.getMany(LEDGER_PREFIX))).toMatchObject([{ creditsCharged: 8 }]);
  });

  it('a sample books 0 credits, flagged, and tracks the balance it reports', async () => {
    const { gov } = setup();
    const entry = await gov.settle(await reserveOk(gov), sampleAnswer(2));
    expect(entry).toMatchObject({ creditsCharged: 0, sample: true, balanceAfter: 2 });
    expect(await gov.status()).toMatchObject({ spentToday: 0, balance: 2, lowBalance: true });
  });

  it.each(['unauthorized', 'forbidden-scope', 'not-found', 'rate-limited', 'server', 'network', 'payment-required'])(
    'a %s failure charges nothing and books nothing',
    async (kind) => {
      const { gov } = setup({ settings: { dailyBudget: 10 } });
      expect(await gov.settle(await reserveOk(gov), failed(kind))).toBeNull();
      expect(await gov.status()).toMatchObject({ spentToday: 0, reserved: 0 });
    },
  );

  it.each([
    ['a reveal with outcomeUnknown', 'reveal', failed('network', true)],
    ['an unreadable 2xx', 'search', failed('invalid-response', true)],
  ] as const)('%s books the reserved amount as estimated (never under-count)', async (_label, endpoint, result) => {
    const { gov } = setup();
    const r = await reserveOk(gov, endpoint, { trigger: 'user', confirmed: true });
    expect(await gov.settle(r, result)).toMatchObject({ creditsCharged: r.credits, estimated: true, balanceAfter: null });
    expect((await gov.status()).spentToday).toBe(r.credits);
  });
});

describe('402 halt', () => {
  it('halts automatic spending, not the user’s own calls', async () => {
    const { gov } = setup();
    await gov.settle(await reserveOk(gov), failed('payment-required'));
    expect(gov.haltedFor402()).toMatchObject({ accountId: 'acct-1' });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'halted-402' });
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), { ...SEARCH, trigger: 'user' })).toMatchObject({ ok: true });
    expect(await gov.reserve(gov.estimate({ endpoint: 'me' }), SEARCH)).toMatchObject({ ok: true });
  });

  it.each([
    ['/v1/me shows enough credits', (g: CreditGovernor) => g.observeMe({ id: 'acct-1', creditsBalance: 300 }), null],
    ['/v1/me shows too few credits', (g: CreditGovernor) => g.observeMe({ id: 'acct-1', creditsBalance: 3 }), 'acct-1'],
    ['the key now resolves to another account', (g: CreditGovernor) => g.observeMe({ id: 'acct-2', creditsBalance: 0 }), null],
    ['the key changed (the clear runner forgets the halt)', (g: CreditGovernor) => g.forgetHalt(), null],
    [
      'a paid answer to a user call',
      async (g: CreditGovernor) => {
        await g.settle(await reserveOk(g, 'search', { trigger: 'user' }), paid(5, 95));
      },
      null,
    ],
    [
      'a sample answer',
      async (g: CreditGovernor) => {
        await g.settle(await reserveOk(g, 'search', { trigger: 'user' }), sampleAnswer(1));
      },
      'acct-1',
    ],
  ] as const)('resumes when %s', async (_label, act, haltedAfter) => {
    const { gov } = setup();
    await gov.settle(await reserveOk(gov), failed('payment-required'));
    await act(gov);
    expect(gov.haltedFor402()?.accountId ?? null).toBe(haltedAfter);
  });

  it('the halt survives a worker restart', async () => {
    const { gov, store } = setup();
    await gov.settle(await reserveOk(gov), failed('payment-required'));
    const { gov: after } = setup({ store });
    expect(await after.reserve(after.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'halted-402' });
    await after.observeMe({ id: 'acct-1', creditsBalance: 1_000 });
    const { gov: third } = setup({ store });
    expect(await third.reserve(third.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: true });
  });

  it('does not stop another account’s automatic lookups', async () => {
    const { gov } = setup();
    await gov.settle(await reserveOk(gov), failed('payment-required'));
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), { ...SEARCH, accountId: 'acct-2' })).toMatchObject({ ok: true });
  });
});

describe('days and restarts', () => {
  it('the budget resets at local midnight', async () => {
    const { gov, clock } = setup({ settings: { dailyBudget: 15 }, now: local(2025, 1, 15, 23, 58) });
    await gov.settle(await reserveOk(gov), paid(5));
    await gov.settle(await reserveOk(gov), paid(5));
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget' });
    clock.now = local(2025, 1, 16, 0, 0);
    expect(await gov.status()).toMatchObject({ day: '2025-01-16', spentToday: 0, remainingToday: 15 });
    expect((await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(true);
  });

  it('a call settled after midnight counts toward the new day', async () => {
    const { gov, clock } = setup({ now: local(2025, 1, 15, 23, 59) });
    const r = await reserveOk(gov);
    clock.now = local(2025, 1, 16, 0, 0);
    await gov.settle(r, paid(5));
    expect(gov.ledger.spentOnSync('2025-01-16')).toBe(5);
    expect(gov.ledger.spentOnSync('2025-01-15')).toBe(0);
  });

  it('spent-today is recomputed from the stored ledger after a worker restart', async () => {
    const { gov, store } = setup({ settings: { dailyBudget: 25 } });
    for (let i = 0; i < 3; i++) await gov.settle(await reserveOk(gov), paid(5));
    const { gov: after } = setup({ store, settings: { dailyBudget: 25 } });
    expect(await after.status()).toMatchObject({ spentToday: 15, remainingToday: 10 });
    expect((await after.reserve(after.estimate({ endpoint: 'search' }), SEARCH)).ok).toBe(true);
    expect(await after.reserve(after.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget' });
  });
});

describe('prices and balance', () => {
  it('observeMe adopts the /v1/me price table: rows first, `pricing` where a row is missing', async () => {
    const { gov } = setup();
    await gov.observeMe({
      id: 'acct-1',
      creditsBalance: 40,
      endpoints: [
        { method: 'GET', path: '/v1/search', summary: 'Search', credits: 6 },
        { method: 'GET', path: '/v1/projects', summary: 'Projects', credits: 4 },
      ],
      pricing: { basicCallCredits: 5, privateCallCredits: 10 },
    });
    expect(gov.estimate({ endpoint: 'search' })).toEqual({ endpoint: 'search', credits: 6, hold: 12 });
    expect(gov.estimate({ endpoint: 'projects' })).toEqual({ endpoint: 'projects', credits: 4, hold: 8 });
    expect(gov.estimate({ endpoint: 'project' })).toEqual({ endpoint: 'project', credits: 5, hold: 10 });
    expect(gov.estimate({ endpoint: 'reveal' })).toEqual({ endpoint: 'reveal', credits: 10, hold: 15 });
    expect(await gov.status()).toMatchObject({ balance: 40, lowBalance: true });
  });

  it('status reports low balance against the threshold', async () => {
    const { gov } = setup({ settings: { lowBalanceWarning: 100 } });
    await gov.settle(await reserveOk(gov), paid(5, 120));
    expect((await gov.status()).lowBalance).toBe(false);
    await gov.settle(await reserveOk(gov), paid(5, 99));
    expect((await gov.status()).lowBalance).toBe(true);
  });

  it('a settings getter that throws keeps the last good settings', async () => {
    let fail = false;
    const gov = new CreditGovernor({
      store: memoryKvStore(),
      settings: () => {
        if (fail) throw new Error('storage gone');
        return { dailyBudget: 10, lowBalanceWarning: 0 };
      },
    });
    await gov.settle(await reserveOk(gov), paid(5));
    fail = true;
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget' });
  });
});

describe('prices are the account’s', () => {
  const sevenTwelve = { id: 'acct-1', creditsBalance: 93, pricing: { basicCallCredits: 7, privateCallCredits: 12 } };

  it('a charge above the price is booked as charged, and nothing more is paid until /v1/me is read again', async () => {
    const { gov } = setup({ settings: { dailyBudget: 20 } });
    const entry = await gov.settle(await reserveOk(gov), paid(7, 93));
    expect(entry).toMatchObject({ creditsCharged: 7, note: expect.stringMatching(/price list said 5/) });
    expect(gov.pricesStale()).toBe(true);
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), { ...SEARCH, trigger: 'user' })).toMatchObject({
      ok: false,
      reason: 'prices-changed',
    });
    await gov.observeMe(sevenTwelve);
    expect(gov.pricesStale()).toBe(false);
    expect(gov.estimate({ endpoint: 'search' })).toMatchObject({ credits: 7, hold: 14 });
    expect(gov.estimate({ endpoint: 'reveal' })).toMatchObject({ credits: 12, hold: 19 });
    // 20 − 7 = 13 left: a 7-credit call that may be resent (14) no longer fits.
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'budget', hold: 14 });
    expect(await gov.status()).toMatchObject({ spentToday: 7, prices: { search: 7, reveal: 12, person: 7 }, pricesStale: false });
  });

  it('the stop survives a worker restart (read again at start)', async () => {
    const { gov, store } = setup();
    await gov.settle(await reserveOk(gov), paid(7, 93));
    const { gov: after } = setup({ store });
    expect(await after.reserve(after.estimate({ endpoint: 'search' }), SEARCH)).toMatchObject({ ok: false, reason: 'prices-changed' });
    expect(after.pricesStale()).toBe(true);
  });

  it('the charge is bounded by what the balance shows', async () => {
    const { gov } = setup();
    await gov.observeMe({ id: 'acct-1', creditsBalance: 100 });
    const r = await reserveOk(gov);
    await gov.sending(r, '/v1/search?q=ada');
    // The API claims 12, the balance fell by 7: 7 is what it can have taken.
    expect(await gov.settle(r, paid(12, 93))).toMatchObject({ creditsCharged: 7 });
  });

  it('a lost answer is booked at the quoted price, not the spec’s', async () => {
    const { gov } = setup();
    await gov.observeMe(sevenTwelve);
    const r = await reserveOk(gov, 'reveal', { trigger: 'user', confirmed: true });
    expect(r).toMatchObject({ credits: 12, hold: 19 });
    expect(await gov.settle(r, failed('network', true), { charge: 'unknown', resentByBrowser: false })).toMatchObject({
      creditsCharged: 12,
      estimated: true,
    });
  });
});

describe('a request the browser may resend holds what that would cost', () => {
  it('budget 20 with 15 spent: a lookup (5, or 10 if resent) is refused rather than risk 25 against 20', async () => {
    const { gov } = setup({ settings: { dailyBudget: 20 } });
    for (let i = 0; i < 3; i++) await gov.settle(await reserveOk(gov), paid(5));
    expect(await gov.reserve(gov.estimate({ endpoint: 'search' }), SEARCH)).toEqual({
      ok: false,
      reason: 'budget',
      remainingToday: 5,
      hold: 10,
    });
  });

  it('a loss before any byte books the hold, which was reserved: the budget is never crossed', async () => {
    const { gov } = setup({ settings: { dailyBudget: 25 } });
    for (let i = 0; i < 3; i++) await gov.settle(await reserveOk(gov), paid(5));
    const r = await reserveOk(gov);
    const entry = await gov.settle(r, failed('network', true), { charge: 'unknown', resentByBrowser: true });
    expect(entry).toMatchObject({ creditsCharged: 10, estimated: true, note: expect.stringMatching(/twice/) });
    expect(await gov.status()).toMatchObject({ spentToday: 25, budget: 25, remainingToday: 0 });
  });

  it('a loss after the headers (the browser does not resend then) books the price once', async () => {
    const { gov } = setup();
    const entry = await gov.settle(await reserveOk(gov), failed('network', true), { charge: 'unknown', resentByBrowser: false });
    expect(entry).toMatchObject({ creditsCharged: 5, estimated: true });
  });
});

describe('a balance settles what was booked without an answer', () => {
  // The governor alone; lib/worker/paid-call.test.ts runs the same rule through the emulator.
  async function lostThenSeen(balanceAfter: number) {
    const clock = { now: local(2025, 1, 15, 10) };
    const settings = { dailyBudget: 150, lowBalanceWarning: 50 };
    const gov = new CreditGovernor({ store: memoryKvStore(), now: () => clock.now, settings: async () => settings, serverSettleMs: 1 });
    await gov.observeMe({ id: 'acct-1', creditsBalance: 100 }, gov.witnessMe('acct-1'));
    const r = await reserveOk(gov);
    await gov.sending(r, SEARCH.path);
    await gov.settle(r, failed('network', true));
    clock.now += 10;
    await gov.observeMe({ id: 'acct-1', creditsBalance: balanceAfter }, gov.witnessMe('acct-1'));
    return gov;
  }

  it('a lost answer the balance shows was not charged is set to 0, and today is spent nothing', async () => {
    const gov = await lostThenSeen(100);
    expect((await gov.ledger.entries()).map((e) => [e.creditsCharged, e.estimated, e.reconciled])).toEqual([[0, true, true]]);
    expect((await gov.status()).spentToday).toBe(0);
  });

  it('a lost answer the balance shows was charged keeps its booking', async () => {
    const gov = await lostThenSeen(95);
    expect((await gov.ledger.entries()).map((e) => [e.creditsCharged, e.estimated, e.reconciled])).toEqual([[5, true, undefined]]);
    expect((await gov.status()).spentToday).toBe(5);
  });
});
