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
