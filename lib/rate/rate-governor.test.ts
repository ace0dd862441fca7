import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@/lib/api';
import { RateGovernor, backoffBounds, type ScheduledResult } from './rate-governor';
import { delay, fail, ok, simServer } from '@/tests/support/rate-sim-server';
import { judgeAttempt, type FailedAttempt } from '@/lib/api/attempt-outcome';

/** The verdicts the paid path hands in: a plain read (resent after a 5xx or a 429) and a reveal (never). */
const judgeRead = (r: { ok: true } | FailedAttempt) => judgeAttempt({ resend: 'once' }, r);
const judgeReveal = (r: { ok: true } | FailedAttempt) => judgeAttempt({ resend: 'never' }, r);

const T0 = Date.UTC(2025, 0, 15, 10, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Advance fake time in steps until every promise has settled (or the time budget runs out). */
async function settle<const P extends readonly Promise<unknown>[]>(
  promises: P,
  maxMs = 30 * 60_000,
  stepMs = 1_000,
): Promise<{ -readonly [K in keyof P]: PromiseSettledResult<Awaited<P[K]>> }> {
  let done = false;
  const all = Promise.allSettled(promises).then((r) => {
    done = true;
    return r;
  });
  for (let t = 0; !done && t < maxMs; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  expect(done).toBe(true);
  return all;
}

describe('burst against a 120/min server', () => {
  it.each(['sliding', 'fixed'] as const)(
    '500 automatic lookups against a %s-window server: no 429s and at least 95 percent of the limit',
    async (model) => {
      const server = simServer(model, { limit: 120, windowMs: 60_000, seed: 7 });
      const gov = new RateGovernor({ tier: 'pro' });
      const results = await settle(Array.from({ length: 500 }, () => gov.schedule(server.call, { priority: 'auto', judge: judgeRead })));

      expect(results.every((r) => r.status === 'fulfilled' && r.value.ok)).toBe(true);
      expect(server.rejected).toBe(0);
      expect(server.served).toHaveLength(500);
      const first = server.served[0] ?? 0;
      const last = server.served.at(-1) ?? 0;
      const perMinute = ((server.served.length - 1) / (last - first)) * 60_000;
      const share = perMinute / 120;
      // Figures for the report: printed, then asserted.
      console.info(
        `[burst ${model}] 429s=${server.rejected} served=${server.served.length} span=${((last - first) / 1000).toFixed(1)}s rate=${perMinute.toFixed(1)}/min share=${(share * 100).toFixed(1)}%`,
      );
      expect(share).toBeGreaterThanOrEqual(0.95);
      expect(share).toBeLessThanOrEqual(1);
    },
  );

  it.each([1, 2, 3])('user calls sprinkled through an automatic burst still cause no 429 (seed %i)', async (seed) => {
    const server = simServer('sliding', { seed });
    const gov = new RateGovernor({ tier: 'starter' });
    const all: Promise<ScheduledResult<number>>[] = [];
    for (let i = 0; i < 300; i++) all.push(gov.schedule(server.call, { priority: 'auto', judge: judgeRead }));
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(3_700);
      all.push(gov.schedule(server.call, { priority: 'user', judge: judgeRead }));
      if (i % 3 === 0) all.push(gov.schedule(server.call, { priority: 'user', judge: judgeRead }));
    }
    await settle(all);
    expect(server.rejected).toBe(0);
    expect(server.served).toHaveLength(all.length);
  });

  it('a user search queued behind the burst goes out within a second', async () => {
    const server = simServer('sliding', { seed: 3 });
    const gov = new RateGovernor({ tier: 'free' });
    const autos = Array.from({ length: 300 }, () => gov.schedule(server.call, { priority: 'auto', judge: judgeRead }));
    await vi.advanceTimersByTimeAsync(90_000); // deep into the backlog, window full
    const asked = Date.now();
    let answeredAt = 0;
    const user = gov.schedule(server.call, { priority: 'user', judge: judgeRead }).then((r) => {
      answeredAt = Date.now();
      return r;
    });
    await settle([user, ...autos]);
    expect(answeredAt - asked).toBeLessThan(1_500);
    expect(server.rejected).toBe(0);
  });
});

describe('priority', () => {
  it('user tasks run before queued automatic ones', async () => {
    const gov = new RateGovernor({ concurrency: 1 });
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await delay(10);
      return ok(name);
    };
    const all = [
      ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((n) => gov.schedule(task(n), { priority: 'auto', judge: judgeRead })),
      ...['u1', 'u2'].map((n) => gov.schedule(task(n), { priority: 'user', judge: judgeRead })),
    ];
    await settle(all);
    // a1 was already sent; the user calls overtake the rest and keep their own order.
    expect(order.slice(0, 3)).toEqual(['a1', 'u1', 'u2']);
    expect(order.slice(3)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const gov = new RateGovernor({ concurrency: 4 });
    let inFlight = 0;
    let peak = 0;
    const task = async () => {
      peak = Math.max(peak, ++inFlight);
      await delay(2_000);
      inFlight--;
      return ok(1);
    };
    await settle(Array.from({ length: 12 }, () => gov.schedule(task, { priority: 'user', judge: judgeRead })));
    expect(peak).toBe(4);
  });
});

describe('429', () => {
  it('pauses the whole queue until retryAt, then retries', async () => {
    const gov = new RateGovernor();
    const retryAt = T0 + 20_000;
    const sends: number[] = [];
    let first = true;
    const limitedOnce = async (): Promise<ApiResult<string>> => {
      sends.push(Date.now());
      if (first) {
        first = false;
        return fail('rate-limited', { retryAt });
      }
      return ok('fine');
    };
    const other = async () => {
      sends.push(Date.now());
      return ok('other');
    };
    const a = gov.schedule(limitedOnce, { priority: 'user', judge: judgeRead });
    await vi.advanceTimersByTimeAsync(0);
    const b = gov.schedule(other, { priority: 'auto', judge: judgeRead });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gov.pausedUntil()).toBe(retryAt);
    expect(sends).toHaveLength(1);

    const [ra, rb] = await settle([a, b]);
    expect(ra).toMatchObject({ status: 'fulfilled', value: { ok: true, data: 'fine' } });
    expect(rb).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    expect(sends.slice(1).every((t) => t >= retryAt)).toBe(true);
    expect(gov.pausedUntil()).toBeNull();
  });

  it('falls back to rateLimit.resetAt when retryAt is missing', async () => {
    const gov = new RateGovernor();
    const resetAt = T0 + 8_000;
    const sends: number[] = [];
    const task = async (): Promise<ApiResult<number>> => {
      sends.push(Date.now());
      return sends.length === 1 ? fail('rate-limited', {}, { limit: 120, remaining: 0, resetAt }) : ok(1);
    };
    await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })]);
    expect(sends[1]).toBeGreaterThanOrEqual(resetAt);
  });

  it('a reveal 429 while the request allowance is spent waits and goes again (it was rejected, not charged)', async () => {
    const gov = new RateGovernor();
    const spent = { limit: 120, remaining: 0, resetAt: T0 + 5_000 };
    const task = vi
      .fn<() => Promise<ApiResult<string>>>()
      .mockResolvedValueOnce(fail('rate-limited', { retryAt: T0 + 5_000 }, spent))
      .mockResolvedValueOnce(ok('revealed'));
    const [r] = await settle([gov.schedule(task, { priority: 'user', judge: judgeReveal })]);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: true, data: 'revealed' } });
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('a reveal 429 with request allowance left is the hourly reveal cap: handed back at once, lookups not paused', async () => {
    const gov = new RateGovernor({ maxWaitMs: 65_000 });
    const retryAt = T0 + 40 * 60_000;
    const task = vi.fn(async (): Promise<ApiResult<string>> =>
      fail('rate-limited', { retryAt }, { limit: 120, remaining: 97, resetAt: T0 + 30_000 }),
    );
    const queued = vi.fn(async () => ok('looked up'));
    const a = gov.schedule(task, { priority: 'user', judge: judgeReveal });
    await vi.advanceTimersByTimeAsync(0);
    const b = gov.schedule(queued, { priority: 'auto', judge: judgeRead });
    const [ra, rb] = await settle([a, b]);
    expect(task).toHaveBeenCalledTimes(1);
    expect(ra).toMatchObject({ status: 'fulfilled', value: { ok: false, error: { kind: 'rate-limited', retryAt } } });
    expect(rb).toMatchObject({ status: 'fulfilled', value: { ok: true, data: 'looked up' } });
    expect(gov.pausedUntil()).toBeNull();
  });

  it('a timed-out data call is not resent (it may have been served and charged): unknown outcome', async () => {
    const gov = new RateGovernor();
    const task = vi.fn(async (): Promise<ApiResult<string>> => fail('network', { timeout: true }));
    const [r] = await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })]);
    expect(task).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: false, outcomeUnknown: true, error: { kind: 'network' } } });
  });

  it('fails fast with retryAt when the account pause is longer than maxWaitMs', async () => {
    const gov = new RateGovernor({ maxWaitMs: 65_000 });
    const retryAt = T0 + 40 * 60_000;
    const task = vi.fn(async (): Promise<ApiResult<string>> => fail('rate-limited', { retryAt }));
    const queued = vi.fn(async () => ok('never'));
    const a = gov.schedule(task, { priority: 'auto', judge: judgeRead });
    await vi.advanceTimersByTimeAsync(0);
    const b = gov.schedule(queued, { priority: 'auto', judge: judgeRead });
    const [ra, rb] = await settle([a, b]);
    expect(task).toHaveBeenCalledTimes(1);
    expect(queued).not.toHaveBeenCalled();
    for (const r of [ra, rb])
      expect(r).toMatchObject({ status: 'fulfilled', value: { ok: false, error: { kind: 'rate-limited', retryAt } } });
    expect(gov.pausedUntil()).toBe(retryAt);
  });

  it('hands the 429 back after max429Retries', async () => {
    const onPause = vi.fn();
    const gov = new RateGovernor({ max429Retries: 2, onPause });
    const task = vi.fn(async () => fail('rate-limited', { retryAt: Date.now() + 2_000 }));
    const [r] = await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })]);
    expect(task).toHaveBeenCalledTimes(3);
    expect(onPause).toHaveBeenCalledTimes(3);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: false, error: { kind: 'rate-limited' } } });
  });
});

