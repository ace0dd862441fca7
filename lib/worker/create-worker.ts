import type { Handlers } from '@/lib/messaging/router';
import { ALL_DATA_BEING_DELETED } from '@/lib/messages/texts';
import { createHandlers, createServices } from './handlers';
import { createCore } from './worker-core';
import { alarmFired, startWorker } from './worker-start';
import type { WorkerDeps } from './worker-deps';

export type { WorkerDeps } from './worker-deps';

/** The background worker: its services built once, and the one handler table; `entrypoints/background.ts` wires it to the browser. */
export function createWorker(deps: WorkerDeps) {
  let started: Promise<void> | null = null;
  const ready = () => started ?? Promise.resolve();
  const core = createCore(deps, { onRatePause: (until) => void s.lookup.showRatePause(until), started: () => started !== null });
  const { views, wakeUps, watchers } = core;
  const unwatch: Array<() => void> = [];
  let wiping = false;

  /** "Delete all data": once begun, nothing may write again between the wipe and the restart. */
  async function wipe(): Promise<void> {
    if (!deps.deleteAll) throw new Error('this worker cannot delete its data');
    // No message is served (a lookup or a send started now would recreate a database), no timer, no
    // reaction to the wiped settings.
    wiping = true;
    wakeUps.stop();
    unwatch.forEach((u) => u());
    await deps.deleteAll().catch((e: unknown) => {
      wiping = false; // not wiped: the extension goes on as it was (until its next start, without its watchers)
      throw e;
    });
  }

  const s = createServices(deps, core);
  const worker = { deps, core, s };

  /**
   * Panel pages (their ports) started or stopped watching tabs (`before`: the tabs watched until now): the back
   * stack follows the tab shown, and a tab's content script reads a list page's rows only while watched.
   */
  async function watchersChanged(before: Set<number>, tabId: number | null): Promise<void> {
    const now = watchers.tabs();
    for (const tab of now) if (!before.has(tab)) deps.tellTab?.(tab, { people: true });
    for (const tab of before) {
      if (now.has(tab)) continue;
      deps.tellTab?.(tab, { people: false });
      void s.peopleOnPage.forget(tab);
    }
    // The followed tab changed: the back stack belongs to the tab it was opened over.
    await views.followed(tabId, (t) => watchers.isWatched(t));
  }

  // Messages can arrive while the start is still reading storage: every handler waits for it. Once "Delete
  // all data" has begun, none is served: the extension restarts as soon as the wipe is done.
  const gated = (handler: unknown) => async (input: never, from: never) => {
    if (wiping) throw new Error(ALL_DATA_BEING_DELETED);
    await ready();
    return (handler as (i: never, f: never) => unknown)(input, from);
  };

  return {
    handlers: Object.fromEntries(Object.entries(createHandlers(worker, wipe)).map(([type, h]) => [type, gated(h)])) as unknown as Handlers,
    /** Load state; resume lookups a worker restart interrupted (what it cut off is booked from the journal, and resent at most once: ./paid-call.ts). */
    start(): Promise<void> {
      started ??= startWorker(worker, (u) => unwatch.push(u));
      return started;
    },
    /** A panel page's port says which tab it shows (null: none); see tab-watchers.ts. */
    async watch(portId: string, tabId: number | null): Promise<void> {
      const before = watchers.tabs();
      const watching = s.lookup.watch(portId, tabId, ready());
      await watchersChanged(before, tabId);
      await watching;
    },
    unwatch(portId: string): Promise<void> {
      const before = watchers.tabs();
      s.lookup.unwatch(portId);
      return watchersChanged(before, null);
    },
    /** `browser.alarms.onAlarm`, routed by the background (./worker-start.ts). */
    onAlarm: async (name: string) => {
      await ready();
      await alarmFired(name, worker);
    },
    onTabRemoved: async (tabId: number) => {
      s.lookup.clearTimer(tabId);
      await s.peopleOnPage.forget(tabId);
      await views.leftTab(tabId);
      return views.remove(tabId);
    },
    stop(): void {
      wakeUps.stop();
      views.stop();
      unwatch.forEach((u) => u());
    },
  };
}
