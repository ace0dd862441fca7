/*
 * What every client call resolves to. The client never throws: a call ends in `ApiSuccess` or `ApiFailure`.
 *
 * `data` per call (lib/api/calls.ts; always the body minus `meta`, except where the body nests it):
 *   meCall                   → Account         (identity fields)
 *   personCall, revealCall   → PersonDetail    (the body's `data`: { person, coworkers[] })
 *   projectCall              → ProjectDetail   ({ project, team[] })
 *   investorCall             → InvestorDetail  ({ investor, team[], portfolio[] })
 *   serviceCall              → ServiceDetail   ({ service, team[] })
 *   searchCall               → SearchResults   ({ q, projects[], people[] })
 *   the list calls           → ListPage        ({ rows[], total, page, totalPages }; people add `facets`)
 * Unknown keys the server adds are kept on `data` (except top-level siblings of `/v1/people/{id}`'s `data`).
 */
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

/**
 * `rateLimit` is null when no response arrived (refused locally, network failure).
 * Charges: a 402 charges nothing (spec); for other statuses the spec is silent. After `network` or
 * `invalid-response` the call may have been charged — reconcile with `/v1/me` (free) rather than guess.
 */
export interface ApiFailure {
  ok: false;
  error: ApiError;
  apiVersion: string | null;
  rateLimit: RateLimitInfo | null;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
