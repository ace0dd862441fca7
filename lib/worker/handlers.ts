import type { Handlers } from '@/lib/messaging/router';
import { createClearRunner } from '@/lib/storage/clear-runner';
import { browserKvStore } from '@/lib/storage/kv-store';
import { accountHandlers } from './account-service';
import { createDetails } from './details';
import { EnrichList } from './enrich-list';
import { HubSpotService } from './hubspot';
import { createLeadActions } from './lead-actions';
import { OnceInFlight } from './once-in-flight';
import { PeopleOnPage } from './people-on-page';
import { ProfileLookup } from './profile-lookup';
import { createProspect } from './prospect';
import { Reveals } from './reveal-contact';
import { HUBSPOT_SYNC_ALARM } from './wake-ups';
import type { WorkerDeps } from './worker-deps';
import type { Worker } from './worker-start';
import type { WorkerCore } from './worker-core';

/** The worker's services, each built once over the core (./worker-core.ts) with what it uses. */
export function createServices(deps: WorkerDeps, core: WorkerCore) {
  const { now, session, wakeUps } = core;
  const reveals = new Reveals({ ...core, leads: deps.leads });
  const details = createDetails(core);
  // The lookup's timing options (nameWaitMs, pace, aheadConfirmMs, watchTabUrls) are the background's.
  const lookup = new ProfileLookup({ ...deps, ...core, details, settings: () => core.settings.current(), paidCached: core.paidCached });
  // The rows of a list page and of a rep's list ("Enrich a list"): ./row-lookup.ts is what they share.
  const [peopleOnPage, enrich] = [new PeopleOnPage(core), new EnrichList({ ...core, leads: deps.leads })];
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
  // `clearOn` (lib/storage/keys.ts) carried out over the worker's stores; what a module holds of a family goes first.
  const clear = createClearRunner({
    stores: { idb: core.local, local: browserKvStore(browser.storage.local), session: browserKvStore(browser.storage.session) },
    forget: {
      cache: (accounts) => core.cache.forget(accounts),
      known: (accounts) => core.known.forget(accounts),
      halt: () => core.credits.forgetHalt(),
      pagePeople: () => peopleOnPage.dropRows(),
      enrichRun: (accounts) => enrich.forget(accounts),
    },
  });
  return {
    lookup,
    details,
    reveals,
    peopleOnPage,
    enrich,
    hubspot,
    autoLookUp,
    leads: createLeadActions({ ...core, leads: deps.leads, ...(deps.setFollowUps ? { setFollowUps: deps.setFollowUps } : {}) }),
    account: accountHandlers({ ...core, clear, lookUp: autoLookUp, tellTab: deps.tellTab }),
    prospect: createProspect(core),
  };
}

export type WorkerServices = ReturnType<typeof createServices>;

/**
 * The one handler table: each message → the service method that answers it. A double click on a priced
 * or state-changing button ("Refresh · 5 credits", "Look up N", "Search · 5 credits") is one action
 * (`once`): the second joins the first.
 */
