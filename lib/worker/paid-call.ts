import type { ApiFailure, ApiResult, CallOptions } from '@/lib/api';
import type { CacheOutcome, Classified, ResponseCache } from '@/lib/cache';
import type { CreditGovernor, Endpoint, RefusalReason, Reservation, Trigger } from '@/lib/credits';
import type { RateGovernor, ScheduledResult } from '@/lib/rate';

export type PaidOutcome<T> =
  | { kind: 'refused'; reason: RefusalReason; remainingToday: number }
  /** The tab moved on before the request was sent: nothing sent, nothing charged. */
  | { kind: 'dropped' }
  | { kind: 'answered'; result: ScheduledResult<T> };

export interface PaidCall<T> {
  endpoint: Endpoint;
  accountId: string;
  trigger: Trigger;
  /** `idempotent` reads may be resent once after an unknown outcome; `reveal` never is. */
  retry: 'idempotent' | 'reveal';
  override?: boolean;
  confirmed?: boolean;
  /** The exact price when it is known in advance (a reveal of a contact already unlocked: a data call). */
  credits?: number;
  tabId?: number;
  profileKey?: string;
  /** Aborted when the tab moves on: a request still queued is dropped (one already sent is not). */
  signal?: AbortSignal;
  /** The client call. It must pass `opts` on: `onSend` journals the exact path before it is sent. */
  run: (opts: CallOptions) => Promise<ApiResult<T>>;
}

export interface CachedPaidCall<T> extends PaidCall<T> {
  /** The answer's identity in the response cache (also keys the unknown-outcome count). */
  cacheKey: string;
  /** A live answer that means "nobody": cached for the shorter not-found lifetime. */
  notFound?: (data: T) => boolean;
  /** "Refresh": skip the cached answer, pay for a new one and keep it in its place. */
  fresh?: boolean;
}

export interface PaidDeps {
  credits: CreditGovernor;
  rate: RateGovernor;
  /** True when the browser knows it is offline: a failed fetch then never left the machine. */
  isOffline?: () => boolean;
  onSettled?: () => void;
  /** An attempt was booked as "may have been charged": the balance can tell later whether it was. */
  onUnknown?: (accountId: string) => void;
}

/** How many sends of one read may end with an unknown outcome before automatic sends stop (the first and one resend). */
const MAX_UNKNOWN_AUTO = 2;

/**
 * The one way a credit is spent. For every attempt, in this order: reserve the price against today's
 * budget (refuse rather than cross it) → wait for the account's rate allowance (dropped if the tab
 * moved on meanwhile) → journal the exact request in storage.local → send → settle with what the
 * server charged, or book the price as "may have been charged" when the answer is lost. A data read
 * whose outcome is unknown is resent at most once (never past the budget, and for automatic lookups
 * at most once across worker restarts); a reveal never.
 */
