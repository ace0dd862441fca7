export type Tier = 'free' | 'starter' | 'pro' | 'team' | 'enterprise';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

// api-spec "Limits": 120/min on every plan except Team (300/min) and Enterprise (5/s).
const TIER_LIMITS: Record<Tier, RateLimit> = {
  free: { limit: 120, windowMs: 60_000 },
  starter: { limit: 120, windowMs: 60_000 },
  pro: { limit: 120, windowMs: 60_000 },
  team: { limit: 300, windowMs: 60_000 },
  enterprise: { limit: 5, windowMs: 1_000 },
};

/** The account's request rate. Unknown tier (before the first `/v1/me`, or a new tier name) gets the default 120/min. */
export function rateLimitForTier(tier: string | null | undefined): RateLimit {
  return tier && Object.hasOwn(TIER_LIMITS, tier) ? TIER_LIMITS[tier as Tier] : TIER_LIMITS.free;
}