export function createHandlers({ s, core, deps }: Worker, wipe: () => Promise<void>): Handlers {
  const once = new OnceInFlight();
  const { lookup } = s;
  const { watchers, accountCheck } = core;
  // A save or a reveal makes more of a person known: their "In HubSpot" mark is asked again, the sync runs.
  const crmAfter = async <T extends { ok: boolean }>(personId: string, done: Promise<T>): Promise<T> => {
    const out = await done;
    if (out.ok) await s.hubspot.personChanged(personId).catch(() => undefined);
    return out;
  };
  // A batch that pays: under a 402 halt, the balance is read again (free) first, so credits added since count.
  const paying = <T>(key: string, run: () => Promise<T>) =>
    once.run(key, async () => {
      await accountCheck.ifHalted();
      return run();
    });
  return {
    reportProfile: (report, from) => {
      if (from.kind !== 'content-script') return;
      const watched = watchers.isWatched(from.tabId);
      // A list page's rows: read only while a panel watches (the script was told so); they change no profile.
      if (report.people) return watched ? s.peopleOnPage.onPeople(from.tabId, report.url, report.people) : undefined;
      // A watched tab's new document: its row reader (none yet) starts out not reading until told. Once per
      // document: an SPA move needs no word (the reader follows the page itself).
      if (report.fresh && watched) deps.tellTab?.(from.tabId, { people: true });
      return lookup.onReport(report, from.tabId);
    },
    getTabState: (ref) => core.views.get(ref),
    lookUp: (input) =>
      once.run(`lookUp:${input.tabId}:${input.override === true}:${input.refresh === true}:${input.q ?? ''}`, () => lookup.request(input)),
    pickCandidate: (input) => lookup.pickCandidate(input),
    loadDetails: ({ view, target, override }) =>
      once.run(`details:${JSON.stringify(view)}:${target}:${override === true}`, () =>
        s.details.loadDetails(view, target, 'user', override ?? false),
      ),
    reveal: ({ view, personId, quoted }) => crmAfter(personId, s.reveals.reveal(view, personId, quoted)),
    saveLead: (input) => crmAfter(input.personId, s.leads.saveLead(input)),
    lookUpPeople: ({ tabId, keys, quoted, raise }) =>
      paying(`lookUpPeople:${tabId}`, () => s.peopleOnPage.lookUp(tabId, keys, quoted, raise)),
    refreshLead: ({ personId }) => once.run(`refreshLead:${personId}`, () => s.leads.refreshLead(personId)),
    revealLead: ({ personId, quoted }) => crmAfter(personId, s.reveals.revealLead(personId, quoted)),
    followUpsChanged: async () => {
      await s.hubspot.leadsChanged();
      return s.leads.refreshFollowUps();
    },
    search: ({ q, override }) => s.prospect.popupSearch(q, override ?? false),
    // The cache shares a page with another tab.
    prospect: (input) => once.run(`prospect:${JSON.stringify(input)}`, () => s.prospect.search(input)),
    loadTeam: (input) => once.run(`loadTeam:${JSON.stringify(input)}`, () => s.prospect.loadTeam(input)),
    showRecord: (input) => s.details.showRecord(input),
    openPerson: (input) => s.details.openPerson(input),
    back: () => s.details.back(),
    raiseBudgetToday: (input) => once.run(`raise:${input.tabId}`, () => lookup.raiseBudgetToday(input)),
    // The key and its account: getAccount, getMeter, saveApiKey, removeApiKey, getReveals, getSpending, clearCache.
    ...s.account,
    deleteAllData: async (_, from) => {
      if (from.kind !== 'extension-page') throw new Error('"Delete all data" is asked from an extension page only');
      await wipe();
    },
    hubspotStatus: () => s.hubspot.status(),
    connectHubSpot: (input) => once.run('connectHubSpot', () => s.hubspot.connect(input)),
    disconnectHubSpot: () => s.hubspot.disconnect(),
    hubspotMarks: ({ people, refresh }) => s.hubspot.marks(people, refresh ?? false),
    planHubSpotSend: ({ personIds }) => s.hubspot.plan(personIds),
    sendToHubSpot: ({ personIds, choices }) => s.hubspot.send(personIds, choices),
    setHubSpotSync: ({ keepUpToDate }) => s.hubspot.setSync(keepUpToDate),
    syncHubSpotNow: () => once.run('syncHubSpotNow', () => s.hubspot.syncNow()),
    quoteList: ({ rows }) => s.enrich.quote(rows),
    enrichList: ({ name, rows, quoted, fit, raise }) =>
      paying('enrichList', () => s.enrich.start(name, rows, quoted, fit === true, raise === true)),
    getEnrichRun: () => s.enrich.current(),
    cancelEnrich: () => s.enrich.cancel(),
    resumeEnrich: () => paying('resumeEnrich', () => s.enrich.resume()),
    pickListCandidate: ({ key, personId }) => s.enrich.pick(key, personId),
  };
}
