import { createHandlers, createServices, gated } from './handlers';
import { PanelWatch } from './panel-watch';
import { createCore } from './worker-core';
import type { WorkerDeps } from './worker-deps';
import { alarmFired, startWorker, Wipe } from './worker-start';

export type { WorkerDeps } from './worker-deps';

/** The background worker: its services built once, and the one handler table; `entrypoints/background.ts` wires it to the browser. */
export function createWorker(deps: WorkerDeps) {
  let started: Promise<void> | null = null;
  const ready = () => started ?? Promise.resolve();
  const core = createCore(deps, { onRatePause: (until) => void s.lookup.showRatePause(until), started: () => started !== null });
  const { views, wakeUps } = core;
  const unwatch: Array<() => void> = [];
  const wipe = new Wipe({ wakeUps, unwatch, ...(deps.deleteAll ? { deleteAll: deps.deleteAll } : {}) });
  const s = createServices(deps, core, () => wipe.run());
  const { lookup, peopleOnPage } = s;
  const panels = new PanelWatch({
    views,
    lookup,
    watchers: core.watchers,
    forgetPeople: (tabId) => peopleOnPage.forget(tabId),
    ready,
    ...(deps.tellTab ? { tellTab: deps.tellTab } : {}),
  });
  const worker = { deps, core, s };

  return {
    handlers: gated(createHandlers(s), { wiping: () => wipe.wiping, ready }),
    /** Load state; resume lookups a worker restart interrupted (what it cut off is booked from the journal, and resent at most once: ./paid-call.ts). */
    start(): Promise<void> {
      started ??= startWorker(worker, (u) => unwatch.push(u));
      return started;
    },
    /** A panel page's port says which tab it shows (null: none); see tab-watchers.ts. */
    watch: (portId: string, tabId: number | null) => panels.watch(portId, tabId),
    unwatch: (portId: string) => panels.unwatch(portId),
    /** `browser.alarms.onAlarm`, routed by the background (./worker-start.ts). */
    onAlarm: async (name: string) => {
      await ready();
      await alarmFired(name, worker);
    },
    onTabRemoved: async (tabId: number) => {
      lookup.clearTimer(tabId);
      await peopleOnPage.forget(tabId);
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