describe('header correction', () => {
  it('believes a lower `remaining` (shared account drained elsewhere) and waits for resetAt', async () => {
    const gov = new RateGovernor({ tier: 'pro' });
    const resetAt = T0 + 30_000;
    const sends: number[] = [];
    // Another device used 117 of 120: the first answer says 2 remain.
    const task = async () => {
      sends.push(Date.now());
      return ok(sends.length, { limit: 120, remaining: Math.max(0, 3 - sends.length), resetAt });
    };
    const first = await (async () => {
      const p = gov.schedule(task, { priority: 'user', judge: judgeRead });
      await vi.advanceTimersByTimeAsync(0);
      return p;
    })();
    expect(first.ok).toBe(true);
    await settle(Array.from({ length: 4 }, () => gov.schedule(task, { priority: 'user', judge: judgeRead })));
    expect(sends.filter((t) => t < resetAt)).toHaveLength(3);
    expect(sends.filter((t) => t >= resetAt)).toHaveLength(2);
  });

  it('counts requests sent after the answered one against `remaining`', async () => {
    const gov = new RateGovernor({ concurrency: 4 });
    const resetAt = T0 + 30_000;
    const sends: number[] = [];
    // Every answer (slow) says 2 remained when it was counted; four went out before the first answer.
    const task = async () => {
      sends.push(Date.now());
      await delay(100);
      return ok(1, { limit: 120, remaining: 2, resetAt });
    };
    await settle(
      Array.from({ length: 8 }, () => gov.schedule(task, { priority: 'user', judge: judgeRead })),
      120_000,
      100,
    );
    expect(sends.filter((t) => t < resetAt)).toHaveLength(4);
  });

  it('adopts a stricter X-RateLimit-Limit than the tier', async () => {
    const gov = new RateGovernor({ tier: 'team' });
    const task = async () => ok(1, { limit: 60, remaining: null, resetAt: null });
    await settle([gov.schedule(task, { priority: 'user', judge: judgeRead })]);
    expect(gov.stats().limit).toBe(60);
    gov.setTier('team');
    expect(gov.stats().limit).toBe(300);
  });

  it('ignores a resetAt absurdly far out (unit mix-up) beyond one window', async () => {
    const gov = new RateGovernor({ tier: 'pro' });
    const sends: number[] = [];
    const task = async () => {
      sends.push(Date.now());
      return ok(1, { limit: 120, remaining: 0, resetAt: T0 * 1000 });
    };
    await settle([task, task].map((t) => gov.schedule(t, { priority: 'user', judge: judgeRead })));
    expect((sends[1] ?? 0) - (sends[0] ?? 0)).toBeLessThanOrEqual(62_000);
  });
});

