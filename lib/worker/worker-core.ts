import { ResponseCache, type CacheOutcome } from '@/lib/cache/response-cache';
import { CreditGovernor } from '@/lib/credits/credit-governor';
import { RevealStore } from '@/lib/credits/reveals';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { effectiveDailyBudget } from '@/lib/credits/plan-budget';
import { sampleWhenShort } from '@/lib/credits/quote';
import { costRows } from '@/lib/leads/lead-costs';
import { RateGovernor } from '@/lib/rate/rate-governor';
import { cacheTtls, type Settings } from '@/lib/settings/settings';
import { getSettings, watchSettings } from '@/lib/settings/settings-item';
import { inMemoryOf } from '@/lib/storage/keys';
import { memoKvStore } from '@/lib/storage/memo-kv-store';
import { meterItem } from '@/lib/tab-state/items';
import { AccountCheck } from './account-check';
import { AccountSession } from './account-session';
import { KnownStore } from './known-store';
import { LiveRecords } from './live-records';
import { cachedPaidCall, paidCall, type CachedPaidCall, type PaidCall, type PaidDeps, type PaidOutcome } from './paid-call';
import { ProfileChoices } from './profile-choices';
import { TabWatchers } from './tab-watchers';
import { Views } from './views';
import { WakeUps } from './wake-ups';
import type { WorkerDeps } from './worker-deps';

/**
 * The settings as the worker reads them: loaded once at start, then kept current by the storage watch.
 * Synchronous reads (the credit governor's budget, the lookup's intent rules) see the latest value.
 */
function workerSettings() {
  let value: Settings | undefined;
  return {
    /** The settings now; only after `load`. */
    current(): Settings {
      if (!value) throw new Error('the worker has not read its settings yet');
      return value;
    },
    /** The settings now (read from storage first if start has not loaded them yet). */
    ready: async () => (value ??= await getSettings()),
    load: async () => (value = await getSettings()),
    /** Follows later changes: `onChange(next, previous)` after the new value is in place. Returns the unsubscribe. */
    watch: (onChange: (next: Settings, previous: Settings) => void) =>
      watchSettings((next) => {
        const previous = value ?? next;
        value = next;
        onChange(next, previous);
      }),
  };
}

/**
 * Writes the meter every page shows (storage.session) after anything that moves it: from the credit governor's
 * status and the session, the one place the pages learn prices, holds, today's remainder (calls on the wire
 * taken off) and the balance.
 */
function meterWriter(credits: CreditGovernor, session: AccountSession, settings: ReturnType<typeof workerSettings>) {
  return {
    async refresh(): Promise<CreditMeter> {
      const [status, s] = [await credits.status(), await settings.ready()];
      const account = session.account;
      const value: CreditMeter = {
        hasKey: session.hasKey,
        accountId: account?.id ?? null,
        accountName: account?.name ?? null,
        tier: account?.tier ?? null,
        balance: status.balance ?? account?.creditsBalance ?? null,
        balanceAt: status.balanceAt ?? session.checkedAt,
        spentToday: status.spentToday,
        dailyBudget: status.budget,
        lowBalanceWarning: s.lowBalanceWarning,
        sampleMode: account?.sampleMode ?? false,
        halted402: status.halted !== null,
        keyRejected: session.hasKey && session.keyRejected,
        scopes: account?.apiKey.scopes ?? null,
        prices: status.prices,
        holds: status.holds,
        remainingToday: status.remainingToday,
        lowBalance: status.lowBalance,
        pricesStale: status.pricesStale,
        docsUrl: account?.docs ?? null,
      };
      await meterItem.setValue(value);
      return value;
    },
  };
}

/** Told by the core when the rate governor paused the account's queue (a 429). */
export interface CoreEvents {
  onRatePause: (until: number) => void;
  /** Whether the worker has started (before that there is no meter to refresh). */
  started: () => boolean;
}

/**
 * The worker's stores and governors, and the one paid path over them: what every service is built from.
 * Each is constructed once here, with exactly what it uses.
 */
