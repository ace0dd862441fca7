import type { ApiFailure, ApiResult, CallOptions } from '@/lib/api';
import { judgeAttempt, type AttemptVerdict } from '@/lib/api/attempt-outcome';
import type { ApiCall, Endpoint } from '@/lib/api/calls';
import type { CacheOutcome, Classified, ResponseCache } from '@/lib/cache/response-cache';
import { networkError } from '@/lib/api/errors';
import type { Booked } from '@/lib/messages/texts';
import type { KnownHow } from '@/lib/lookup/known-records';
import type { CreditGovernor, RefusalReason, Reservation, Trigger } from '@/lib/credits/credit-governor';
import type { LedgerEntry } from '@/lib/credits/ledger';
import type { RateGovernor, ScheduledResult } from '@/lib/rate/rate-governor';

export type PaidOutcome<T> =
  /** `hold`: what today's budget would have had to hold for the call. */
  | { kind: 'refused'; reason: RefusalReason; remainingToday: number; hold: number }
  /** The tab moved on before the request was sent: nothing sent, nothing charged. */
  | { kind: 'dropped' }
  /** `spent`: what the ledger booked for all its attempts (a resend's lost ones too), and whether any of it "may have been charged". */
  | { kind: 'answered'; result: ScheduledResult<T>; spent?: { credits: number; estimated: boolean } };

export interface PaidCall<T> {
  /** The request (lib/api/calls.ts): its price, cache key and whether it may be resent come with it. */
  call: ApiCall<T>;
  accountId: string;
  trigger: Trigger;
  /** Billed at another row than the call's own: a reveal of a contact this account already unlocked is a data call. */
  billedAs?: Endpoint;
  override?: boolean;
  confirmed?: boolean;
  tabId?: number;
  profileKey?: string;
  /** Aborted when the tab moves on: a request still queued is dropped (one already sent is not). */
  signal?: AbortSignal;
  /**
   * Journaled, the request waits for this before it leaves (a lookup begun on a report the browser has
   * not vouched for yet: lib/worker/ahead-reports.ts). False: `signal` is aborted by then, and it is dropped.
   */
  sendWhen?: () => Promise<boolean>;
  /**
   * Takes what may follow the caller's paint once the charge is booked (the journal entry's closing, the
   * unknown-outcome mark's clearing, the meter); the caller runs it after showing the answer. Absent:
   * all of it is done before returning. The booking itself is never deferred.
   */
  after?: (work: () => Promise<unknown>) => void;
  /** The client's `send`. It must pass `opts` on: `onSend` journals the exact path before it is sent. */
  send: (call: ApiCall<T>, opts: CallOptions) => Promise<ApiResult<T>>;
}

export interface CachedPaidCall<T> extends PaidCall<T> {
  /** A live answer that means "nobody": cached for the shorter not-found lifetime. */
  notFound?: (data: T) => boolean;
  /** "Refresh": skip the cached answer, pay for a new one and keep it in its place. */
  fresh?: boolean;
  /** How a search's records became known (the rep's search, a profile on screen): said on their cards later. */
  knownHow?: KnownHow;
}

export interface PaidDeps {
  credits: CreditGovernor;
  rate: RateGovernor;
  /** True when the browser knows it is offline: a failed fetch then never left the machine. */
  isOffline?: () => boolean;
  onSettled?: () => void;
  /** An attempt was booked as "may have been charged": the balance can tell later whether it was. */
  onUnknown?: (accountId: string) => void;
  /** A charge was booked for this call (`answer`: its data when it came): who it paid for is booked onto them (lib/leads/lead-costs.ts). */
  onBooked?: (call: ApiCall<unknown>, entry: LedgerEntry, answer: unknown) => void;
  /** Read `/v1/me` again (free) after a charge disagreed with the prices; resolves once it answered (or failed). */
  recheckPrices?: () => Promise<void>;
}

/** How many sends of one read may end with an unknown outcome before automatic sends stop (the first and one resend). */
const MAX_UNKNOWN_AUTO = 2;