describe('5xx and network errors', () => {
  it('a lost answer (network) is never resent here: it comes back as an unknown outcome', async () => {
    const gov = new RateGovernor({ random: () => 0.5 });
    let sends = 0;
    const task = async () => {
      sends++;
      return fail('network');
    };
    const [r] = await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })], 60_000, 50);
    expect(sends).toBe(1);
    expect((r as PromiseFulfilledResult<ScheduledResult<never>>).value).toMatchObject({
      ok: false,
      error: { kind: 'network' },
      outcomeUnknown: true,
    });
  });

  it('a 504 (the gateway gave up, the API may have done the work) is not resent here', async () => {
    const gov = new RateGovernor({ random: () => 0.5 });
    let sends = 0;
    const task = async () => {
      sends++;
      return { ...fail('server'), error: { kind: 'server', status: 504, message: 'gateway timeout' } } as ReturnType<typeof fail>;
    };
    const [r] = await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })], 60_000, 50);
    expect(sends).toBe(1);
    expect((r as PromiseFulfilledResult<ScheduledResult<never>>).value).toMatchObject({ outcomeUnknown: true });
  });

  it.each(['server'] as const)('%s storm: 3 tries, backoff within jitter bounds, then the failure', async (kind) => {
    const gov = new RateGovernor({ random: () => 0.5 });
    const sends: number[] = [];
    const task = async () => {
      sends.push(Date.now());
      return fail(kind);
    };
    const [r] = await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })], 60_000, 50);
    expect(sends).toHaveLength(3);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: false, error: { kind } } });
    expect((r as PromiseFulfilledResult<ScheduledResult<never>>).value).not.toHaveProperty('outcomeUnknown');
    const gaps = sends.slice(1).map((t, i) => t - (sends[i] ?? 0));
    gaps.forEach((gap, i) => {
      const [min, max] = backoffBounds(i + 1);
      expect(gap).toBeGreaterThanOrEqual(min);
      expect(gap).toBeLessThanOrEqual(max + 50);
    });
  });

  it('recovers when a retry succeeds', async () => {
    const gov = new RateGovernor();
    const task = vi.fn<() => Promise<ApiResult<string>>>().mockResolvedValueOnce(fail('server')).mockResolvedValueOnce(ok('up'));
    const [r] = await settle([gov.schedule(task, { priority: 'user', judge: judgeRead })]);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: true, data: 'up' } });
  });

  it.each(['server', 'network', 'invalid-response'] as const)('a reveal is not resent after %s: outcomeUnknown', async (kind) => {
    const gov = new RateGovernor();
    const task = vi.fn(async () => fail(kind));
    const [r] = await settle([gov.schedule(task, { priority: 'user', judge: judgeReveal })]);
    expect(task).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({ status: 'fulfilled', value: { ok: false, outcomeUnknown: true, error: { kind } } });
  });

  it('a thrown task counts as a lost request (reveal → outcomeUnknown)', async () => {
    const gov = new RateGovernor();
    const task = vi.fn(async (): Promise<ApiResult<string>> => {
      throw new TypeError('Failed to fetch');
    });
    const [r] = await settle([gov.schedule(task, { priority: 'user', judge: judgeReveal })]);
    expect(r).toMatchObject({
      status: 'fulfilled',
      value: { ok: false, outcomeUnknown: true, error: { kind: 'network', message: 'Failed to fetch' } },
    });
  });

  it.each(['unauthorized', 'payment-required', 'forbidden-scope', 'not-found', 'wrong-host', 'bad-request', 'invalid-response'] as const)(
    'does not retry %s',
    async (kind) => {
      const gov = new RateGovernor();
      const task = vi.fn(async () => fail(kind));
      await settle([gov.schedule(task, { priority: 'auto', judge: judgeRead })]);
      expect(task).toHaveBeenCalledTimes(1);
    },
  );
});

