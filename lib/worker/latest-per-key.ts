/**
 * Runs tasks one at a time per key, keeping only the latest waiting one: while a tab's report is handled, newer
 * ones replace each other, so 50 navigations a second cost two handlings, not fifty. `run` resolves with the
 * task's value, or `{ superseded: true }` when a newer task for the key took its place before it started.
 */
export class LatestPerKey<K> {
  private readonly running = new Map<K, Promise<void>>();
  private readonly waiting = new Map<K, { task: () => Promise<unknown>; settle: (v: unknown) => void }>();

  run<T>(key: K, task: () => Promise<T>): Promise<{ superseded: false; value: T } | { superseded: true }> {
    return new Promise((resolve) => {
      const settle = (v: unknown) => resolve(v as { superseded: false; value: T } | { superseded: true });
      const previous = this.waiting.get(key);
      if (previous) previous.settle({ superseded: true });
      this.waiting.set(key, { task, settle });
      if (!this.running.has(key)) this.drain(key);
    });
  }

  private drain(key: K): void {
    const next = this.waiting.get(key);
    if (!next) {
      this.running.delete(key);
      return;
    }
    this.waiting.delete(key);
    const done = next.task().then(
      (value) => next.settle({ superseded: false, value }),
      (error: unknown) => {
        // A failing handler must not wedge the key; the caller still learns nothing was shown.
        console.warn('Crypto Directory: a report could not be handled', error);
        next.settle({ superseded: true });
      },
    );
    this.running.set(
      key,
      done.then(() => this.drain(key)),
    );
  }
}