export async function paidCall<T>(deps: PaidDeps, call: PaidCall<T>, unknownKey?: string): Promise<PaidOutcome<T>> {
  const { credits, rate } = deps;
  const journal = credits.journal;
  const resendable = call.retry === 'idempotent' && unknownKey !== undefined;
  let lastUnknown: ScheduledResult<T> | null = null;

  for (let sends = 0; ; sends++) {
    if (resendable && call.trigger === 'auto' && (await journal.unknownCount(call.accountId, unknownKey)) >= MAX_UNKNOWN_AUTO) {
      return { kind: 'answered', result: lastUnknown ?? notResent() };
    }
    const estimate = credits.estimate({ endpoint: call.endpoint });
    const reserved = await credits.reserve(call.credits !== undefined ? { ...estimate, credits: call.credits } : estimate, {
      accountId: call.accountId,
      path: unknownKey ?? call.endpoint,
      trigger: call.trigger,
      // "Look up anyway" covers the send the user asked for, never an automatic resend.
      ...(call.override && sends === 0 ? { override: true } : {}),
      ...(call.confirmed ? { confirmed: true } : {}),
      ...(call.tabId !== undefined ? { tabId: call.tabId } : {}),
      ...(call.profileKey ? { profileKey: call.profileKey } : {}),
    });
    if (!reserved.ok) {
      // A resend refused by the budget: the first attempt's unknown outcome is the answer.
      if (lastUnknown) return { kind: 'answered', result: lastUnknown };
      return { kind: 'refused', reason: reserved.reason, remainingToday: reserved.remainingToday };
    }
    const reservation = reserved.reservation;
    let offline = false;

    let result: ScheduledResult<T>;
    try {
      result = await rate.schedule(() => attempt(deps, call, reservation, () => (offline = true)), {
        priority: call.trigger === 'user' ? 'user' : 'auto',
        retry: call.retry,
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch {
      // Only an abort rejects: the request was still queued (or between free retries), so not on the wire.
      credits.release(reservation);
      return { kind: 'dropped' };
    }

    if (offline) {
      credits.release(reservation);
      return { kind: 'answered', result: offlineFailure() };
    }
    await credits.settle(reservation, result);
    deps.onSettled?.();

    const unknown = !result.ok && 'outcomeUnknown' in result && result.outcomeUnknown === true;
    if (!unknown) {
      if (unknownKey !== undefined && result.ok) await journal.clearUnknown(call.accountId, unknownKey);
      return { kind: 'answered', result };
    }
    lastUnknown = result;
    deps.onUnknown?.(call.accountId);
    if (!resendable) return { kind: 'answered', result };
    await journal.noteUnknown(call.accountId, unknownKey);
    if (sends >= 1) return { kind: 'answered', result };
  }
}

/** One send under a reservation: journaled by the client's `onSend`; a free answer closes the journal entry so a retry can journal its own. */
async function attempt<T>(deps: PaidDeps, call: PaidCall<T>, reservation: Reservation, markOffline: () => void): Promise<ApiResult<T>> {
  const { credits } = deps;
  let offlineAtSend = false;
  const r = await call.run({
    onSend: async (path) => {
      // Known offline before the request went out: a failure to connect then never reached anyone.
      offlineAtSend = deps.isOffline?.() === true;
      await credits.sending(reservation, path);
    },
  });
  if (r.ok) return r;
  const kind = r.error.kind;
  if (kind === 'network' && r.error.cause === 'failed' && offlineAtSend) {
    markOffline();
    await credits.answeredFree(reservation);
  } else if (kind === 'rate-limited' || (kind === 'server' && call.retry === 'idempotent' && r.error.status !== 504)) {
    // The server answered and charged nothing; the rate governor may send again under this reservation.
    await credits.answeredFree(reservation);
  }
  return r;
}

function notResent(): ApiFailure & { outcomeUnknown: true } {
  return {
    ok: false,
    error: {
      kind: 'network',
      status: null,
      message: 'The API did not answer the last two tries (they may have been charged), so it is not asked again automatically.',
    },
    apiVersion: null,
    rateLimit: null,
    outcomeUnknown: true,
  };
}

function offlineFailure(): ApiFailure {
  return {
    ok: false,
    error: { kind: 'network', status: null, message: 'This computer is offline: nothing was sent, nothing charged.' },
    apiVersion: null,
    rateLimit: null,
  };
}

/** Cache → (paid call) → cache: a live answer is kept, samples, refusals, drops and errors never. */
export function cachedPaidCall<T>(
  deps: PaidDeps & { cache: ResponseCache; ttl: () => { ttlMs: number; notFoundTtlMs: number } },
  call: CachedPaidCall<T>,
): Promise<CacheOutcome<T, PaidOutcome<T>>> {
  if (call.fresh) return freshPaidCall(deps, call);
  return deps.cache.getOrFetch(call.accountId, call.cacheKey, () => paidCall(deps, call, call.cacheKey), {
    ...deps.ttl(),
    classify: (o: PaidOutcome<T>) => classifyPaid(o, call.notFound),
  });
}

async function freshPaidCall<T>(
  deps: PaidDeps & { cache: ResponseCache; ttl: () => { ttlMs: number; notFoundTtlMs: number } },
  call: CachedPaidCall<T>,
): Promise<CacheOutcome<T, PaidOutcome<T>>> {
  const result = await paidCall(deps, call, call.cacheKey);
  const c = classifyPaid(result, call.notFound);
  let entry = null;
  if (c.cache !== 'skip') {
    try {
      entry = await deps.cache.set(call.accountId, call.cacheKey, c.value, { ...deps.ttl(), kind: c.cache });
    } catch {
      entry = null; // storage trouble never fails a paid answer
    }
  }
  return { from: 'fetch', result, entry, shared: false };
}

/** Cache classification of a paid answer: live data is kept, samples, refusals and errors never. */
export function classifyPaid<T>(out: PaidOutcome<T>, notFound?: (data: T) => boolean): Classified<T> {
  if (out.kind !== 'answered') return { cache: 'skip', reason: 'error' };
  const r = out.result;
  if (!r.ok) return { cache: 'skip', reason: 'error' };
  if (r.sample) return { cache: 'skip', reason: 'sample' };
  return notFound?.(r.data) ? { cache: 'not-found', value: r.data } : { cache: 'hit', value: r.data };
}