export function createCore(deps: WorkerDeps, events: CoreEvents) {
  const now = deps.now ?? (() => Date.now());
  // What the lookup path reads of the records database (picks, corrections, counts, cache misses) is kept in
  // memory as this worker reads and writes it (lib/storage/keys.ts `inMemory`).
  const local = memoKvStore(deps.local, inMemoryOf);
  const settings = workerSettings();
  const session = new AccountSession({
    fetch: deps.fetch,
    now,
    apiKey: deps.apiKey,
    store: local,
    ...(deps.canReach ? { canReach: deps.canReach } : {}),
    onKeyRejectedChange: () => void (events.started() && meter.refresh()),
  });
  const credits = new CreditGovernor({
    store: local,
    now,
    // An unset budget is the plan's: the tier comes from the last /v1/me (free; 150 until it answers).
    settings: () => {
      const s = settings.current();
      return { dailyBudget: effectiveDailyBudget(s.dailyBudget, session.account?.tier), lowBalanceWarning: s.lowBalanceWarning };
    },
    // The balance fell by more than the charges we know of: a free /v1/me once things are quiet books it.
    onUnexplained: () => accountCheck.soon(),
    sampleWhenShort: () => sampleWhenShort(session.account),
  });
  const meter = meterWriter(credits, session, settings);

  const wakeUps = new WakeUps({ now, alarms: deps.alarms });
  const accountCheck = new AccountCheck({
    session,
    credits,
    wakeUps,
    now,
    ...(deps.balanceCheckMs !== undefined ? { afterLossMs: deps.balanceCheckMs } : {}),
    onChecked: async () => void (await meter.refresh()),
  });
  const rate = new RateGovernor({
    now,
    ...deps.rateOptions,
    onPause: (until) => {
      deps.rateOptions?.onPause?.(until);
      events.onRatePause(until);
    },
  });
  const paidDeps: PaidDeps = {
    credits,
    rate,
    onSettled: () => void meter.refresh(),
    onUnknown: () => accountCheck.soon(),
    recheckPrices: () => accountCheck.run(),
    // Booked onto the people it paid for as it happens (a lead's cost never depends on the ledger's retention).
    onBooked: (call, entry, answer) => void deps.leads.bookCosts(costRows(call, entry, answer)).catch(() => undefined),
    ...(deps.isOffline ? { isOffline: deps.isOffline } : {}),
  };
  const ttl = () => cacheTtls(settings.current());
  // A search answer with its embedded company records is tens of KB: bound the count (and see unlimitedStorage).
  const cache = new ResponseCache({ store: local, now, maxEntries: 1_000, ...deps.cacheOptions });
  const known = new KnownStore({ store: local, now, ttlMs: () => ttl().ttlMs });
  return {
    now,
    local,
    settings,
    session,
    credits,
    meter,
    wakeUps,
    accountCheck,
    rate,
    cache,
    known,
    ttl,
    /** Reserve → rate-limit → journal → call → settle (./paid-call.ts): every credit goes through here. */
    paid: <T>(call: PaidCall<T>) => paidCall(paidDeps, call),
    /** The same behind the response cache (in-flight calls shared, live answers kept, and their records learned by `known`). */
    paidCached: async <T>(call: CachedPaidCall<T>): Promise<CacheOutcome<T, PaidOutcome<T>>> => {
      const out = await cachedPaidCall({ ...paidDeps, cache, ttl }, call);
      // The one place answers enter the directory: a live answer the cache kept (so never a sample,
      // an error, or anything while the cache lifetime is off). A joined fetch was learned by its starter.
      if (out.from === 'fetch' && out.entry && !out.shared && call.call.cacheKey) {
        // Known now (the index is memory); its writes follow the caller's paint.
        const store = await known.remember(call.accountId, call.call.cacheKey, out.entry.value, call.knownHow);
        if (call.after) call.after(store);
        else await store();
      }
      return out;
    },
    reveals: new RevealStore(local),
    choices: new ProfileChoices(local),
    liveRecords: new LiveRecords(),
    /** Which tab each open panel page shows (./tab-watchers.ts): the one record of it. */
    watchers: new TabWatchers(),
    views: new Views(now, deps.setBadge ?? (() => {}), deps.pushTabState),
  };
}

export type WorkerCore = ReturnType<typeof createCore>;
/** What a service is built with: the members of the core it uses, named in its deps type. */
export type CoreOf<K extends keyof WorkerCore> = Pick<WorkerCore, K>;
