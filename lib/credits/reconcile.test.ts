import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger';
import { auditFall, reconcileLost, SERVER_SETTLE_MS, type BalanceWitness } from './reconcile';

const ACCOUNT = 'acct_pro';

/** A booked answer: sent at `sentAt` (the governor's clock), charged `credits`. */
const paid = (sentAt: number, credits = 5): LedgerEntry => ({
  at: sentAt + 1,
  sentAt,
  accountId: ACCOUNT,
  endpoint: 'search',
  path: '/v1/search?q=x',
  creditsCharged: credits,
  balanceAfter: null,
  sample: false,
});

/** A lost answer booked "may have been charged", with the balance last seen before it was sent. */
const lost = (sentAt: number, balanceBefore: number, balanceSeenAt: number, credits = 5): LedgerEntry => ({
  ...paid(sentAt, credits),
  estimated: true,
  balanceBefore,
  balanceSeenAt,
});

const witness = (balance: number, sentAt: number, quiet = true): BalanceWitness => ({ accountId: ACCOUNT, balance, sentAt, quiet });

describe('reconcileLost: a balance un-books lost answers only when it proves none was charged', () => {
  it.each<[string, LedgerEntry[], BalanceWitness, number]>([
    // Balance 100 seen at t=1; L sent at 2 and lost; /v1/me asked at 10 says 100: L was free.
    ['a lost answer, then an unchanged balance', [lost(2, 100, 1)], witness(100, 10), 1],
    ['a lost answer the balance shows was charged', [lost(2, 100, 1)], witness(95, 10), 0],
    // Two tabs: L sent at 2, R sent at 3 (charged 5, answered), L lost. Server: 100 − 5 (L) − 5 (R) = 90.
    ['two tabs: the other tab’s answer arrived, L was charged', [lost(2, 100, 1), paid(3)], witness(90, 10), 0],
    ['two tabs: the other tab’s answer arrived, L was not charged', [lost(2, 100, 1), paid(3)], witness(95, 10), 1],
    // Another key of the same account spent 5 meanwhile: the balance fell by more than we know of.
    ['another key spent meanwhile, L free', [lost(2, 100, 1)], witness(95, 10), 0],
    ['another key spent meanwhile, L charged', [lost(2, 100, 1)], witness(90, 10), 0],
    // A paid answer is its own witness: sent at 5 after L was lost, it holds its own charge.
    ['a later paid answer, L free', [lost(2, 100, 1), paid(5)], witness(95, 5), 1],
    ['both of two lost answers were free', [lost(2, 100, 1), lost(4, 100, 1)], witness(100, 10), 2],
    ['one of two lost answers was charged', [lost(2, 100, 1), lost(4, 100, 1)], witness(95, 10), 0],
    // A charge sent before the balance was seen is already in it: not subtracted again.
    ['an earlier charge already in the balance seen', [paid(0), lost(2, 95, 1)], witness(95, 10), 1],
  ])('%s', (_label, entries, w, unbooked) => {
    expect(reconcileLost(entries, w, 0)).toHaveLength(unbooked);
  });

  it.each<[string, LedgerEntry[], BalanceWitness]>([
    // The witness was asked while another call was out: that call's charge may or may not be in it.
    ['a witness asked while something else was on the wire', [lost(2, 100, 1)], witness(100, 10, false)],
    // A witness asked before L was sent may predate its charge.
    ['a witness asked before the loss', [lost(12, 100, 1)], witness(100, 10)],
    ['a lost answer with no balance known from before it', [{ ...paid(2), estimated: true }], witness(100, 10)],
    // An older version's booking has no send stamp: it cannot be placed in time.
    ['a booking without a send stamp after the balance was seen', [lost(2, 100, 1), { ...paid(3), sentAt: undefined }], witness(95, 10)],
  ])('proves nothing: %s', (_label, entries, w) => {
    expect(reconcileLost(entries, w, 0)).toEqual([]);
  });

  it('the bug this replaces: a "balance before" taken when the lost call settled, after the other tab’s answer, would un-book a real charge', () => {
    // L (sent at 2) was charged; R (sent at 3) answered with 90 at 4; L lost at 5. Had L's "before" been
    // the 90 seen at 4, /v1/me's 90 would "show" L free. Taken at send (100, seen at 1), it does not.
    const entries = [paid(3), lost(2, 100, 1)];
    expect(reconcileLost(entries, witness(90, 10), 0)).toEqual([]);
    expect(reconcileLost([paid(3), lost(2, 90, 4)], witness(90, 10), 0)).toHaveLength(1); // the old, wrong input
  });

  it('a request lost by a timeout or a worker stopped mid-call may still be charged: no witness within SERVER_SETTLE_MS of its send counts', () => {
    // Sent at 1 000, the worker died; its resend (sent at 5 000) answered 95 — the first was still held by the server.
    const entries = [lost(1_000, 100, 500), paid(5_000)];
    expect(reconcileLost(entries, witness(95, 5_000))).toEqual([]);
    expect(reconcileLost(entries, witness(95, 1_000 + SERVER_SETTLE_MS - 1))).toEqual([]);
    expect(reconcileLost(entries, witness(95, 1_000 + SERVER_SETTLE_MS))).toHaveLength(1);
  });
});

describe('auditFall: what a clean balance shows was charged beyond every booking', () => {
  const from = { balance: 100, sentAt: 1 };
  it.each<[string, LedgerEntry[], number, number]>([
    ['nothing beyond the bookings', [paid(2), paid(3)], 90, 0],
    ['one browser resend hidden by its answer', [paid(2)], 90, 5],
    ['a bigger fall is capped at one resend of each answered call', [paid(2), paid(3)], 50, 10],
    ['a lost booking already covers the fall', [lost(2, 100, 1, 10)], 90, 0],
    ['a top-up (the balance rose)', [paid(2)], 200, 0],
    ['charges from before the starting balance are in it already', [paid(0), paid(2)], 95, 0],
    ['an older version’s booking after the start cannot be placed', [paid(2), { ...paid(3), sentAt: undefined }], 80, 0],
  ])('%s', (_label, entries, balance, booked) => {
    expect(auditFall(entries, from, witness(balance, 10))).toBe(booked);
  });
});
