/**
 * Test builds only (entrypoints/background.ts leaves it out of a release build): tells an e2e test when
 * the worker has gone quiet, so a test waits for that event instead of a fixed time before it asserts
 * that nothing more was sent or spent. Quiet means: nothing it counts in flight (API requests,
 * records-database operations, message/port/alarm handlers) for `quietMs` on end, and no spend-journal
 * entry open (every paid request's charge is booked in the ledger).
 */
export interface IdleProbeOptions {
  /** Whether a paid request's journal entry is still open (the records database's `journal` family). */
  journalOpen: () => Promise<boolean>;
  /** How long nothing may start for the worker to count as quiet: spans the untracked gaps between steps (storage.session, timers). */
  quietMs?: number;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function';

export function createIdleProbe({ journalOpen, quietMs = 250 }: IdleProbeOptions) {
  const busy = new Map<string, number>();
  // Bumped at every start: a quiet spell is one in which it did not move.
  let started = 0;
  const waiting = new Set<() => void>();

  function count<R>(label: string, run: () => R): R {
    const result = run();
    if (!isThenable(result)) return result;
    started++;
    busy.set(label, (busy.get(label) ?? 0) + 1);
    const done = () => {
      const left = (busy.get(label) ?? 1) - 1;
      if (left > 0) busy.set(label, left);
      else busy.delete(label);
      if (busy.size > 0) return;
      for (const wake of waiting) wake();
      waiting.clear();
    };
    result.then(done, done);
    return result;
  }

  /**
   * `target` with every call that returns a promise counted until it settles: a function, or an object
   * whose methods are (its other properties pass through). `label` names it in a timeout's message.
   */
  function tracked<T>(target: T, label: string): T {
    if (typeof target === 'function') {
      const fn = target as unknown as (...a: unknown[]) => unknown;
      return ((...args: unknown[]) => count(label, () => fn(...args))) as T;
    }
    return new Proxy(target as object, {
      get(obj, key) {
        const value: unknown = Reflect.get(obj, key);
        if (typeof value !== 'function') return value;
        const method = value as (...a: unknown[]) => unknown;
        return (...args: unknown[]) => count(`${label}.${String(key)}`, () => method.apply(obj, args));
      },
    }) as T;
  }

  const nothingInFlight = () => (busy.size === 0 ? Promise.resolve() : new Promise<void>((r) => waiting.add(r)));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function quiet(given: { up: boolean }): Promise<void> {
    while (!given.up) {
      await nothingInFlight();
      const before = started;
      await pause(quietMs);
      if (started !== before || busy.size > 0) continue;
      if (!(await journalOpen())) return;
      // A request journaled and not yet booked: its fetch or its booking is still to come.
      await pause(quietMs);
    }
  }

  return {
    tracked,
    /** Resolves once the worker is quiet; rejects after `timeoutMs`, naming what was still in flight. */
    idle(timeoutMs = 15_000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const given = { up: false };
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          given.up = true;
          const what = [...busy].map(([label, n]) => `${label} ×${n}`).join(', ');
          reject(new Error(`the worker is not idle after ${timeoutMs} ms: ${what || 'a journal entry is open'}`));
        }, timeoutMs);
      });
      return Promise.race([quiet(given), late]).finally(() => clearTimeout(timer));
    },
  };
}

/** What an e2e test calls, with `serviceWorker.evaluate` (Chromium) or through the background page (Firefox). */
export const IDLE_HOOK = '__cdIdle';

/** Puts the probe's `idle` on the worker's global scope as `IDLE_HOOK`. */
export function exposeIdleProbe(scope: object, options: IdleProbeOptions) {
  const probe = createIdleProbe(options);
  Object.assign(scope, { [IDLE_HOOK]: (timeoutMs?: number) => probe.idle(timeoutMs) });
  return probe;
}
