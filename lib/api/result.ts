// What every client call resolves to (it never throws); `data` as each call in lib/api/calls.ts reads it.
import type { ApiError } from './errors';

/** From `X-RateLimit-*`; each null when absent or unreadable. `resetAt` is epoch ms whatever unit the server used. */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  resetAt: number | null;
}

/** Present when the answer is synthetic (free tier below a call's price). Surface `notice` to the user. */
export interface SampleInfo {
  notice: string;
  creditsRequired: number | null;
  creditsBalance: number | null;
  /** `creditsRequired - creditsBalance`, at least 0; null when either is unknown. */
  topUpNeeded: number | null;
  upgradeUrl: string | null;
}

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
  /** What this call cost and the balance after it. On a reveal, the top-level values of the body. */
  meta: { creditsCharged: number; creditsBalance: number };
  /** `Service-API-Version` (for `/v1/me`, falls back to the body's `apiVersion`). */
  apiVersion: string | null;
  rateLimit: RateLimitInfo;
  sample: SampleInfo | null;
}

/** `rateLimit`: null when no response arrived. Whether it was charged: lib/api/attempt-outcome.ts. */
export interface ApiFailure {
  ok: false;
  error: ApiError;
  apiVersion: string | null;
  rateLimit: RateLimitInfo | null;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
