import type { ApiError } from '@/lib/api';
import type { Booked } from '@/lib/messages/texts';
import type { CacheOutcome } from '@/lib/cache';
import type { ResponseCache } from '@/lib/cache';
import type { CreditGovernor, RevealStore } from '@/lib/credits';
import type { ViewRef } from '@/lib/messaging/protocol';
import type { RateGovernor } from '@/lib/rate';
import type { Settings } from '@/lib/settings';
import type { AccountSession } from './account-session';
import type { KnownStore } from './known-store';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { ProfileChoices } from './profile-choices';
import type { LiveRecords } from './live-records';
import type { CachedPaidCall, PaidCall, PaidOutcome } from './paid-call';
import type { Views } from './views';
import type { WorkerCore } from './worker-core';
import type { WorkerDeps } from './worker-deps';

export type { WorkerDeps };
import type { WakeUps } from './wake-ups';

/**
 * What the services built over the context share: the governors, the stores and the one way to pay for
 * a call (the answers it kept enter the knowledge index here). `failed`: how a failed call shows on a view.
 */
export function workerContext(deps: WorkerDeps, core: WorkerCore, failed: WorkerContext['failed']): WorkerContext {
  const { known } = core;
  return {
    ...core,
    deps,
    leads: deps.leads,
    settings: () => core.settings.current(),
    paid: (call) => core.paidCall(call),
    async paidCached(call) {
      const out = await core.cachedPaidCall(call);
      // The one place answers enter the directory: a live answer the cache kept (so never a sample,
      // an error, or anything while the cache lifetime is off). A joined fetch was learned by its starter.
      if (out.from === 'fetch' && out.entry && !out.shared && call.call.cacheKey) {
        // Known now (the index is memory); its writes follow the caller's paint.
        const store = await known.remember(call.accountId, call.call.cacheKey, out.entry.value);
        if (call.after) call.after(store);
        else await store();
      }
      return out;
    },
    failed,
  };
}

/** What every worker action shares: the governors, the stores and the one way to pay for a call. */
export interface WorkerContext {
  deps: WorkerDeps;
  now: () => number;
  session: AccountSession;
  credits: CreditGovernor;
  rate: RateGovernor;
  cache: ResponseCache;
  reveals: RevealStore;
  leads: LeadStore;
  /** Every person and organisation in a live answer this account paid for (see known-store.ts). */
  known: KnownStore;
  /** The live prospect records handed to the prospect page, per account (what it saves and loads teams of, by id). */
  liveRecords: LiveRecords;
  /** What the user said about a profile: the candidate picked, the record that is "not them". */
  choices: ProfileChoices;
  views: Views;
  /** Timers backed by alarms (see wake-ups.ts): one pending resume per tab, re-armed at start. */
  wakeUps: WakeUps;
  settings(): Settings;
  ttl(): { ttlMs: number; notFoundTtlMs: number };
  /** Reserve → rate-limit → journal → call → settle (see paid-call.ts): every credit goes through here. */
  paid: <T>(call: PaidCall<T>) => Promise<PaidOutcome<T>>;
  /** The same behind the response cache (in-flight calls shared, live answers kept, and their records learned by `known`). */
  paidCached: <T>(call: CachedPaidCall<T>) => Promise<CacheOutcome<T, PaidOutcome<T>>>;
  /** Puts a failed call's state on a view (and re-arms a rate-limited tab). */
  failed: (view: ViewRef, profileKey: string | null, error: ApiError, booked?: Booked) => Promise<void>;
}
