import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleProbe, exposeIdleProbe, IDLE_HOOK } from './idle';

/** A promise the test settles by hand. */
function pending() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Whether `p` has settled by the (fake) time `ms` from now. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('the idle probe (test builds)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is idle once nothing was in flight for quietMs and no journal entry is open', async () => {
    const probe = createIdleProbe({ journalOpen: async () => false, quietMs: 100 });
    const idle = probe.idle();
    expect(await settledWithin(idle, 99)).toBe(false);
    expect(await settledWithin(idle, 1)).toBe(true);
  });

  it.each([
    ['resolves', (p: ReturnType<typeof pending>) => p.resolve()],
    ['rejects', (p: ReturnType<typeof pending>) => p.reject(new Error('refused'))],
  ])('waits for a tracked call in flight until it %s, then for a quiet spell', async (_, settle) => {
    const probe = createIdleProbe({ journalOpen: async () => false, quietMs: 100 });
    const call = pending();
    const send = probe.tracked(() => call.promise, 'fetch');
    send().catch(() => undefined);
    const idle = probe.idle();
    expect(await settledWithin(idle, 1_000)).toBe(false);
    settle(call);
    expect(await settledWithin(idle, 99)).toBe(false);
    expect(await settledWithin(idle, 1)).toBe(true);
  });

  it('counts an object’s methods that return promises; other methods and properties pass through', async () => {
    const probe = createIdleProbe({ journalOpen: async () => false, quietMs: 100 });
    const write = pending();
    const store = probe.tracked({ name: 'records', size: () => 3, set: () => write.promise }, 'records');
    expect([store.name, store.size()]).toEqual(['records', 3]);
    const idle = probe.idle();
    await vi.advanceTimersByTimeAsync(50);
    void store.set();
    expect(await settledWithin(idle, 1_000)).toBe(false);
    write.resolve();
    expect(await settledWithin(idle, 100)).toBe(true);
  });

  it('starts the quiet spell again when a call starts and ends within it', async () => {
    const probe = createIdleProbe({ journalOpen: async () => false, quietMs: 100 });
    const read = probe.tracked(async () => 'value', 'records.get');
    const idle = probe.idle();
    await vi.advanceTimersByTimeAsync(80);
    await read();
    // The spell begun at 0 saw a start: quiet from the next spell's end (at 200 ms), not at 100 ms.
    expect(await settledWithin(idle, 100)).toBe(false);
    expect(await settledWithin(idle, 100)).toBe(true);
  });

  it('waits while a journal entry is open (a charge not booked yet)', async () => {
    let open = true;
    const probe = createIdleProbe({ journalOpen: async () => open, quietMs: 100 });
    const idle = probe.idle();
    expect(await settledWithin(idle, 1_000)).toBe(false);
    open = false;
    expect(await settledWithin(idle, 300)).toBe(true);
  });

  it.each([
    ['a call in flight', true, false, 'the worker is not idle after 500 ms: fetch ×1'],
    ['an open journal entry', false, true, 'the worker is not idle after 500 ms: a journal entry is open'],
  ])('gives up after its timeout, naming %s', async (_, inFlight, journal, message) => {
    const probe = createIdleProbe({ journalOpen: async () => journal, quietMs: 100 });
    if (inFlight) void probe.tracked(() => new Promise(() => undefined), 'fetch')();
    const idle = probe.idle(500);
    const seen = idle.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(500);
    expect(await seen).toBe(message);
  });

  it('is put on the worker’s global scope under the hook’s name', async () => {
    const scope: Record<string, unknown> = {};
    exposeIdleProbe(scope, { journalOpen: async () => false, quietMs: 100 });
    const hook = scope[IDLE_HOOK] as () => Promise<void>;
    expect(await settledWithin(hook(), 100)).toBe(true);
  });
});
