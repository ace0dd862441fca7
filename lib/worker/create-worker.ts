import { createClearRunner, type ClearRunner } from '@/lib/storage/clear-runner';
import { browserKvStore } from '@/lib/storage/kv-store';
import { AccountService } from './account-service';
import { Cards } from './cards';
import { createDetails } from './details';
import { EnrichList } from './enrich-list';
import { createHandlers, gated } from './handlers';
import { HubSpotService } from './hubspot';
import { createLeadActions } from './lead-actions';
import { LookupRequests } from './lookup-requests';
import { PanelWatch } from './panel-watch';
import { PeopleOnPage } from './people-on-page';
import { createPopupSearch } from './popup-search';
import { ProfileLookup } from './profile-lookup';
import { createProspect } from './prospect';
import { Reveals } from './reveal-contact';
import { createCore, type WorkerCore } from './worker-core';
import type { WorkerDeps } from './worker-deps';
import { HUBSPOT_SYNC_ALARM } from './wake-ups';
import { alarmFired, startWorker, Wipe } from './worker-start';

export type { WorkerDeps } from './worker-deps';

/** `clearOn` (lib/storage/keys.ts) carried out over the worker's stores; what a module holds of a family goes first. */
function clearRunner(core: WorkerCore, peopleOnPage: PeopleOnPage, enrich: EnrichList): ClearRunner {
  return createClearRunner({
    stores: { idb: core.local, local: browserKvStore(browser.storage.local), session: browserKvStore(browser.storage.session) },
    forget: {
      cache: (accounts) => core.cache.forget(accounts),
      known: (accounts) => core.known.forget(accounts),
      halt: () => core.credits.forgetHalt(),
      pagePeople: () => peopleOnPage.dropRows(),
      enrichRun: (accounts) => enrich.forget(accounts),
    },
  });
}

/** The background worker: its services built once, and the one handler table; `entrypoints/background.ts` wires it to the browser. */
export function createWorker(deps: WorkerDeps) {
  let started: Promise<void> | null = null;
  const ready = () => started ?? Promise.resolve();
  const core = createCore(deps, { onRatePause: (until) => void lookup.showRatePause(until), started: () => started !== null });
  const { now, session, credits, views, wakeUps, accountCheck } = core;
  const reveals = new Reveals({ now, session, views, credits, reveals: core.reveals, leads: deps.leads, paid: core.paid });
  // The one late binding: a detail call's failure shows as the lookup shows one (the lookup loads details).
  const details = createDetails({ ...core, failed: (...a) => lookup.failed(...a) }, reveals);
  // The lookup's timing options (nameWaitMs, pace, aheadConfirmMs, watchTabUrls) are the background's.
  const lookup = new ProfileLookup({ ...deps, ...core, details, settings: () => core.settings.current(), paidCached: core.paidCached });
  // The rows of a list page and of a rep's list ("Enrich a list"): ./row-lookup.ts is what they share.
  const [peopleOnPage, enrich] = [new PeopleOnPage(core), new EnrichList({ ...core, leads: deps.leads })];
  const leads = createLeadActions({ ...core, leads: deps.leads, ...(deps.setFollowUps ? { setFollowUps: deps.setFollowUps } : {}) });
  const hubspot = new HubSpotService({
    fetch: deps.hubspotFetch ?? deps.fetch,
    ...(deps.secrets ? { secrets: deps.secrets } : {}),
    leads: deps.leads,
    reveals: core.reveals,
    accountInUse: () => session.accountId,
    now,
    ...(deps.hubspotRateOptions ? { rateOptions: deps.hubspotRateOptions } : {}),
    schedule: (ms) => wakeUps.at(HUBSPOT_SYNC_ALARM, now() + ms, () => void hubspot.sync()),
  });
  const autoLookUp = (tabId: number) => lookup.lookUp(tabId, { trigger: 'auto' });
  const account = new AccountService({
    ...core,
    clear: clearRunner(core, peopleOnPage, enrich),
    isWatched: (tabId) => lookup.isWatched(tabId),
    lookUp: autoLookUp,
    ...(deps.tellTab ? { tellTab: deps.tellTab } : {}),
  });
  const unwatch: Array<() => void> = [];
  const wipe = new Wipe({ wakeUps, unwatch, ...(deps.deleteAll ? { deleteAll: deps.deleteAll } : {}) });
  const handlers = createHandlers({
    lookup,
    details,
    reveals,
    leads,
    peopleOnPage,
    enrich,
    hubspot,
    account,
    accountCheck,
    views,
    requests: new LookupRequests({ ...core, lookUp: (tabId, opts) => lookup.lookUp(tabId, opts), notThem: (...a) => lookup.notThem(...a) }),
    cards: new Cards({
      ...core,
      fillFromCache: (view) => details.fillFromCache(view),
      matched: (...a) => lookup.matched(...a),
      lastWatched: () => lookup.lastWatched(),
    }),
    search: createPopupSearch(core),
    prospect: createProspect(core),
    ...(deps.tellTab ? { tellTab: deps.tellTab } : {}),
    deleteAll: () => wipe.run(),
  });
  const panels = new PanelWatch({
    views,
    lookup,
    forgetPeople: (tabId) => peopleOnPage.forget(tabId),
    ready,
    ...(deps.tellTab ? { tellTab: deps.tellTab } : {}),
  });
  const followUps = { now, wakeUps, refreshFollowUps: () => leads.refreshFollowUps() };

  return {
    // Messages can arrive while start() is still reading storage: every handler waits for it. Once "Delete
    // all data" has begun, none is served: the extension restarts as soon as the wipe is done.
    handlers: gated(handlers, { wiping: () => wipe.wiping, ready }),
    /** Load state; resume lookups a worker restart interrupted (what it cut off is booked from the journal, and resent at most once: ./paid-call.ts). */
    start(): Promise<void> {
      started ??= startWorker({
        ...core,
        ...followUps,
        lookUp: autoLookUp,
        resumeAt: (tabId, when) => lookup.resumeAt(tabId, when),
        resumeCrm: () => hubspot.resume(),
        settleRows: (lost, browserStart) => peopleOnPage.settleInterrupted(lost).then(() => enrich.settleInterrupted(browserStart)),
        onUnwatch: (u) => unwatch.push(u),
      });
      return started;
    },
    /** A panel page's port says which tab it shows (null: none); see tab-watchers.ts. */
    watch: (portId: string, tabId: number | null) => panels.watch(portId, tabId),
    unwatch: (portId: string) => panels.unwatch(portId),
    /**
     * `browser.alarms.onAlarm`, routed by the background (registered at its top level, so an alarm wakes
     * a stopped worker). Acts on stored state only: the worker that set the alarm may be gone.
     */
    onAlarm: async (name: string) => {
      await ready();
      await alarmFired(name, {
        ...followUps,
        accountCheck,
        pruneCosts: () => deps.leads.pruneCosts(now() - credits.ledger.retentionDays * 86_400_000),
        resume: (tabId) => lookup.resume(tabId),
        syncCrm: () => hubspot.sync(),
      });
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
