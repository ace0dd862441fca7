/** Timer functions, injected so the governor runs on fake or simulated time. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Resolves after `ms` (Infinity with `wakeable`: only when woken), or rejects with the signal's reason as soon as it aborts.
 * `wakeable` receives a `wake` that ends it early, and returns what to undo when it ends.
 */
export function sleep(timers: Timers, ms: number, signal?: AbortSignal, wakeable?: (wake: () => void) => () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let id: unknown;
    let undo: (() => void) | undefined;
    const end = (settle: () => void) => () => {
      if (id !== undefined) timers.clearTimeout(id);
      signal?.removeEventListener('abort', onAbort);
      undo?.();
      settle();
    };
    const wake = end(resolve);
    const onAbort = end(() => reject(signal?.reason));
    // Only a wakeable sleep may wait forever; a plain one fires at once on a wait that is not a finite number.
    if (Number.isFinite(ms) || !wakeable) id = timers.setTimeout(wake, Math.max(0, ms));
    undo = wakeable?.(wake);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
