// A simulated clock for compressed-time runs: `now` and `timers` to inject (RateGovernor, client,
// emulator), and a driver that runs the event loop dry, then jumps to the next timer.

import type { Timers } from '../../lib/rate/timers';

interface Pending {
  at: number;
  id: number;
  fn: () => void;
}

/** Lets every promise chain that can make progress without a timer do so. */
async function drain(turns = 6): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class SimClock {
  private t: number;
  private pending: Pending[] = [];
  private nextId = 1;
  /** Timer callbacks fired so far. */
  steps = 0;

  constructor(start = Date.UTC(2025, 0, 15, 10, 0, 0)) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  readonly timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = this.nextId++;
      this.pending.push({ at: this.t + Math.max(0, Number.isFinite(ms) ? ms : 0), id, fn });
      return id;
    },
    clearTimeout: (id) => {
      this.pending = this.pending.filter((p) => p.id !== id);
    },
  };

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  /** Fires the next timer (time jumps to it); false when none is pending. */
  advance(): boolean {
    if (this.pending.length === 0) return false;
    let next = this.pending[0]!;
    for (const p of this.pending) if (p.at < next.at || (p.at === next.at && p.id < next.id)) next = p;
    this.pending = this.pending.filter((p) => p !== next);
    this.t = Math.max(this.t, next.at);
    this.steps++;
    next.fn();
    return true;
  }

  /** Runs simulated time until `work` settles; throws if nothing is left to wake it (a deadlock). */
  async run<T>(work: Promise<T>, maxSimMs = 24 * 3_600_000): Promise<T> {
    const start = this.t;
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (;;) {
      await drain();
      if (settled) return work;
      if (this.pending.length === 0) throw new Error('simulated run stalled: no timer left and the work is not done');
      let next = this.pending[0]!;
      for (const p of this.pending) if (p.at < next.at || (p.at === next.at && p.id < next.id)) next = p;
      this.pending = this.pending.filter((p) => p !== next);
      this.t = Math.max(this.t, next.at);
      if (this.t - start > maxSimMs) throw new Error(`simulated run exceeded ${maxSimMs} ms`);
      this.steps++;
      next.fn();
    }
  }
}

/** Seeded so simulated latencies are reproducible (the emulator's mulberry32). */
export { mulberry32 as seededRandom } from '../emulator/prng';