/**
 * The one way a credit is spent. For every attempt, in this order: reserve what the call may cost
 * against today's budget (refuse rather than cross it) → wait for the account's rate allowance (dropped
 * if the tab moved on meanwhile) → journal the exact request in storage.local → send → settle with what
 * the server charged, or book "may have been charged" when the answer is lost (lib/api/attempt-outcome.ts
 * decides which). A read whose outcome is unknown is resent at most once (never past the budget, and for
 * automatic lookups at most once across worker restarts); a reveal never.
 */
export async function paidCall<T>(deps: PaidDeps, paid: PaidCall<T>): Promise<PaidOutcome<T>> {
  const { credits, rate } = deps;
  const journal = credits.journal;
  const { call } = paid;
  const unknownKey = call.cacheKey ?? undefined;
  const resendable = call.resend === 'once' && unknownKey !== undefined;
  let lastUnknown: ScheduledResult<T> | null = null;
  const spent = { credits: 0, estimated: false };
  const answered = (result: ScheduledResult<T>): PaidOutcome<T> => ({ kind: 'answered', result, spent });

  for (let sends = 0; ; sends++) {
    if (resendable && paid.trigger === 'auto' && (await journal.unknownCount(paid.accountId, unknownKey)) >= MAX_UNKNOWN_AUTO) {
      return answered(lastUnknown ?? { ...failure('not-resent'), outcomeUnknown: true });
    }
    const reserved = await reserve(deps, paid, sends, unknownKey);
    if (!reserved.ok) {
      // A resend refused by the budget: the first attempt's unknown outcome is the answer.
      if (lastUnknown) return answered(lastUnknown);
      return { kind: 'refused', reason: reserved.reason, remainingToday: reserved.remainingToday, hold: reserved.hold };
    }
    const reservation = reserved.reservation;
    const sent = { offline: false };
    const judge = (r: ApiResult<T> | { ok: false; error: { kind: string; status: number | null } }) =>
      judgeAttempt(call, r as Parameters<typeof judgeAttempt>[1], { offlineAtSend: sent.offline });

    let result: ScheduledResult<T>;
    try {
      result = await rate.schedule(() => attempt(deps, paid, reservation, sent, judge), {
        priority: paid.trigger === 'user' ? 'user' : 'auto',
        judge,
        ...(paid.signal ? { signal: paid.signal } : {}),
      });
    } catch {
      // Only an abort rejects: the request was still queued (or between free retries), so not on the wire.
      credits.release(reservation);
      return { kind: 'dropped' };
    }

    const verdict = judge(result);
    if (verdict.charge === 'none' && verdict.offline) {
      credits.release(reservation);
      return answered(failure('offline'));
    }
    // What may follow the caller's paint (`after`); without it, done now.
    const later = async (work: () => Promise<unknown>) => (paid.after ? paid.after(work) : await work());
    const booked = await credits.settle(reservation, result, verdict, paid.after);
    if (booked) {
      spent.credits += booked.creditsCharged;
      spent.estimated ||= booked.estimated === true;
      // Who the charge paid for (the leads database, whose pages re-read it): after the paint, like the ledger's own write.
      void later(async () => deps.onBooked?.(call, booked, result.ok ? result.data : null));
    }
    void later(async () => deps.onSettled?.());
    // A charge above the prices: read them again at once (free), so the next label already says the new price.
    if (credits.pricesStale()) void deps.recheckPrices?.();

    if (verdict.charge !== 'unknown') {
      if (unknownKey !== undefined && result.ok) await later(() => journal.clearUnknown(paid.accountId, unknownKey));
      return answered(result);
    }
    lastUnknown = result;
    deps.onUnknown?.(paid.accountId);
    if (!resendable) return answered(result);
    await journal.noteUnknown(paid.accountId, unknownKey);
    if (sends >= 1) return answered(result);
  }
}

