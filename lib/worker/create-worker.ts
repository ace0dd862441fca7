import type { Person, Project } from '@/lib/api';
import { ResponseCache } from '@/lib/cache';
import { CreditGovernor, RevealStore, dayKey } from '@/lib/credits';
import type { MeStamp } from '@/lib/credits/credit-governor';
import type { ViewRef } from '@/lib/messaging/protocol';
import { SELECTION, tabIdOf } from '@/lib/messaging/view-ref';
import type { Handlers } from '@/lib/messaging/router';
import { RateGovernor } from '@/lib/rate';
import { cacheTtls, getSettings, watchSettings, type Settings } from '@/lib/settings';
import { meterItem } from '@/lib/tab-state/items';
import { isMatchState, type CreditMeter, type ViewState } from '@/lib/tab-state/tab-state';
import { AccountSession } from './account-session';
import { createDetails } from './details';
import { KnownStore } from './known-store';
import { cachedPaidCall, paidCall } from './paid-call';
import { createPopupSearch } from './popup-search';
import { createProspect } from './prospect';
import { LiveRecords } from './live-records';
import { createProfileLookup } from './profile-lookup';
import { createReveals } from './reveal-contact';
import { viewKey, Views } from './views';
import { openedFrom } from './opened-from';
import type { WorkerContext, WorkerDeps } from './worker-context';
import { BALANCE_CHECK_ALARM, FOLLOW_UPS_ALARM, tabOfAlarm, WakeUps } from './wake-ups';
import { AccountCheck, meOf } from './account-check';
import { failureText, ALL_DATA_BEING_DELETED } from '@/lib/messages/texts';
import { meterOf } from './meter';
import { OnceInFlight } from './once-in-flight';
import { CACHE_PREFIX, inMemoryOf } from '@/lib/storage/keys';
import { ProfileChoices } from './profile-choices';
import { createLeadActions } from './lead-actions';
import { createPeopleOnPage } from './people-on-page';
import { costRows } from '@/lib/leads/lead-costs';
import { shiftDay } from '@/lib/credits/day-key';
import { createHubSpot } from './hubspot';
import { effectiveDailyBudget } from '@/lib/credits/plan-budget';
import { memoKvStore } from '@/lib/storage/memo-kv-store';
import { sampleWhenShort } from '@/lib/credits/quote';

export type { WorkerDeps } from './worker-context';

/** "+50 today": what one click adds to today's budget (for today only). */
export const TODAY_RAISE = 50;

