// Fixed windows for the account request rate, the per-IP rejected-auth limit and the hourly reveal cap,
// plus the X-RateLimit-* headers. A window opens on its first hit and lasts windowMs.

import type { ResetUnit, Tier } from './types';

export interface Limit {
  limit: number;
  windowMs: number;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

export const TIER_RATE_LIMITS: Record<Tier, Limit> = {
  free: { limit: 120, windowMs: MINUTE },
  starter: { limit: 120, windowMs: MINUTE },
  pro: { limit: 120, windowMs: MINUTE },
  team: { limit: 300, windowMs: MINUTE },
  enterprise: { limit: 5, windowMs: 1_000 },
};

/** More than 20 rejected-auth requests per minute from one IP -> 429. */
export const REJECTED_AUTH_LIMIT: Limit = { limit: 20, windowMs: MINUTE };

export const REVEAL_CAPS: Record<'free' | 'paid', Limit> = {
  free: { limit: 60, windowMs: HOUR },
  paid: { limit: 600, windowMs: HOUR },
};

export interface WindowState {
  limit: number;
  remaining: number;
  /** Clock time (ms) at which the window resets. */
  resetAt: number;
}

export class FixedWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  private current(key: string, windowMs: number, now: number): { start: number; count: number } | undefined {
    const w = this.windows.get(key);
    return w && now < w.start + windowMs ? w : undefined;
  }

  /** State without consuming (a window that has not opened yet would reset a full window from now). */
  peek(key: string, { limit, windowMs }: Limit, now: number): WindowState {
    const w = this.current(key, windowMs, now);
    return w
      ? { limit, remaining: Math.max(0, limit - w.count), resetAt: w.start + windowMs }
      : { limit, remaining: limit, resetAt: now + windowMs };
  }

  /** Consumes one unit if the window has room; a refused hit consumes nothing. */
  take(key: string, l: Limit, now: number): { allowed: boolean; state: WindowState } {
    let w = this.current(key, l.windowMs, now);
    if (!w) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= l.limit) return { allowed: false, state: this.peek(key, l, now) };
    w.count += 1;
    return { allowed: true, state: this.peek(key, l, now) };
  }

  clear(): void {
    this.windows.clear();
  }
}

export function formatReset(resetAt: number, now: number, unit: ResetUnit): string {
  switch (unit) {
    case 'delta-seconds':
      return String(Math.max(0, Math.ceil((resetAt - now) / 1000)));
    case 'epoch-seconds':
      return String(Math.ceil(resetAt / 1000));
    case 'epoch-ms':
      return String(resetAt);
  }
}

export function rateHeaders(state: WindowState, now: number, unit: ResetUnit): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': formatReset(state.resetAt, now, unit),
  };
}

/** Whole seconds to wait, never 0 (a client told "0" would retry into the same window). */
export const retryAfterSeconds = (resetAt: number, now: number): string => String(Math.max(1, Math.ceil((resetAt - now) / 1000)));
