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
