// How the background is meant to compose the modules: cache → credits → rate → API client.
// Reserve inside the cache's fetcher, so a cache hit or a joined in-flight fetch never reserves.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryKvStore, type KvStore } from '../cache/kv-store';
import { ResponseCache } from '../cache/response-cache';
import type { ApiResult } from '../rate/api-result';
import { RateGovernor } from '../rate/rate-governor';
import { CreditGovernor } from './credit-governor';

const T0 = new Date(2025, 0, 15, 10).getTime();
type Refused = { ok: false; error: { kind: 'refused'; reason: string } };

function worker(store: KvStore, api: (q: string) => Promise<ApiResult<{ people: string[] }>>, dailyBudget = 150) {
  const cache = new ResponseCache({ store });
  const credits = new CreditGovernor({ store, settings: () => ({ dailyBudget, lowBalanceWarning: 50 }) });
  const rate = new RateGovernor({ tier: 'pro' });
  const lookup = (q: string, tabId: number) =>
    cache.getOrFetch('acct-1', `search:${q}`, async (): Promise<ApiResult<{ people: string[] }> | Refused> => {
      const path = `/v1/search?q=${encodeURIComponent(q)}`;
      const r = await credits.reserve(credits.estimate({ endpoint: 'search' }), { accountId: 'acct-1', path, trigger: 'auto', tabId });
      if (!r.ok) return { ok: false, error: { kind: 'refused', reason: r.reason } };
      const result = await rate.schedule(() => api(q), { priority: 'auto', retry: 'idempotent' });
      await credits.settle(r.reservation, result);
      return result;
    });
  return { lookup, credits };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

it('5 tabs → 1 paid call; after a worker restart → 0; over budget → refused before any call', async () => {
  const store = memoryKvStore();
  let balance = 100;
  const api = vi.fn(async (q: string): Promise<ApiResult<{ people: string[] }>> => {
    await new Promise((r) => setTimeout(r, 300));
    balance -= 5;
    return {
      ok: true,
      status: 200,
      data: { people: [q] },
      meta: { creditsCharged: 5, creditsBalance: balance },
      apiVersion: '1.5.0',
      rateLimit: { limit: 120, remaining: 119, resetAt: Date.now() + 60_000 },
      sample: null,
    };
  });

  const first = worker(store, api, 5);
  const tabs = Promise.all([1, 2, 3, 4, 5].map((tab) => first.lookup('adaquant', tab)));
  await vi.advanceTimersByTimeAsync(1_000);
  expect((await tabs).every((o) => o.from === 'fetch' && o.entry?.value?.people[0] === 'adaquant')).toBe(true);
  expect(api).toHaveBeenCalledTimes(1);
  expect(await first.credits.status()).toMatchObject({ spentToday: 5, reserved: 0, balance: 95 });

  const restarted = worker(store, api, 5);
  expect(await restarted.lookup('adaquant', 6)).toMatchObject({ from: 'cache' });
  const other = await restarted.lookup('someone else', 6);
  expect(other).toMatchObject({ from: 'fetch', entry: null, result: { ok: false, error: { kind: 'refused', reason: 'budget' } } });
  expect(api).toHaveBeenCalledTimes(1);
  expect(await restarted.credits.status()).toMatchObject({ spentToday: 5, reserved: 0, remainingToday: 0 });
});
