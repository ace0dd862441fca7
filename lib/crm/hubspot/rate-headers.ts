/*
 * HubSpot's rate headers, read into the shape the rate governor observes (lib/rate). HubSpot's limit is
 * a rolling window ("100 requests per 10 seconds" on Free/Starter, 190 on Professional/Enterprise), told
 * on each answer by `X-HubSpot-RateLimit-Max`, `-Remaining` and `-Interval-Milliseconds` (API usage
 * guidelines, developers.hubspot.com/docs/guides/apps/api-usage/usage-details). A rolling window has no
 * reset time: the governor takes "within one window".
 */
import type { RateLimitInfo } from '@/lib/api';
import { parseHeaderNumber, retryAfterFrom } from '@/lib/api/rate-limit-headers';
import type { RateLimit } from '@/lib/rate/tiers';

export const HUBSPOT_RATE_HEADERS = {
  max: 'X-HubSpot-RateLimit-Max',
  remaining: 'X-HubSpot-RateLimit-Remaining',
  interval: 'X-HubSpot-RateLimit-Interval-Milliseconds',
} as const;

/** Free and Starter accounts: what applies until an answer announces more. */
export const HUBSPOT_DEFAULT_LIMIT: RateLimit = { limit: 100, windowMs: 10_000 };
/** The CRM search endpoints' own limit (changelog "CRM Search API Rate Limit Increase"): 4 per second per token. */
export const HUBSPOT_SEARCH_LIMIT: RateLimit = { limit: 4, windowMs: 1_000 };

export function parseHubSpotRateLimit(headers: Headers): RateLimitInfo & { windowMs: number | null } {
  return {
    limit: parseHeaderNumber(headers.get(HUBSPOT_RATE_HEADERS.max)),
    remaining: parseHeaderNumber(headers.get(HUBSPOT_RATE_HEADERS.remaining)),
    resetAt: null,
    windowMs: parseHeaderNumber(headers.get(HUBSPOT_RATE_HEADERS.interval)),
  };
}

/** When to send again after a 429: `Retry-After` if given, else one window (the rolling window has room again by then). */
export function hubspotRetryAt(headers: Headers, now: number, search: boolean): number {
  const told = retryAfterFrom(headers.get('Retry-After'), now);
  if (told !== null) return Math.max(told, now);
  const windowMs = parseHeaderNumber(headers.get(HUBSPOT_RATE_HEADERS.interval));
  return now + (windowMs ?? (search ? HUBSPOT_SEARCH_LIMIT.windowMs : HUBSPOT_DEFAULT_LIMIT.windowMs));
}