/** Reserve the call's hold; after a charge that disagreed with the prices, read them again (free) first. */
async function reserve<T>(deps: PaidDeps, paid: PaidCall<T>, sends: number, unknownKey: string | undefined) {
  const { credits } = deps;
  const options = {
    accountId: paid.accountId,
    path: unknownKey ?? paid.call.endpoint,
    trigger: paid.trigger,
    // "Look up anyway" covers the send the user asked for, never an automatic resend.
    ...(paid.override && sends === 0 ? { override: true } : {}),
    ...(paid.confirmed ? { confirmed: true } : {}),
    ...(paid.tabId !== undefined ? { tabId: paid.tabId } : {}),
    ...(paid.profileKey ? { profileKey: paid.profileKey } : {}),
  };
  // Priced at the billed row, named by the call's own (a reveal still needs its confirmation).
  const estimate = () => ({ ...credits.estimate({ endpoint: paid.billedAs ?? paid.call.endpoint }), endpoint: paid.call.endpoint });
  const first = await credits.reserve(estimate(), options);
  if (first.ok || first.reason !== 'prices-changed' || !deps.recheckPrices) return first;
  await deps.recheckPrices();
  return credits.reserve(estimate(), options);
}

/** One send under a reservation: journaled by the client's `onSend`; a free answer closes the journal entry so a retry can journal its own. */
async function attempt<T>(
  deps: PaidDeps,
  paid: PaidCall<T>,
  reservation: Reservation,
  sent: { offline: boolean },
  judge: (r: ApiResult<T>) => AttemptVerdict,
): Promise<ApiResult<T>> {
  const { credits } = deps;
  let unsent = false;
  const r = await paid.send(paid.call, {
    onSend: async (path) => {
      // Known offline before the request went out: a failure to connect then never reached anyone.
      sent.offline = deps.isOffline?.() === true;
      await credits.sending(reservation, path);
      if (paid.sendWhen && !(await paid.sendWhen())) {
        unsent = true;
        throw new Error('not confirmed');
      }
    },
  });
  // The server answered and charged nothing: the rate governor may send again under this reservation.
  if (judge(r).charge === 'none') await credits.answeredFree(reservation);
  // Never sent (its journal entry just closed): dropped like a request still queued. (Its lookup is
  // aborted by then; were it not, the client's "not sent" failure is the answer: nothing charged.)
  if (unsent && paid.signal?.aborted) throw paid.signal.reason;
  return r;
}

/** A failure of the paid path's own, with no answer: never sent again, or offline before it left. */
const failure = (cause: 'not-resent' | 'offline'): ApiFailure => ({
  ok: false,
  error: networkError(cause),
  apiVersion: null,
  rateLimit: null,
});

/**
 * What the paid path booked for a failed answer, for its words (lib/messages/texts.ts): "may have been
 * charged" when it was booked so, otherwise nothing.
 */
export function bookedFor(result: ScheduledResult<unknown>): Booked {
  return 'outcomeUnknown' in result && result.outcomeUnknown === true ? 'unknown' : 'none';
}

/** Cache → (paid call) → cache: a live answer is kept, samples, refusals, drops and errors never. */
export function cachedPaidCall<T>(
  deps: PaidDeps & { cache: ResponseCache; ttl: () => { ttlMs: number; notFoundTtlMs: number } },
  paid: CachedPaidCall<T>,
): Promise<CacheOutcome<T, PaidOutcome<T>>> {
  const key = paid.call.cacheKey;
  // Never cached (a reveal; an invalid request, which the client refuses before anything is sent).
  if (key === null) return paidCall(deps, paid).then((result) => ({ from: 'fetch', result, entry: null, shared: false }));
  const classify = (out: PaidOutcome<T>): Classified<T> => {
    const r = out.kind === 'answered' ? out.result : null;
    if (!r?.ok) return { cache: 'skip', reason: 'error' };
    if (r.sample) return { cache: 'skip', reason: 'sample' };
    return paid.notFound?.(r.data) ? { cache: 'not-found', value: r.data } : { cache: 'hit', value: r.data };
  };
  return deps.cache.getOrFetch(paid.accountId, key, () => paidCall(deps, paid), {
    ...deps.ttl(),
    classify,
    ...(paid.fresh ? { fresh: true } : {}),
    ...(paid.after ? { after: paid.after } : {}),
  });
}
