import type { Handlers } from '@/lib/messaging/router';
import { ALL_DATA_BEING_DELETED } from '@/lib/messages/texts';
import type { AccountCheck } from './account-check';
import type { AccountService } from './account-service';
import type { Cards } from './cards';
import type { Details } from './details';
import type { EnrichList } from './enrich-list';
import type { HubSpotService } from './hubspot';
import type { createLeadActions } from './lead-actions';
import type { LookupRequests } from './lookup-requests';
import { OnceInFlight } from './once-in-flight';
import type { PeopleOnPage } from './people-on-page';
import type { createPopupSearch } from './popup-search';
import type { ProfileLookup } from './profile-lookup';
import type { createProspect } from './prospect';
import type { Reveals } from './reveal-contact';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { Views } from './views';

/** What the handler table maps messages to: the worker's services, each built once by create-worker.ts. */
export interface WorkerServices {
  lookup: ProfileLookup;
  requests: LookupRequests;
  cards: Cards;
  details: Details;
  reveals: Reveals;
  leads: ReturnType<typeof createLeadActions>;
  peopleOnPage: PeopleOnPage;
  enrich: EnrichList;
  search: ReturnType<typeof createPopupSearch>;
  prospect: ReturnType<typeof createProspect>;
  hubspot: HubSpotService;
  account: AccountService;
  views: Views;
  accountCheck: AccountCheck;
  /** "Delete all data" (the worker stops serving first). */
  deleteAll: () => Promise<void>;
  tellTab?: (tabId: number, message: PeopleSwitch) => void;
}

/**
 * Messages can arrive while the worker's start is still reading storage: every handler waits for it. Once
 * "Delete all data" has begun, none is served: the extension restarts as soon as the wipe is done.
 */
export function gated(handlers: Handlers, worker: { wiping: () => boolean; ready: () => Promise<void> }): Handlers {
  const wait = (handler: unknown) => async (input: never, from: never) => {
    if (worker.wiping()) throw new Error(ALL_DATA_BEING_DELETED);
    await worker.ready();
    return (handler as (i: never, f: never) => unknown)(input, from);
  };
  return Object.fromEntries(Object.entries(handlers).map(([type, handler]) => [type, wait(handler)])) as unknown as Handlers;
}

/**
 * The one handler table: each message → the service method that answers it. A double click on a priced
 * or state-changing button ("Refresh · 5 credits", "Look up N", "Search · 5 credits") is one action
 * (`once`): the second joins the first.
 */
export function createHandlers(s: WorkerServices): Handlers {
  const once = new OnceInFlight();
  const { lookup } = s;
  // A save or a reveal makes more of a person known: their "In HubSpot" mark is asked again, the sync runs.
  const crmAfter = async <T extends { ok: boolean }>(personId: string, done: Promise<T>): Promise<T> => {
    const out = await done;
    if (out.ok) await s.hubspot.personChanged(personId).catch(() => undefined);
    return out;
  };
  return {
    reportProfile: (report, from) => {
      if (from.kind !== 'content-script') return;
      const watched = lookup.isWatched(from.tabId);
      // A list page's rows: read only while a panel watches (the script was told so); they change no profile.
      if (report.people) return watched ? s.peopleOnPage.onPeople(from.tabId, report.url, report.people) : undefined;
      // A watched tab's new document: its row reader (none yet) starts out not reading until told. Once per
      // document: an SPA move needs no word (the reader follows the page itself).
      if (report.fresh && watched) s.tellTab?.(from.tabId, { people: true });
      return lookup.onReport(report, from.tabId);
    },
    getTabState: (ref) => s.views.get(ref),
    lookUp: (input) =>
      once.run(`lookUp:${input.tabId}:${input.override === true}:${input.refresh === true}:${input.q ?? ''}`, () =>
        s.requests.lookUp(input),
      ),
    pickCandidate: (input) => s.cards.pickCandidate(input),
    loadDetails: ({ view, target, override }) =>
      once.run(`details:${JSON.stringify(view)}:${target}:${override === true}`, () =>
        s.details.loadDetails(view, target, 'user', override ?? false),
      ),
    reveal: ({ view, personId, quoted }) => crmAfter(personId, s.reveals.reveal(view, personId, quoted)),
    saveLead: (input) => crmAfter(input.personId, s.leads.saveLead(input)),
    lookUpPeople: ({ tabId, keys, quoted, raise }) =>
      once.run(`lookUpPeople:${tabId}`, async () => {
        await s.accountCheck.ifHalted();
        return s.peopleOnPage.lookUp(tabId, keys, quoted, raise);
      }),
    refreshLead: ({ personId }) => once.run(`refreshLead:${personId}`, () => s.leads.refreshLead(personId)),
    revealLead: ({ personId, quoted }) => crmAfter(personId, s.reveals.revealLead(personId, quoted)),
    followUpsChanged: async () => {
      await s.hubspot.leadsChanged();
      return s.leads.refreshFollowUps();
    },
    getReveals: () => s.account.getReveals(),
    search: ({ q, override }) => s.search(q, override ?? false),
    // The cache shares a page with another tab.
    prospect: (input) => once.run(`prospect:${JSON.stringify(input)}`, () => s.prospect.search(input)),
    loadTeam: (input) => once.run(`loadTeam:${JSON.stringify(input)}`, () => s.prospect.loadTeam(input)),
    showRecord: (input) => s.cards.showRecord(input),
    openPerson: (input) => s.cards.openPerson(input),
    back: () => s.cards.back(),
    raiseBudgetToday: (input) => once.run(`raise:${input.tabId}`, () => s.requests.raiseBudgetToday(input)),
    getMeter: () => s.account.getMeter(),
    getAccount: () => s.account.getAccount(),
    saveApiKey: (input) => s.account.saveApiKey(input),
    removeApiKey: () => s.account.removeApiKey(),
    getSpending: () => s.account.getSpending(),
    clearCache: () => s.account.clearCache(),
    deleteAllData: async (_, from) => {
      if (from.kind !== 'extension-page') throw new Error('"Delete all data" is asked from an extension page only');
      await s.deleteAll();
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
      once.run('enrichList', async () => {
        await s.accountCheck.ifHalted();
        return s.enrich.start(name, rows, quoted, fit === true, raise === true);
      }),
    getEnrichRun: () => s.enrich.current(),
    cancelEnrich: () => s.enrich.cancel(),
    resumeEnrich: () =>
      once.run('resumeEnrich', async () => {
        await s.accountCheck.ifHalted();
        return s.enrich.resume();
      }),
    pickListCandidate: ({ key, personId }) => s.enrich.pick(key, personId),
  };
}
