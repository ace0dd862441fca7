/*
 * When may a balance un-book answers that never arrived? Pure: the ledger's entries and one balance in, the
 * entries to set to 0 out. Every stamp comes from the credit governor's one strictly increasing clock, so
 * "before" and "after" are exact. For the account's lost bookings L (estimated, not reconciled, charged > 0):
 *  1. Each L carries the balance last seen *before it was sent* (a later one may already hold its charge).
 *  2. The witness is a balance reported for a request sent after every L was lost, while nothing else of the
 *     account was on the wire (so every charge we know of sent before it is in it), and at least `settleMs`
 *     after each L (a lost request may still be at work on the server, and be charged after an earlier witness).
 *  3. From the earliest L's `balanceBefore`, subtract every known charge sent after that balance was seen and no
 *     later than the witness. Exactly the witness's balance: no L was charged. Anything else keeps every booking:
 *     a charge we cannot see (another key or device) only lowers the balance, so it never makes a charged L look
 *     free. (A top-up exactly offsetting a charge could; that coincidence is accepted.)
 */
import type { LedgerEntry } from './ledger';

/** A balance the server reported, and when the request that reported it was sent. */
export interface BalanceWitness {
  accountId: string;
  balance: number;
  /** The witness request's send stamp. */
  sentAt: number;
  /** Nothing else of the account was on the wire when it was sent. */
  quiet: boolean;
}

/** How long after its send a lost request may still be charged by the server (a timeout is 15 s; twice that). */
export const SERVER_SETTLE_MS = 30_000;

/** The lost bookings the witness proves were not charged (all of them), or [] when it proves nothing. */
export function reconcileLost(entries: readonly LedgerEntry[], witness: BalanceWitness, settleMs = SERVER_SETTLE_MS): LedgerEntry[] {
  if (!witness.quiet) return [];
  const mine = entries.filter((e) => e.accountId === witness.accountId);
  const lost = mine.filter((e) => e.estimated && !e.reconciled && e.creditsCharged > 0);
  if (!lost.length) return [];
  // Each knows its "before", and was sent before the witness; as nothing was on the wire when the
  // witness was sent (`quiet`), each was lost before it.
  if (lost.some((e) => e.sentAt === undefined || e.balanceBefore === undefined || e.balanceSeenAt === undefined)) return [];
  if (lost.some((e) => e.sentAt! + Math.max(settleMs, 1) > witness.sentAt)) return [];
  const first = lost.reduce((a, b) => (b.sentAt! < a.sentAt! ? b : a));
  const from = first.balanceSeenAt!;
  let known = 0;
  for (const e of mine) {
    if (lost.includes(e)) continue;
    // A booking without a send stamp (an older version's) cannot be placed in time: prove nothing.
    if (e.sentAt === undefined) {
      if (e.at > from) return [];
      continue;
    }
    if (e.sentAt > from && e.sentAt <= witness.sentAt) known += e.creditsCharged;
  }
  return witness.balance === first.balanceBefore! - known ? lost : [];
}

/**
 * What a witness shows was charged beyond every booking since the last clean witness `from`: the
 * balance fell by more than the charges booked for requests sent after `from` (up to the witness). Only
 * resends the browser made by itself can hide a charge of ours, so at most one more of each answered
 * call is counted; anything beyond that is another key's or device's spending, not this extension's.
 */
export function auditFall(entries: readonly LedgerEntry[], from: { balance: number; sentAt: number }, witness: BalanceWitness): number {
  let booked = 0;
  let resendable = 0;
  for (const e of entries) {
    if (e.accountId !== witness.accountId) continue;
    // An older version's booking (no send stamp) made after `from` cannot be placed in time: claim nothing.
    if (e.sentAt === undefined) {
      if (e.at > from.sentAt) return 0;
      continue;
    }
    if (e.sentAt <= from.sentAt || e.sentAt > witness.sentAt) continue;
    booked += e.creditsCharged;
    if (!e.estimated && !e.sample && e.endpoint !== 'unexplained') resendable += e.creditsCharged;
  }
  const fall = from.balance - witness.balance - booked;
  return Math.max(0, Math.min(fall, resendable));
}