describe('abort', () => {
  it('an aborted queued task leaves without running', async () => {
    const gov = new RateGovernor({ concurrency: 1 });
    const slow = async () => {
      await delay(1_000);
      return ok('slow');
    };
    const never = vi.fn(async () => ok('never'));
    const ctrl = new AbortController();
    const a = gov.schedule(slow, { priority: 'auto', judge: judgeRead });
    const b = gov.schedule(never, { priority: 'auto', judge: judgeRead, signal: ctrl.signal });
    await vi.advanceTimersByTimeAsync(100);
    ctrl.abort();
    const [ra, rb] = await settle([a, b]);
    expect(ra.status).toBe('fulfilled');
    expect(rb).toMatchObject({ status: 'rejected', reason: { name: 'AbortError' } });
    expect(never).not.toHaveBeenCalled();
    expect(gov.stats()).toMatchObject({ queued: 0, inFlight: 0 });
  });

  it('aborting during backoff stops the retries', async () => {
    const gov = new RateGovernor();
    const task = vi.fn(async () => fail('server'));
    const ctrl = new AbortController();
    const p = gov.schedule(task, { priority: 'auto', judge: judgeRead, signal: ctrl.signal });
    await vi.advanceTimersByTimeAsync(10);
    ctrl.abort();
    const [r] = await settle([p]);
    expect(r.status).toBe('rejected');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('an already-aborted signal never runs', async () => {
    const gov = new RateGovernor();
    const task = vi.fn(async () => ok(1));
    await expect(gov.schedule(task, { priority: 'user', judge: judgeRead, signal: AbortSignal.abort() })).rejects.toThrow();
    expect(task).not.toHaveBeenCalled();
  });
});

describe('tier sizing', () => {
  it.each([
    ['free', 120, 60_000],
    ['starter', 120, 60_000],
    ['pro', 120, 60_000],
    ['team', 300, 60_000],
    ['enterprise', 5, 1_000],
    [null, 120, 60_000],
    ['platinum', 120, 60_000],
  ] as const)('%s → %i per %i ms, window widened for jitter', (tier, limit, windowMs) => {
    const gov = new RateGovernor({ tier });
    expect(gov.stats()).toMatchObject({ limit, windowMs: windowMs + Math.max(windowMs * 0.02, 100) });
  });

  it('enterprise: never more than 5 sends in any second', async () => {
    const server = simServer('sliding', { limit: 5, windowMs: 1_000, seed: 11 });
    const gov = new RateGovernor({ tier: 'enterprise' });
    await settle(
      Array.from({ length: 60 }, () => gov.schedule(server.call, { priority: 'user', judge: judgeRead })),
      60_000,
      100,
    );
    expect(server.rejected).toBe(0);
    expect(server.served).toHaveLength(60);
  });
});
