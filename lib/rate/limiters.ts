// The two limiters the rate governor (./rate-governor.ts) admits a send through.

/**
 * Sliding-window log: at most `limit` sends in any rolling `windowMs`. This is the hard cap. It is the
 * strictest reading of "N per minute", so it is also safe against a fixed-window server (any fixed
 * window is one of the rolling ones).
 */
export class SlidingWindow {
  private sends: number[] = [];

  constructor(
    private limit: number,
    private windowMs: number,
  ) {}

  configure(limit: number, windowMs: number): void {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  record(at: number): void {
    this.sends.push(at);
  }

  /** Milliseconds until one more send fits (0 if it fits now). */
  msUntilFree(now: number): number {
    this.prune(now);
    if (this.sends.length < this.limit) return 0;
    // The (len - limit + 1)-th oldest must leave the window before there is room.
    const blocker = this.sends[this.sends.length - this.limit];
    return blocker === undefined ? 0 : Math.max(1, blocker + this.windowMs - now);
  }

  clear(): void {
    this.sends = [];
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    let i = 0;
    while (i < this.sends.length && (this.sends[i] ?? Infinity) <= cutoff) i++;
    if (i) this.sends.splice(0, i);
  }
}

/**
 * Classic token bucket with lazy refill from an injected clock. Used to pace automatic lookups evenly
 * across the window, so a burst of them never fills the whole window and leaves a user click waiting.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private capacity: number,
    private refillPerMs: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Change size/rate (tier change); keeps current tokens, capped to the new capacity. */
  configure(capacity: number, refillPerMs: number): void {
    this.refill();
    this.capacity = capacity;
    this.refillPerMs = refillPerMs;
    this.tokens = Math.min(this.tokens, capacity);
  }

  /** Milliseconds until `n` tokens are available (0 if they are now). */
  msUntil(n = 1): number {
    this.refill();
    if (this.tokens >= n) return 0;
    return Math.ceil((n - this.tokens) / this.refillPerMs);
  }

  tryTake(n = 1): boolean {
    this.refill();
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  private refill(): void {
    const t = this.now();
    const elapsed = Math.max(0, t - this.last);
    this.last = t;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.refillPerMs);
  }
}