/** The background worker's domain: everything `entrypoints/background.ts` wires to the browser. */
export function createWorker(deps: WorkerDeps) {
  const now = deps.now ?? (() => Date.now());
  // What the lookup path reads of the records database (picks, corrections, counts, cache misses) is kept in
  // memory as this worker reads and writes it (lib/storage/keys.ts `inMemory`).
  const local = memoKvStore(deps.local, inMemoryOf);
  let settings: Settings;
  const session = new AccountSession({
    fetch: deps.fetch,
    now,
    apiKey: deps.apiKey,
    store: local,
    ...(deps.canReach ? { canReach: deps.canReach } : {}),
    // Before start() read the settings there is no meter to refresh yet.
    onKeyRejectedChange: () => void (started && refreshMeter()),
  });
  const credits = new CreditGovernor({
    store: local,
    now,
    // An unset budget is the plan's: the tier comes from the last /v1/me (free; 150 until it answers).
    settings: () => ({
      dailyBudget: effectiveDailyBudget(settings.dailyBudget, session.account?.tier),
      lowBalanceWarning: settings.lowBalanceWarning,
    }),
    // The balance fell by more than the charges we know of: a free /v1/me once things are quiet books it.
    onUnexplained: () => accountCheck.soon(),
    sampleWhenShort: () => sampleWhenShort(session.account),
  });
  const rate = new RateGovernor({
    now,
    ...deps.rateOptions,
    onPause: (until) => {
      deps.rateOptions?.onPause?.(until);
      void showRatePause(until);
    },
  });
  // A search answer with its embedded company records is tens of KB: bound the count (and see unlimitedStorage).
  const cache = new ResponseCache({ store: local, now, maxEntries: 1_000, ...deps.cacheOptions });
  const reveals = new RevealStore(local);
  const choices = new ProfileChoices(local);
  const liveRecords = new LiveRecords();
  const known = new KnownStore({ store: local, now, ttlMs: () => cacheTtls(settings).ttlMs });
  const views = new Views(now, deps.setBadge ?? (() => {}), deps.pushTabState);
  const wakeUps = new WakeUps({ now, alarms: deps.alarms });
  const unwatch: Array<() => void> = [];
  const accountCheck = new AccountCheck({
    session,
    credits,
    wakeUps,
    now,
    ...(deps.balanceCheckMs !== undefined ? { afterLossMs: deps.balanceCheckMs } : {}),
    onChecked: async () => void (await refreshMeter()),
  });
  const paidDeps = {
    credits,
    rate,
    onSettled: () => void refreshMeter(),
    onUnknown: () => accountCheck.soon(),
    recheckPrices: () => accountCheck.prices(),
    // Booked onto the people it paid for as it happens (a lead's cost never depends on the ledger's retention).
    onBooked: (call: Parameters<typeof costRows>[0], entry: Parameters<typeof costRows>[1], answer: unknown) =>
      void deps.leads.bookCosts(costRows(call, entry, answer)).catch(() => undefined),
    ...(deps.isOffline ? { isOffline: deps.isOffline } : {}),
  };
  const once = new OnceInFlight();

  /**
   * A 429 paused the account's queue: say so at once on every tab still waiting for its lookup (the
   * governor retries by itself; without this the panel shows a skeleton for up to a minute). The answer,
   * when it comes, replaces this state; a tab whose lookup was not in the queue is looked up again
   * once the pause is over (an alarm: the pause may outlast this worker).
   */
  async function showRatePause(until: number): Promise<void> {
    for (const state of await views.all()) {
      if (!state.profile) continue;
      const waiting = (state.status === 'looking-up' && !state.waitingFor) || (state.status === 'rate-limited' && state.automatic === true);
      if (!waiting) continue;
      await views.update({ tabId: state.tabId }, state.profile.key, {
        status: 'rate-limited',
        resumeAt: until,
        message: failureText({ kind: 'rate-limited' }),
        automatic: true,
      });
      lookup.resumeAt(state.tabId, until + 1_000);
    }
  }

  async function refreshMeter(): Promise<CreditMeter> {
    settings ??= await getSettings();
    const meter = meterOf(await credits.status(), session, settings);
    await meterItem.setValue(meter);
    return meter;
  }

  const ctx: WorkerContext = {
    deps,
    now,
    session,
    credits,
    rate,
    cache,
    reveals,
    leads: deps.leads,
    views,
    wakeUps,
    settings: () => settings,
    ttl: () => cacheTtls(settings),
    paid: (call) => paidCall(paidDeps, call),
    known,
    liveRecords,
    choices,
    async paidCached(call) {
      const out = await cachedPaidCall({ ...paidDeps, cache, ttl: () => cacheTtls(settings) }, call);
      // The one place answers enter the directory: a live answer the cache kept (so never a sample,
      // an error, or anything while the cache lifetime is off). A joined fetch was learned by its starter.
      if (out.from === 'fetch' && out.entry && !out.shared && call.call.cacheKey) {
        // Known now (the index is memory); its writes follow the caller's paint.
        const store = await known.remember(call.accountId, call.call.cacheKey, out.entry.value);
        if (call.after) call.after(store);
        else await store();
      }
      return out;
    },
    failed: (view, key, error, booked) => lookup.failed(view, key, error, booked),
  };
  const revealing = createReveals(ctx);
  const details = createDetails(ctx, revealing);
  const lookup = createProfileLookup(ctx, details);
  const search = createPopupSearch(ctx);
  const prospect = createProspect(ctx);
  const leadActions = createLeadActions(ctx);
  const peopleOnPage = createPeopleOnPage(ctx);
  const hubspot = createHubSpot({
    fetch: deps.hubspotFetch ?? deps.fetch,
    ...(deps.secrets ? { secrets: deps.secrets } : {}),
    leads: deps.leads,
    reveals,
    accountInUse: () => session.accountId,
    now,
    ...(deps.hubspotRateOptions ? { rateOptions: deps.hubspotRateOptions } : {}),
  });
  const { lookUp } = lookup;

  /** A record already paid for, as a card (its revealed channels, if any, come from the reveal store). */
  async function recordState(person: Person | undefined, organization: Project | undefined): Promise<ViewState> {
    const accountId = session.accountId;
    const org = accountId && (person || organization) ? await known.organizationFor(accountId, person, organization) : organization;
    return {
      profile: null,
      hints: {},
      updatedAt: now(),
      status: 'matched',
      matchedOn: 'pick',
      ...(person ? { person } : {}),
      ...(org ? { organization: org } : {}),
    };
  }

  // ── account ─────────────────────────────────────────────────────────────────────────────────

  async function afterAccountChange(previousAccountId: string | null, stamp?: MeStamp): Promise<void> {
    const account = session.account;
    if (previousAccountId !== (account?.id ?? null)) {
      if (previousAccountId) {
        liveRecords.clear(previousAccountId);
        await Promise.all([cache.clearAccount(previousAccountId), known.clearAccount(previousAccountId)]);
      }
      await clearPagePeople();
      rate.reset(); // another account has its own allowance
    }
    rate.setTier(account?.tier ?? null);
    if (account) await credits.observeMe(meOf(account), stamp);
    else await credits.resume();
    await refreshMeter();
    // Tabs waiting for a key (or stuck on a bad one) get their lookup now.
    for (const state of await views.all()) {
      if (state.profile && ['no-key', 'bad-key', 'wrong-host'].includes(state.status)) void lookUp(state.tabId, { trigger: 'auto' });
    }
  }

  /** "People on this page" rows say what the last account knew: gone, and a watched tab's list is read again for this one. */
  async function clearPagePeople(): Promise<void> {
    for (const tabId of await peopleOnPage.clearAll()) if (lookup.isWatched(tabId)) deps.tellTab?.(tabId, { people: true });
  }

  /** "Delete all data" has begun (see deleteAllData). */
  let wiping = false;
  const handlers: Handlers = {
    reportProfile: (report, from) => {
      if (from.kind !== 'content-script') return;
      // A list page's rows: read only while a panel watches (the script was told so); they change no profile.
      if (report.people) return lookup.isWatched(from.tabId) ? peopleOnPage.onPeople(from.tabId, report.url, report.people) : undefined;
      // A watched tab's new document: its row reader (none yet) starts out not reading until told. Once per
      // document: an SPA move needs no word (the reader follows the page itself).
      if (report.fresh && lookup.isWatched(from.tabId)) deps.tellTab?.(from.tabId, { people: true });
      return lookup.onReport(report, from.tabId);
    },
    getTabState: (ref) => views.get(ref),
    lookUp: ({ tabId, override, refresh, q }) =>
      // A double click on "Refresh · 5 credits" or "Look up anyway" is one action.
      once.run(`lookUp:${tabId}:${override === true}:${refresh === true}:${q ?? ''}`, async () => {
        await accountCheck.ifHalted();
        const state = await views.get({ tabId });
        // A refused key gets one free /v1/me (it may have been fixed); still refused: lookUp shows bad-key, sends nothing.
        if (state?.profile && (await session.retryKey())) return lookUp(tabId, { trigger: 'user' });
        if (state?.profile) {
          // "Not them?": the record shown is not this profile; remember that, and forget a pick of it.
          const shown = state.status === 'matched' ? (state.person?.id ?? state.organization?.id) : undefined;
          if (q && shown && session.accountId) await lookup.notThem(session.accountId, state.profile.key, shown);
          await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
          await lookUp(tabId, {
            trigger: 'user',
            ...(override ? { override: true } : {}),
            ...(refresh ? { refresh: true } : {}),
            ...(q ? { q } : {}),
            nameTimedOut: true,
          });
        }
      }),
    pickCandidate: async ({ tabId, personId, organizationId }) => {
      const state = await views.get({ tabId });
      const accountId = session.accountId;
      if (state?.status !== 'candidates' || !state.profile || !accountId) return;
      const person = personId ? state.people.find((p) => p.id === personId) : undefined;
      const organization = organizationId ? state.organizations.find((o) => o.id === organizationId) : undefined;
      if (!person && !organization) return;
      // Remembered for this profile: the next visit shows the pick at no cost.
      await choices.remember(accountId, state.profile.key, personId ? { personId } : { organizationId });
      await lookup.matched(tabId, state.profile.key, accountId, person, organization, { matchedOn: 'pick' });
    },
    loadDetails: ({ view, target, override }) =>
      once.run(`details:${JSON.stringify(view)}:${target}:${override === true}`, () =>
        details.loadDetails(view, target, 'user', override ?? false),
      ),
    reveal: ({ view, personId, quoted }) => revealing.reveal(view, personId, quoted),
    saveLead: (input) => leadActions.saveLead(input),
    lookUpPeople: ({ tabId, keys, quoted }) =>
      // A double click on "Look up N · M credits" is one action.
      once.run(`lookUpPeople:${tabId}`, async () => {
        await accountCheck.ifHalted();
        return peopleOnPage.lookUp(tabId, keys, quoted);
      }),
    refreshLead: ({ personId }) =>
      // A double click on "Refresh · 5 credits" is one paid read.
      once.run(`refreshLead:${personId}`, () => leadActions.refreshLead(personId)),
    revealLead: ({ personId, quoted }) => revealing.revealLead(personId, quoted),
    followUpsChanged: () => leadActions.refreshFollowUps(),
    getReveals: async () => ({ accountId: session.accountId, reveals: await reveals.all() }),
    search: ({ q, override }) => search(q, override ?? false),
    // A double click on "Search · 5 credits" or "Next 100" is one page; the cache shares it with another tab.
    prospect: (input) => once.run(`prospect:${JSON.stringify(input)}`, () => prospect.search(input)),
    loadTeam: (input) => once.run(`loadTeam:${JSON.stringify(input)}`, () => prospect.loadTeam(input)),
    showRecord: async ({ person, organization }) => {
      // A popup pick: over the tab a panel shows (or, if the panel is still opening, the first it names).
      await views.push(
        { origin: { kind: 'search' }, state: await recordState(person, organization ?? person?.company ?? undefined) },
        lookup.lastWatched(),
      );
    },
    openPerson: async ({ from, personId }) => {
      // Only someone the view already lists (its coworkers, team or portfolio): no record is taken from the page.
      const state = await views.get(from);
      const opened = state ? openedFrom(state, personId) : null;
      if (!opened) return;
      await views.push(
        { origin: opened.origin, state: await recordState(opened.person, opened.person.company ?? undefined) },
        tabIdOf(from) ?? null,
      );
      await details.fillFromCache(SELECTION);
    },
    back: async () => {
      // The card under it shows as it was left; details this account already paid for fill in at no cost.
      if (await views.pop()) await details.fillFromCache(SELECTION);
    },
    raiseBudgetToday: ({ tabId }) =>
      // Once per pause: a double click (or a click after the lookup went through) raises nothing more.
      once.run(`raise:${tabId}`, async () => {
        const state = await views.get({ tabId });
        if (state?.status !== 'paused-budget' || !state.profile) return;
        await credits.raiseToday(TODAY_RAISE);
        await refreshMeter();
        // The raise is the user's intent for this lookup: within the raised budget, no override needed.
        await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
        await lookUp(tabId, { trigger: 'user', nameTimedOut: true });
      }),
    getMeter: async () => {
      await accountCheck.ifHalted();
      return refreshMeter();
    },
    getAccount: () => ({ account: session.account, baseUrl: session.baseUrl, hasKey: session.hasKey }),
    saveApiKey: async ({ apiKey, baseUrl }) => {
      // The key's check is a free /v1/me: its balance is the first the ledger is audited from.
      const stamp = credits.witnessMe(null);
      const { previousAccountId, ...outcome } = await session.save(apiKey, baseUrl);
      if (outcome.ok) await afterAccountChange(previousAccountId, stamp);
      return outcome;
    },
    removeApiKey: async () => {
      const accountId = await session.remove();
      if (accountId) {
        liveRecords.clear(accountId);
        await Promise.all([cache.clearAccount(accountId), known.clearAccount(accountId)]);
        await clearPagePeople();
      }
      await afterAccountChange(null);
      for (const state of await views.all())
        if (state.profile) await views.update({ tabId: state.tabId }, state.profile.key, { status: 'no-key' });
    },
    getSpending: async () => {
      const accountId = session.accountId;
      return {
        spentToday: credits.ledger.spentOnSync(dayKey(now())),
        days: await credits.ledger.lastDays(30),
        entries: await credits.ledger.entries(accountId ? { accountId } : {}),
        reveals: accountId ? await reveals.reveals(accountId) : [],
      };
    },
    clearCache: async () => {
      const cleared = Object.keys(await local.getMany(CACHE_PREFIX)).length;
      await Promise.all([cache.clearAll(), known.clearAll()]);
      return { cleared };
    },
    deleteAllData: async (_, from) => {
      if (from.kind !== 'extension-page') throw new Error('"Delete all data" is asked from an extension page only');
      if (!deps.deleteAll) throw new Error('this worker cannot delete its data');
      // Nothing may write again between the wipe and the restart: no message is served (a lookup or a
      // send started now would recreate a database), no timer, no reaction to the wiped settings.
      wiping = true;
      wakeUps.stop();
      unwatch.forEach((u) => u());
      await deps.deleteAll().catch((e: unknown) => {
        wiping = false; // not wiped: the extension goes on as it was (until its next start, without its watchers)
        throw e;
      });
    },
    hubspotStatus: () => hubspot.status(),
    connectHubSpot: (input) => once.run('connectHubSpot', () => hubspot.connect(input)),
    disconnectHubSpot: () => hubspot.disconnect(),
    hubspotMarks: ({ people, refresh }) => hubspot.marks(people, refresh ?? false),
    planHubSpotSend: ({ personIds }) => hubspot.plan(personIds),
    sendToHubSpot: ({ personIds }) => hubspot.send(personIds),
  };

  /**
   * A killed worker leaves its in-memory work marked in stored states: a reveal "in progress" (its
   * charge, if any, shows in the next balance) and detail skeletons. Say so, and offer the action again.
   */
  async function settleInterrupted(view: ViewRef, state: ViewState): Promise<void> {
    if (!isMatchState(state)) return;
    const stuck = (slot?: { status: string }) => slot?.status === 'loading';
    if (!state.revealing && !stuck(state.personDetail) && !stuck(state.organizationDetail)) return;
    const interrupted = { status: 'error' as const, message: failureText({ kind: 'network', cause: 'interrupted' }, 'unknown') };
    await views.patch(view, viewKey(view, state), (s) =>
      isMatchState(s)
        ? {
            ...s,
            ...(stuck(s.personDetail) ? { personDetail: interrupted } : {}),
            ...(stuck(s.organizationDetail) ? { organizationDetail: interrupted } : {}),
            ...(s.revealing
              ? {
                  revealing: undefined,
                  revealError: {
                    personId: s.revealing,
                    message: failureText({ kind: 'network', cause: 'interrupted', reveal: true }, 'unknown'),
                  },
                }
              : {}),
          }
        : null,
    );
  }

  let started: Promise<void> | null = null;
  // Messages can arrive while start() is still reading storage: every handler waits for it. Once "Delete
  // all data" has begun, none is served: the extension restarts as soon as the wipe is done.
  const gated = Object.fromEntries(
    Object.entries(handlers).map(([type, handler]) => [
      type,
      async (input: never, from: never) => {
        if (wiping) throw new Error(ALL_DATA_BEING_DELETED);
        await (started ?? Promise.resolve());
        return (handler as (i: never, f: never) => unknown)(input, from);
      },
    ]),
  ) as unknown as Handlers;

  async function start(): Promise<void> {
    settings = await getSettings();
    unwatch.push(
      watchSettings((next) => {
        const autoTurnedOn = next.autoLookup !== 'never' && settings.autoLookup === 'never';
        settings = next;
        void refreshMeter();
        if (autoTurnedOn)
          void views
            .all()
            .then((all) =>
              all.filter((s) => s.status === 'idle' && s.reason === 'manual').forEach((s) => void lookUp(s.tabId, { trigger: 'auto' })),
            );
      }),
    );
    // Before anything can be sent: book what a previous worker left on the wire (its requests will never
    // answer), and remove the in-flight markers earlier builds kept.
    await credits.recoverJournal();
    await cache.dropLeftoverMarkers();
    await session.load();
    if (session.hasKey && !session.account) await session.refresh();
    rate.setTier(session.account?.tier ?? null);
    if (session.account) await credits.observeMe(meOf(session.account));
    // Prices left stale by a previous worker are read again before anything can be paid.
    if (credits.pricesStale()) await accountCheck.prices();
    await accountCheck.ifHalted();
    await refreshMeter();
    for (const state of await views.all()) {
      if (state.status === 'looking-up') void lookUp(state.tabId, { trigger: 'auto' });
      // Re-armed from the stored reset (its alarm may be gone with a browser restart): never sent before it.
      else if (state.status === 'rate-limited') lookup.resumeAt(state.tabId, state.resumeAt + 250);
      else if (isMatchState(state)) await settleInterrupted({ tabId: state.tabId }, state);
    }
    const selection = await views.get(SELECTION);
    if (selection) await settleInterrupted(SELECTION, selection);
    await followUpsDaily();
    // A HubSpot send the browser cut off finishes now (off the start path: nothing waits for it).
    void hubspot.resume().catch(() => undefined);
  }

  /** Tabs panels watch now (for telling content scripts what changed). */
  const shownTabs = new Set<number>();
  function watchedTabs(): Set<number> {
    return new Set([...shownTabs].filter((t) => lookup.isWatched(t)));
  }
  /** A tab a panel started or stopped watching: its content script reads a list page's rows only while watched. */
  function tellWatchers(before: Set<number>): void {
    const now = lookup.lastWatched();
    if (now !== null) shownTabs.add(now);
    for (const tab of shownTabs) {
      const watched = lookup.isWatched(tab);
      if (watched !== before.has(tab)) deps.tellTab?.(tab, { people: watched });
      if (!watched) {
        shownTabs.delete(tab);
        void peopleOnPage.forget(tab);
      }
    }
  }

  /** The follow-up count now, and again just after the next local midnight (an alarm: the worker may be stopped by then). */
  async function followUpsDaily(): Promise<void> {
    await leadActions.refreshFollowUps();
    const [y, m, d] = shiftDay(dayKey(now()), 1).split('-').map(Number);
    const midnight = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, 1).getTime();
    wakeUps.at(FOLLOW_UPS_ALARM, midnight, () => void followUpsDaily());
  }

  return {
    handlers: gated,
    /** Load state; resume lookups a worker restart interrupted (what it cut off is booked from the journal, and resent at most once: ./paid-call.ts). */
    start(): Promise<void> {
      started ??= start();
      return started;
    },
    /** A panel page's port says which tab it shows (null: none); see tab-watchers.ts. */
    watch: async (portId: string, tabId: number | null) => {
      const before = watchedTabs();
      const watching = lookup.watch(portId, tabId, started ?? Promise.resolve());
      tellWatchers(before);
      // The followed tab changed: the back stack belongs to the tab it was opened over.
      await views.followed(tabId, lookup.isWatched);
      await watching;
    },
    unwatch: (portId: string) => {
      const before = watchedTabs();
      lookup.unwatch(portId);
      tellWatchers(before);
      return views.followed(null, lookup.isWatched);
    },
    /**
     * `browser.alarms.onAlarm`, routed by the background (registered at its top level, so an alarm wakes
     * a stopped worker). Acts on stored state only: the worker that set the alarm may be gone.
     */
    onAlarm: async (name: string) => {
      await (started ?? Promise.resolve());
      wakeUps.fired(name);
      if (name === BALANCE_CHECK_ALARM) return accountCheck.fired();
      if (name === FOLLOW_UPS_ALARM) {
        await followUpsDaily();
        // Once a day, off the start path: charges of people who never became leads follow the ledger's retention.
        await deps.leads.pruneCosts(now() - credits.ledger.retentionDays * 86_400_000).catch(() => 0);
        return;
      }
      const tabId = tabOfAlarm(name);
      if (tabId !== null) await lookup.resume(tabId);
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
