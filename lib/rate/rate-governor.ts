import PQueue from 'p-queue';
import type { ApiFailure, ApiResult, RateLimitInfo } from '@/lib/api';
import type { AttemptVerdict } from '@/lib/api/attempt-outcome';
import { SlidingWindow, TokenBucket } from './limiters';
import { realTimers, sleep } from './timers';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

// api-spec "Limits": 120/min on every plan except Team (300/min) and Enterprise (5/s).
const DEFAULT_LIMIT: RateLimit = { limit: 120, windowMs: 60_000 };
const TIER_LIMITS: Readonly<Record<string, RateLimit>> = {
  team: { limit: 300, windowMs: 60_000 },
  enterprise: { limit: 5, windowMs: 1_000 },
};

/** The account's request rate. Unknown tier (before the first `/v1/me`, or a new tier name) gets the default 120/min. */
export function rateLimitForTier(tier: string | null | undefined): RateLimit {
  return (tier && Object.hasOwn(TIER_LIMITS, tier) && TIER_LIMITS[tier]) || DEFAULT_LIMIT;
}

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
}

/** Inclusive bounds of the delay before retry number `retry` (1 = first retry). */
export function backoffBounds(retry: number, { baseMs = 500, maxMs = 30_000 }: BackoffOptions = {}): [min: number, max: number] {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return [ceiling / 2, ceiling];
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random. Spreads retries from
 * several tabs/devices apart (the limit is per account) without ever retrying immediately.
 */
export function backoffDelay(retry: number, opts: BackoffOptions = {}): number {
  const [min, max] = backoffBounds(retry, opts);
  const r = Math.min(Math.max((opts.random ?? Math.random)(), 0), 1);
  return Math.round(min + r * (max - min));
}

export type Priority = 'user' | 'auto';

export interface ScheduleOptions<R> {
  priority: Priority;
  /**
   * Whether an attempt was charged and what next (lib/api/attempt-outcome.ts): sent again only when the server
   * answered and charged nothing; a lost or unreadable answer comes back `outcomeUnknown: true` for the paid path to book.
   */
  judge: (result: R) => AttemptVerdict;
  signal?: AbortSignal;
}

/** A failure the governor made itself, without a response: a long 429 pause, or a task that threw. */
export type LocalFailure = {
  ok: false;
  error: { kind: 'rate-limited'; status: null; message: string; retryAt: number } | { kind: 'network'; status: null; message: string };
  apiVersion: null;
  rateLimit: null;
};

/** What the governor needs of a result: success or an `ApiFailure`, with the rate headers read. Other APIs' clients (HubSpot, lib/crm/hubspot) use it too. */
export type GovernedResult = { ok: true; rateLimit: RateLimitInfo | null } | ApiFailure;

/**
 * What `schedule` resolves to: the task's result, the same failure marked `outcomeUnknown` (the server may have
 * acted, and charged: re-read before anything else), or a `LocalFailure`. Generic so callers keep their client's
 * exact result types.
 */
export type Scheduled<R extends GovernedResult> = R | (Extract<R, { ok: false }> & { outcomeUnknown: true }) | LocalFailure;
/** `Scheduled` for the local `ApiResult<T>` shape. */
export type ScheduledResult<T> = Scheduled<ApiResult<T>>;

/** The options that have a default, with it. */
const DEFAULTS = {
  /** Requests in flight at once. */
  concurrency: 4,
  /** Tries in total for a 5xx/network failure of an idempotent call. */
  maxAttempts: 3,
  /** How many 429s one task waits out before its 429 is handed back. */
  max429Retries: 3,
  /** Longest a task waits on a 429 pause; a longer one (reveal cap, drained account) fails fast with `retryAt`, not a hung UI. */
  maxWaitMs: 65_000,
  /** Widen the window by this fraction (at least `minSafetyMs`): jitter can bring two sends a window apart closer at the server. */
  safetyFraction: 0.02,
  minSafetyMs: 100,
  /** Automatic lookups may burst this many before being paced evenly across the window. */
  autoBurst: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  now: (): number => Date.now(),
  timers: realTimers,
  /** Jitter source, [0, 1). */
  random: (): number => Math.random(),
};

export type RateGovernorOptions = Partial<typeof DEFAULTS> & {
  /** Account tier from `/v1/me`; unknown/null → 120/min. */
  tier?: string | null;
  /** Another API's own limit (HubSpot's 100 per 10 s): used instead of the tier's. */
  limit?: RateLimit;
  /** Called when a 429 starts or extends the account-wide pause. */
  onPause?: (until: number) => void;
};

// p-queue: higher runs first. A task coming back for another try keeps its place ahead of fresh
// tasks of the same kind; user work always beats automatic work.
const PRIORITY = { auto: 0, autoRetry: 1, user: 2, userRetry: 3 } as const;

type Ticket = { seq: number } | { pausedUntil: number } | 'yield';

/**
 * Per-account request governor (one per account, in the background worker). Admission runs through a p-queue
 * with concurrency 1 (the "gate": priority order, abort-removal of queued tasks); the gate holder waits for a
 * send slot, then the request runs outside the gate, so up to `concurrency` are in flight. A user task arriving
 * while an automatic one waits at the gate takes its place. Limits at admission, all must allow a send:
 *  - the 429 pause (whole queue; the limit is per account),
 *  - a sliding-window log (hard cap, tier size or a stricter `X-RateLimit-Limit`),
 *  - the server's own `remaining` until its `resetAt` (other devices/keys drain the same account),
 *  - for automatic tasks, a token bucket that paces them over the window.
 */
export class RateGovernor {
  private readonly o: typeof DEFAULTS & Pick<RateGovernorOptions, 'onPause'>;

  private readonly gate = new PQueue({ concurrency: 1 });
  private tierLimit: RateLimit;
  private headerLimit: number | null = null;
  private readonly window: SlidingWindow;
  private readonly autoBucket: TokenBucket;
  private quota: { remaining: number; resetAt: number } | null = null;
  private pause = 0;
  private inFlight = 0;
  private sendSeq = 0;
  private wakeHolder: (() => void) | null = null;

  constructor(opts: RateGovernorOptions = {}) {
    // An option given as undefined (or null) keeps its default, as `??` would.
    this.o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v != null)) };
    this.tierLimit = opts.limit ?? rateLimitForTier(opts.tier);
    const { limit, windowMs } = this.effective();
    this.window = new SlidingWindow(limit, windowMs);
    this.autoBucket = new TokenBucket(this.o.autoBurst, limit / windowMs, this.o.now);
  }

  /** Resize for a tier (from `/v1/me`). Drops a stricter header limit learnt under the old tier. */
  setTier(tier: string | null | undefined): void {
    this.tierLimit = rateLimitForTier(tier);
    this.headerLimit = null;
    this.reconfigure();
  }

  /** Resize for a limit the API announced (HubSpot's `X-HubSpot-RateLimit-Max` on a larger plan). */
  setLimit(limit: RateLimit): void {
    if (limit.limit === this.tierLimit.limit && limit.windowMs === this.tierLimit.windowMs) return;
    this.tierLimit = limit;
    this.headerLimit = null;
    this.reconfigure();
  }

  /** Forget everything learnt about the account's quota: call when the key resolves to a different account. */
  reset(): void {
    this.quota = null;
    this.pause = 0;
    this.headerLimit = null;
    this.window.clear();
    this.reconfigure();
    this.wakeHolder?.();
  }

  /** When the account-wide 429 pause ends, or null if not paused. For "rate-limited until …". */
  pausedUntil(): number | null {
    return this.pause > this.o.now() ? this.pause : null;
  }

  stats(): { queued: number; inFlight: number; sent: number; limit: number; windowMs: number } {
    const { limit, windowMs } = this.effective();
    return { queued: this.gate.size + this.gate.pending, inFlight: this.inFlight, sent: this.sendSeq, limit, windowMs };
  }

  /**
   * Run `task` (one API call) when the account's limits allow, sent again as `opts.judge`'s verdict says. Rejects only
   * with the abort reason when `opts.signal` aborts; every other outcome is a result.
   */
  async schedule<R extends GovernedResult>(task: () => Promise<R>, opts: ScheduleOptions<R | LocalFailure>): Promise<Scheduled<R>> {
    type Failure = Extract<R, { ok: false }>;
    const { priority, judge, signal } = opts;
    let failures = 0;
    let limited = 0;
    let last429: Failure | null = null;

    // `again`: a task coming back for another try (every `continue`).
    for (let again = false; ; again = true) {
      signal?.throwIfAborted();
      const admitted = this.gate.add(() => this.admit(priority, signal), {
        priority: again ? (priority === 'user' ? PRIORITY.userRetry : PRIORITY.autoRetry) : PRIORITY[priority],
        signal,
      });
      // Let an automatic task napping at the gate notice the user is waiting and step aside.
      if (priority === 'user') this.wakeHolder?.();
      const ticket = await admitted;

      if (ticket === 'yield') continue;
      if ('pausedUntil' in ticket) {
        // Same shape as the task's 429, only with the later retryAt.
        return last429
          ? { ...last429, error: { ...last429.error, retryAt: ticket.pausedUntil } }
          : localFailure({
              kind: 'rate-limited',
              status: null,
              message: `Rate-limited until ${new Date(ticket.pausedUntil).toISOString()}`,
              retryAt: ticket.pausedUntil,
            });
      }

      let result: R | LocalFailure;
      try {
        if (signal?.aborted) throw signal.reason;
        result = await task();
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        // The client is meant to return failures, not throw; treat a throw as a lost request.
        result = localFailure({ kind: 'network', status: null, message: err instanceof Error ? err.message : String(err) });
      } finally {
        this.releaseSlot();
      }
      this.observe(result.rateLimit, ticket.seq, result.ok);
      if (result.ok) return result;
      const failure = result as Failure | LocalFailure;

      const verdict = judge(failure);
      if (verdict.charge === 'unknown') return { ...failure, outcomeUnknown: true } as Scheduled<R>;
      if (verdict.charge === 'meta' || verdict.next === 'final') return failure;
      if (verdict.next === 'wait') {
        // Only a response makes a 429 here (local failures are 'network' or returned directly).
        limited++;
        last429 = failure as Failure;
        // The pause lasts until the governor will really send again: a short Retry-After with the
        // allowance spent until a later reset waits for that reset (what "resumes in …" must show).
        this.pauseUntil(Math.max(this.retryTime(failure, limited), this.o.now() + this.quotaWait(this.o.now())));
        if (limited > this.o.max429Retries) return failure;
        continue;
      }
      failures++;
      if (failures >= this.o.maxAttempts) return failure;
      const backoff = backoffDelay(failures, { baseMs: this.o.backoffBaseMs, maxMs: this.o.backoffMaxMs, random: this.o.random });
      await sleep(this.o.timers, backoff, signal);
    }
  }

  // ── admission ───────────────────────────────────────────────────────────────────────────────

  private async admit(priority: Priority, signal: AbortSignal | undefined): Promise<Ticket> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.o.now();
      if (this.pause - now > this.o.maxWaitMs) return { pausedUntil: this.pause };
      if (priority === 'auto' && this.userWaiting()) return 'yield';
      if (this.inFlight >= this.o.concurrency) {
        await this.nap(Infinity, signal);
        continue;
      }
      const wait = Math.max(
        this.pause - now,
        this.window.msUntilFree(now),
        this.quotaWait(now),
        priority === 'auto' ? this.autoBucket.msUntil(1) : 0,
      );
      if (wait > 0) {
        await this.nap(wait, signal);
        continue;
      }
      this.inFlight++;
      this.window.record(now);
      if (priority === 'auto') this.autoBucket.tryTake(1);
      if (this.quota) this.quota.remaining--;
      return { seq: ++this.sendSeq };
    }
  }

  private userWaiting(): boolean {
    return this.gate.sizeBy({ priority: PRIORITY.user }) + this.gate.sizeBy({ priority: PRIORITY.userRetry }) > 0;
  }

  /** Sleep at the gate until `ms` passes or something changes (slot freed, user arrived, pause). */
  private nap(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return sleep(this.o.timers, ms, signal, (wake) => {
      this.wakeHolder = wake;
      return () => {
        if (this.wakeHolder === wake) this.wakeHolder = null;
      };
    });
  }

  private releaseSlot(): void {
    this.inFlight--;
    this.wakeHolder?.();
  }

  // ── what the server tells us ────────────────────────────────────────────────────────────────

  private quotaWait(now: number): number {
    if (!this.quota) return 0;
    if (this.quota.resetAt <= now) {
      this.quota = null;
      return 0;
    }
    return this.quota.remaining > 0 ? 0 : this.quota.resetAt - now;
  }

  /**
   * Correct our view from the rate-limit headers. `remaining` was counted when the server handled
   * request `seq`; everything we sent after it may not be in that count yet, so subtract it.
   */
  private observe(info: RateLimitInfo | null, seq: number, ok: boolean): void {
    if (!info) return;
    const now = this.o.now();
    // Only ever tighten from the header: a bigger number may be another limit (reveal cap); tier changes come via setTier.
    if (ok && info.limit != null && info.limit > 0 && info.limit < this.tierLimit.limit && info.limit !== this.headerLimit) {
      this.headerLimit = info.limit;
      this.reconfigure();
    }
    if (info.remaining == null || !Number.isFinite(info.remaining)) return;
    // An account window resets within one window; a reset further out is a unit mix-up, not a reason to stall.
    const horizon = now + this.effective().windowMs;
    const resetAt = info.resetAt == null || !Number.isFinite(info.resetAt) || info.resetAt > horizon ? horizon : info.resetAt;
    if (resetAt <= now) return;
    const remaining = Math.max(0, Math.floor(info.remaining) - (this.sendSeq - seq));
    if (!this.quota || this.quota.resetAt <= now || resetAt > this.quota.resetAt) this.quota = { remaining, resetAt };
    else this.quota.remaining = Math.min(this.quota.remaining, remaining);
  }

  private retryTime(result: ApiFailure, n429: number): number {
    const now = this.o.now();
    const told = (result.error.kind === 'rate-limited' ? result.error.retryAt : null) ?? result.rateLimit?.resetAt ?? null;
    const until =
      told != null && Number.isFinite(told) ? told : now + backoffDelay(n429, { baseMs: 1_000, maxMs: 60_000, random: this.o.random });
    // At least a second (clock skew can put retryAt in our past), at most an hour (sanity).
    return Math.min(Math.max(until, now + 1_000), now + 3_600_000);
  }

  private pauseUntil(until: number): void {
    if (until <= this.pause) return;
    this.pause = until;
    this.o.onPause?.(until);
    this.wakeHolder?.();
  }

  private effective(): RateLimit {
    const limit = Math.min(this.tierLimit.limit, this.headerLimit ?? Infinity);
    const { windowMs } = this.tierLimit;
    return { limit, windowMs: Math.ceil(windowMs + Math.max(windowMs * this.o.safetyFraction, this.o.minSafetyMs)) };
  }

  private reconfigure(): void {
    const { limit, windowMs } = this.effective();
    this.window.configure(limit, windowMs);
    this.autoBucket.configure(Math.min(this.o.autoBurst, limit), limit / windowMs);
  }
}

/** A failure the governor made itself: the shape of a client failure, without a response. */
function localFailure(error: LocalFailure['error']): LocalFailure {
  return { ok: false, error, apiVersion: null, rateLimit: null };
}
