// Test helpers (imported by lib/rate/*.test.ts): a simulated per-account rate-limited API on fake time.
import type { ApiFailure, ApiResult, ApiSuccess, RateLimitInfo } from '../../lib/api';

/** Seeded so simulated latencies are random-looking but reproducible (the emulator's PRNG). */
import { mulberry32 as seededRandom } from '../emulator/prng';
export { seededRandom };

export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function ok<T>(data: T, rateLimit: RateLimitInfo = { limit: null, remaining: null, resetAt: null }): ApiSuccess<T> {
  return { ok: true, status: 200, data, meta: { creditsCharged: 5, creditsBalance: 100 }, apiVersion: '1.5.0', rateLimit, sample: null };
}

export function fail(
  kind: ApiFailure['error']['kind'],
  extra: { retryAt?: number; timeout?: boolean } = {},
  rateLimit: RateLimitInfo | null = null,
): ApiFailure {
  const status = { 'rate-limited': 429, server: 503, network: null, 'invalid-response': 200 }[kind as string] ?? 400;
  // Test double: the shape varies by kind (retryAt only on rate-limited, path on invalid-response).
  const error = { kind, status, message: kind, path: '', retryAt: 0, ...extra } as ApiFailure['error'];
  return { ok: false, error, apiVersion: null, rateLimit };
}

export interface SimServer {
  call(): Promise<ApiResult<number>>;
  /** Server-side arrival times of the requests it served. */
  served: number[];
  rejected: number;
}

/**
 * A server enforcing `limit` per `windowMs`, either as a rolling window or as fixed windows aligned
 * to multiples of `windowMs`, answering with rate-limit headers. Latency is split either side.
 */
export function simServer(model: 'sliding' | 'fixed', opts: { limit?: number; windowMs?: number; seed?: number } = {}): SimServer {
  const limit = opts.limit ?? 120;
  const windowMs = opts.windowMs ?? 60_000;
  const rand = seededRandom(opts.seed ?? 1);
  const served: number[] = [];
  const state = { rejected: 0 };
  const latency = () => 40 + rand() * 160;

  async function call(): Promise<ApiResult<number>> {
    await delay(latency() / 2);
    const t = Date.now();
    let count: number;
    let resetAt: number;
    if (model === 'sliding') {
      const inWindow = served.filter((s) => s > t - windowMs);
      count = inWindow.length;
      resetAt = (inWindow[0] ?? t) + windowMs;
    } else {
      const start = Math.floor(t / windowMs) * windowMs;
      count = served.filter((s) => s >= start).length;
      resetAt = start + windowMs;
    }
    let result: ApiResult<number>;
    if (count >= limit) {
      state.rejected++;
      result = fail('rate-limited', { retryAt: resetAt }, { limit, remaining: 0, resetAt });
    } else {
      served.push(t);
      result = ok(served.length, { limit, remaining: limit - count - 1, resetAt });
    }
    await delay(latency() / 2);
    return result;
  }

  return {
    call,
    served,
    get rejected() {
      return state.rejected;
    },
  };
}
