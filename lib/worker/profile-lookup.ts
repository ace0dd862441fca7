import type { ApiError, Person, Project, SearchResults } from '@/lib/api';
import { searchCall } from '@/lib/api/calls';
import { withoutChannels } from '@/lib/api/contact-channels';
import type { Settings } from '@/lib/settings/settings';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { KnownMatch, KnownSource } from '@/lib/lookup/known-records';
import { lookupQuery } from '@/lib/lookup/lookup-query';
import { fullName, matchProfile } from '@/lib/lookup/match-profile';
import { xIdentity, type XIdentity } from '@/lib/lookup/x-account';
import { droppedText, failureText, type Booked } from '@/lib/messages/texts';
import type { MessageData, ViewRef } from '@/lib/messaging/protocol';
import { reportMatchesSender } from '@/lib/messaging/report-matches-sender';
import { isSelectionRef } from '@/lib/messaging/view-ref';
import { isDetectedProfile } from '@/lib/profile/is-detected-profile';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { DetectedProfile, PageHints, ProfileReport } from '@/lib/profile/types';
import { NavigationPace } from '@/lib/rate/navigation-pace';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import type { MatchCost, MatchedOn, MatchView, TabState, ViewState } from '@/lib/tab-state/tab-state';
import { AheadReports } from './ahead-reports';
import type { Details } from './details';
import { stateForError, type StateBody } from './error-state';
import { LatestPerKey } from './latest-per-key';
import { presentPaid, type PaidResult } from './paid-result';
import type { ProfilePick } from './profile-choices';
import { tabAlarm } from './wake-ups';
import type { CoreOf } from './worker-core';
import type { WorkerDeps } from './worker-deps';

/**
 * How a match was made, for the card's provenance line (`cost`: charged now, or 0 for one replayed from the cache).
 * `onX`: the X profile on screen (its handle and, when the page shows it, its user id), checked against the record's X account.
 */
type MatchHow = Required<Pick<MatchView, 'matchedOn'>> & Pick<MatchView, 'known' | 'cost'> & { onX?: XPage };

type XPage = { handle: string; xId?: string };
/** The X account a page shows, for `MatchHow.onX`. */
const xPageOf = (profile: DetectedProfile, hints: PageHints): { onX?: XPage } =>
  profile.site === 'x' ? { onX: { handle: profile.handle, ...(hints.xId ? { xId: hints.xId } : {}) } } : {};

/** What the free check read (and whether it showed a card): the choices a cached answer is matched with. */
type FreeCheck = { shown: boolean; pick: ProfilePick | undefined; rejected: string | undefined };

type LookUpOptions = {
  trigger: 'auto' | 'user';
  override?: boolean;
  nameTimedOut?: boolean;
  retried?: boolean;
  refresh?: boolean;
  q?: string;
};
const AUTO = { trigger: 'auto' } as const;

/** Search rows without the record the user said is not this profile ("Not them?"). */
const without = (rows: SearchResults, rejected: string | undefined): SearchResults =>
  rejected
    ? { ...rows, people: rows.people.filter((p) => p.id !== rejected), projects: rows.projects.filter((o) => o.id !== rejected) }
    : rows;

/** The candidates a pick names, if they are among these. */
const picked = (pick: ProfilePick | undefined, people: Person[], organizations: Project[]) => ({
  person: pick?.personId ? people.find((p) => p.id === pick.personId) : undefined,
  organization: pick?.organizationId ? organizations.find((o) => o.id === pick.organizationId) : undefined,
});

/** The lookup's timing options (nameWaitMs: how long a LinkedIn page may take to show the name) are the background's. */
export type ProfileLookupDeps = CoreOf<
  'now' | 'session' | 'credits' | 'views' | 'cache' | 'known' | 'choices' | 'wakeUps' | 'paidCached' | 'watchers' | 'meter' | 'accountCheck'
> &
  Pick<WorkerDeps, 'nameWaitMs' | 'pace' | 'aheadConfirmMs' | 'watchTabUrls'> & {
    settings: () => Settings;
    details: Details;
    /** Saved leads: a lead keeps the X account its person was confirmed on (the knowledge index may have let it go). */
    leads: Pick<LeadStore, 'get' | 'sawXAccount' | 'byXId' | 'snapshot'>;
  };

/** Profile on screen → one paid search (or the cache) → the tab's state. */
export class ProfileLookup {
  /** Per tab: the profile its queued lookups are for, and the way to drop them when it moves on. */
  private readonly inFlight = new Map<number, { key: string; abort: AbortController }>();
  private readonly pace: NavigationPace;
  private readonly reports = new LatestPerKey<number>();
  private readonly ahead: AheadReports;

  constructor(private readonly d: ProfileLookupDeps) {
    this.pace = new NavigationPace({ now: d.now, ...d.pace });
    // A lookup begun on a report said ahead of the browser is dropped unsent when the browser says otherwise;
    // one still looking up without any word shows "dropped" (its request was only journaled: nothing was
    // charged), a card it already showed stays.
    this.ahead = new AheadReports(
      (tabId, key, timedOut) => {
        if (this.inFlight.get(tabId)?.key !== key) return;
        this.dropQueued(tabId);
        if (!timedOut) return;
        const message = droppedText('lookup');
        const dropped = ({ profile, hints, updatedAt, status }: ViewState) =>
          status === 'looking-up' ? ({ profile, hints, updatedAt, status: 'error', retryable: true, message } as const) : null;
        void d.views.patch({ tabId }, key, dropped).catch(() => undefined);
      },
      d.aheadConfirmMs,
      d.watchTabUrls,
    );
  }

  /** A lookup the paid path refused, as the tab's state: a 402 halt, a budget pause (with "+50 today"), or an error. */
  async refusalState(refused: Extract<PaidResult<unknown>, { kind: 'refused' }>): Promise<StateBody> {
    const { reason, remainingToday, hold, price: estimate, message } = refused;
    if (reason === 'halted-402') return { status: 'out-of-credits', balance: this.d.credits.balance(), message };
    // Today's budget as it stands (with any "+50 today" raise), not only the setting.
    if (reason === 'budget')
      return { status: 'paused-budget', estimate, hold, remainingToday, dailyBudget: (await this.d.credits.status()).budget };
    return { status: 'error', retryable: true, message };
  }

  /** The tab left `key` (or closed): requests for it that are still queued are dropped unsent. */
  dropQueued(tabId: number, keepKey?: string): void {
    const flight = this.inFlight.get(tabId);
    if (flight && flight.key !== keepKey) {
      flight.abort.abort();
      this.inFlight.delete(tabId);
    }
  }

  /** The tab now shows `key`: its lookups share one abort signal, dropped when the tab moves on. */
  startFlight(tabId: number, key: string): AbortSignal {
    this.dropQueued(tabId, key);
    const flight = this.inFlight.get(tabId) ?? { key, abort: new AbortController() };
    this.inFlight.set(tabId, flight);
    return flight.abort.signal;
  }

  /**
   * The signal a lookup for `key` pays under. A lookup that started before the tab moved on finds
   * another profile's flight: it gets an aborted signal and is dropped, never the new profile's.
   */
  signalFor(tabId: number, key: string): AbortSignal {
    return (this.inFlight.get(tabId)?.key ?? key) === key ? this.startFlight(tabId, key) : AbortSignal.abort();
  }

  // ── profile lookups ──────────────────────────────────────────────────────────────────────────

  /**
   * A content script's report. Only the latest per tab is handled (a navigation storm coalesces);
   * resolves once its lookup, if any, has finished.
   */
  async onReport(report: ProfileReport, tabId: number): Promise<void> {
    // Before the queue: a confirmation must reach the journaled request waiting for it at once.
    // The tab's address as the browser commits it confirms it too, by the router's own rule for a report.
    const names = (url: string) => reportMatchesSender(report, { url });
    this.ahead.heard(tabId, isDetectedProfile(report.profile) ? report.profile.key : null, report.ahead === true, names);
    const handled = await this.reports.run(tabId, () => this.accept(report, tabId));
    if (!handled.superseded) await handled.value.lookup;
  }

  /** Writes the report's state; the lookup it starts runs outside the per-tab report queue. */
  async accept(report: ProfileReport, tabId: number): Promise<{ lookup: Promise<void> }> {
    const none = { lookup: Promise.resolve() };
    const profile = isDetectedProfile(report.profile) ? report.profile : null;
    const current = await this.d.views.get({ tabId });
    // A page LinkedIn did not show holds its address's profile only for the name search it offers: no profile was shown.
    const shownKey = current?.status === 'idle' && current.reason === 'not-shown' ? null : current?.profile?.key;
    const sameProfile = current && (shownKey ?? null) === (profile?.key ?? null);
    const hintsChanged = JSON.stringify(current?.hints ?? {}) !== JSON.stringify(report.hints);
    // SPA moves between a profile's tabs report the same profile: nothing to do, nothing to pay.
    if (sameProfile && !hintsChanged && current.status !== 'no-key') return none;
    if (sameProfile && hintsChanged && !(current.status === 'looking-up' && current.waitingFor === 'name')) {
      await this.d.views.patch({ tabId }, profile?.key ?? null, (s) => ({ ...s, hints: report.hints }));
      // A LinkedIn name that arrives after the slug fallback makes a better match (the same folded
      // query is a cache hit; a different one is a better question, worth its price).
      const nameArrived = profile?.site === 'linkedin' && !current.hints.name && !!report.hints.name;
      // A person is never matched on name alone: a company that renders after the name can turn those
      // candidates into a match (same name, same query: a cache hit).
      const companyArrived =
        profile?.site === 'linkedin' &&
        profile.kind === 'person' &&
        ((!current.hints.company && !!report.hints.company) || (!current.hints.headline && !!report.hints.headline));
      // The X account's id names who is on screen: a card shown on the handle alone is checked again (free:
      // the knowledge index or the cached answer).
      const idChanged = profile?.site === 'x' && current.hints.xId !== report.hints.xId;
      const again =
        (nameArrived && ['not-found', 'candidates', 'matched'].includes(current.status)) ||
        (companyArrived && current.status === 'candidates') ||
        (idChanged && ['not-found', 'candidates', 'matched', 'handle-reused'].includes(current.status));
      return again ? { lookup: this.lookUp(tabId, AUTO) } : none;
    }
    this.d.wakeUps.cancel(tabAlarm(tabId));
    let leftTab: Promise<void> | undefined;
    if (!sameProfile) {
      // Cards opened over the previous profile (a popup pick, a coworker) do not follow the tab to the next.
      // Its own queue: the tab's state need not wait for it.
      if (current) leftTab = this.d.views.leftTab(tabId);
      this.pace.arrived(tabId);
      if (profile) this.startFlight(tabId, profile.key);
      else this.dropQueued(tabId);
    }
    const base = { tabId, profile, hints: report.hints, updatedAt: this.d.now() };
    if (!profile) {
      const notShown = report.profile?.site === 'linkedin' && report.profile.kind === 'not-shown';
      const reason = notShown ? 'not-shown' : report.profile ? 'unsupported' : 'no-profile';
      const page = notShown ? parseProfileUrl(report.profile!.url) : null;
      const idle = { ...base, ...(isDetectedProfile(page) ? { profile: page } : {}), status: 'idle', reason } as const;
      await Promise.all([leftTab, this.d.views.replace({ tabId }, idle)]);
      return none;
    }
    // Held, not written yet: a profile already known is shown its card as the first state (no "looking
    // up" written before it); any other is written "looking up" once the lookup knows it must ask.
    const lookingUp: TabState = { ...base, status: 'looking-up' };
    const held = this.d.views.hold({ tabId }, lookingUp);
    const lookup = this.lookUp(tabId, AUTO, lookingUp);
    await Promise.all([leftTab, held]);
    return { lookup };
  }

  /**
   * May an automatic lookup pay for this tab now? Only with the user's intent (the setting, and a panel showing
   * the tab unless set to "always") and at a person's pace. Null: it may; else why not, as the tab says it, or
   * how long to wait for the page to settle.
   */
  autoRefusal(tabId: number): 'manual' | 'unwatched' | 'navigating-fast' | number | null {
    const mode = this.d.settings().autoLookup;
    if (mode === 'never') return 'manual';
    if (mode === 'panel-open' && !this.d.watchers.isWatched(tabId)) return 'unwatched';
    const decision = this.pace.decide(tabId);
    if (decision.kind === 'too-fast') return 'navigating-fast';
    return decision.kind === 'wait' ? decision.ms : null;
  }

  /** Whether an automatic lookup of the tab's profile may be paid now; if not, the tab says why or waits, and false is returned. */
  private async mayPayAuto(tabId: number, state: TabState, profileKey: string, opts: LookUpOptions): Promise<boolean> {
    const refusal = this.autoRefusal(tabId);
    if (refusal === null) this.pace.started(tabId);
    else if (typeof refusal === 'number') {
      if (!(state.status === 'looking-up' && !state.waitingFor)) await this.d.views.update({ tabId }, profileKey, { status: 'looking-up' });
      this.resumeAt(tabId, this.d.now() + refusal);
    } else {
      await this.d.views.update({ tabId }, profileKey, { status: 'idle', reason: refusal });
      // A panel may have started watching while this was written: it is waiting for this lookup.
      if (refusal === 'unwatched' && this.d.watchers.isWatched(tabId)) await this.lookUp(tabId, opts);
    }
    return refusal === null;
  }

  /**
   * Free answers before paid ones: the user's remembered pick, then a record already paid for whose
   * identity the page shows (X handle, LinkedIn company page, or name *and* current company).
   */
  async fromKnown(tabId: number, accountId: string, profile: DetectedProfile, hints: PageHints): Promise<FreeCheck> {
    // Both read at once: the free answer is what a known profile waits for.
    const [pick, rejected] = await Promise.all([
      this.d.choices.pick(accountId, profile.key),
      this.d.choices.rejected(accountId, profile.key),
    ]);
    let hit: { person?: Person | undefined; organization?: Project | undefined; on: MatchedOn; source: KnownSource } | null;
    if (pick) {
      const person = pick.personId ? await this.d.known.person(accountId, pick.personId) : undefined;
      const org = pick.organizationId ? await this.d.known.organization(accountId, pick.organizationId) : undefined;
      const source = (person ?? org)?.source;
      // Not known any more: the pick is applied to the search answer below.
      hit = source
        ? { person: person?.record as Person | undefined, organization: org?.record as Project | undefined, on: 'pick', source }
        : null;
    } else hit = (await this.d.known.match(accountId, profile, hints, rejected)) ?? (await this.savedOnX(hints.xId, rejected));
    if (hit)
      await this.matched(tabId, profile.key, accountId, hit.person, hit.organization, {
        matchedOn: hit.on,
        known: hit.source,
        ...xPageOf(profile, hints),
      });
    return { shown: hit !== null, pick, rejected };
  }

  /**
   * A saved lead seen on this X account, as its record was paid for: a renamed lead is still theirs when the
   * knowledge index has let the record go (its lifetime, "Clear cache").
   */
  private async savedOnX(xId: string | undefined, rejected: string | undefined): Promise<KnownMatch | null> {
    const lead = xId ? await this.d.leads.byXId(xId) : undefined;
    const snapshot = lead && lead.personId !== rejected ? await this.d.leads.snapshot(lead.personId) : undefined;
    if (!snapshot) return null;
    const organization = snapshot.organization ?? undefined;
    return { person: snapshot.person, ...(organization ? { organization } : {}), on: 'x-id', source: { how: 'saved', at: snapshot.at } };
  }

  /**
   * The tab's lookup. Resolves once everything it started is done; the panel is shown the answer as soon
   * as the charge is booked and the answer stored (paid-call.ts `after`): the rest follows the paint.
   */
  async lookUp(tabId: number, opts: LookUpOptions, given?: TabState): Promise<void> {
    const tail: Array<() => Promise<unknown>> = [];
    // The lookup's own failure first, else the first of its tail's: each tail piece runs on its own, so one
    // that fails (a journal close after "Delete all data") does not skip the rest. The money is safe either
    // way: the ledger entry carries the journal id, so a next start books nothing twice.
    let failure: { error: unknown } | null = null;
    const keep = (error: unknown) => void (failure ??= { error });
    await this.lookUpNow(tabId, opts, given, (work) => void tail.push(work)).catch(keep);
    // A "looking up" still held (the lookup waits, or wrote nothing) is shown now.
    if (given) await this.d.views.flush({ tabId }).catch(keep);
    for (const work of tail) await work().catch(keep);
    if (failure) throw (failure as { error: unknown }).error;
  }

  async lookUpNow(
    tabId: number,
    opts: LookUpOptions,
    /** The tab's state, when the caller has just put it. */
    given: TabState | undefined,
    after: (work: () => Promise<unknown>) => void,
  ): Promise<void> {
    const state = given ?? (await this.d.views.get({ tabId }));
    if (!state?.profile) return;
    const { profile, hints } = state;
    const view = { tabId };
    const show = async (body: StateBody) => void (await this.d.views.update(view, profile.key, body));
    const { hasKey, keyRejected, accountId } = this.d.session;
    if (!hasKey) return show({ status: 'no-key' });
    // Before the account check: a key refused before its first /v1/me answered has no account, and is still refused.
    if (keyRejected) return show(stateForError({ kind: 'unauthorized', status: 401, message: '' }, this.d.now()));
    if (!accountId) return show({ status: 'no-key' });

    const query = opts.q ? { q: opts.q } : lookupQuery(profile, hints, opts.nameTimedOut ? { nameTimedOut: true } : {});
    const call = 'waitFor' in query ? null : searchCall(query.q);
    // Read alongside the knowledge index below (both free answers; a known profile waits for neither write nor each other).
    const cachedRead = opts.refresh || !call?.cacheKey ? undefined : this.d.cache.get<SearchResults>(accountId, call.cacheKey);
    cachedRead?.catch(() => undefined); // awaited below unless the index answers first

    // A record already paid for costs nothing, whatever the intent rules say; "Refresh" and "Not them?" skip it.
    const free = opts.refresh || opts.q ? null : await this.fromKnown(tabId, accountId, profile, hints);
    if (free?.shown) return;

    if ('waitFor' in query || !call) {
      await show({ status: 'looking-up', waitingFor: 'name' });
      // Resumed from the stored "waiting for the name" state: with the slug's words if no name came.
      this.resumeAt(tabId, this.d.now() + (this.d.nameWaitMs ?? 4000));
      return;
    }
    // An answer cached within its lifetime is free, so it is shown whatever the intent rules say.
    const cached = await cachedRead;
    // Not known: the held "looking up" is shown while the lookup goes on (issued here, landing meanwhile).
    if (!cached && given) void this.d.views.flush(view);
    if (!cached && opts.trigger === 'auto' && !(await this.mayPayAuto(tabId, state, profile.key, opts))) return;
    if (!cached && !(state.status === 'looking-up' && !state.waitingFor)) await show({ status: 'looking-up' });

    const isNotFound = (rows: SearchResults) => matchProfile(profile, hints, rows).kind === 'not-found';
    const signal = this.signalFor(tabId, profile.key);
    const out = cached
      ? ({ from: 'cache', entry: cached } as const)
      : await this.d.paidCached<SearchResults>({
          call,
          send: (c, o) => this.d.session.client()!.send(c, o),
          accountId,
          trigger: opts.trigger,
          ...(opts.override ? { override: true } : {}),
          ...(opts.refresh ? { fresh: true } : {}),
          tabId,
          profileKey: profile.key,
          signal,
          sendWhen: () => this.ahead.confirmed(tabId, profile.key),
          notFound: isNotFound,
          // Only "Not them?"'s words are the rep's search; the rest looked up the profile on screen.
          knownHow: opts.q ? { how: 'searched', q: opts.q } : { how: 'looked-up', site: profile.site },
          after,
        });

    let rows: SearchResults;
    let cost: MatchCost;
    if (out.from === 'cache') {
      rows = out.entry.value;
      cost = { credits: 0, at: out.entry.storedAt, reused: true };
    } else {
      const price = this.d.credits.estimate({ endpoint: call.endpoint }).credits;
      const shown = presentPaid(out.result, { price, what: 'lookup', now: this.d.now() });
      if (shown.kind === 'dropped') {
        // Another tab's request for the same answer was dropped when that tab moved on: ask once more.
        if (signal.aborted) return; // this tab moved on itself: its new page has its own lookup
        if (!opts.retried) return this.lookUp(tabId, { ...opts, retried: true });
        return show({ status: 'error', retryable: true, message: shown.message });
      }
      if (shown.kind === 'refused') return show(await this.refusalState(shown));
      if (shown.kind === 'failed') return this.failed(view, profile.key, shown.error, shown.booked);
      const r = shown.result;
      if (shown.kind === 'sample' && r.sample)
        return show({ status: 'sample', sample: r.sample, people: r.data.people ?? [], projects: r.data.projects ?? [] });
      rows = r.data;
      // Joined another asker's request: it was paid once, by that one.
      cost = out.shared ? { credits: 0, at: this.d.now(), reused: true } : { credits: r.meta.creditsCharged, at: this.d.now() };
    }
    // Match against what this query was built from: the tab may have moved on, and the slug fallback has no name hint.
    if (opts.q) return this.showChoices(tabId, profile.key, accountId, rows, query.q);
    const matchHints = profile.site === 'linkedin' && !hints.name ? { ...hints, name: query.q } : hints;
    // A cached answer is matched with what was just read (nothing was awaited since); a paid one reads the choices again.
    await this.showMatch(tabId, accountId, profile, matchHints, rows, query.q, cost, cached ? free : null);
  }

  // ── the panel's clicks: "Look up", "Refresh", "Look up anyway", "Not them?", "+50 today" and a candidate picked ──

  async request({ tabId, override, refresh, q }: MessageData<'lookUp'>): Promise<void> {
    const { accountCheck, views, session } = this.d;
    await accountCheck.ifHalted();
    const state = await views.get({ tabId });
    if (!state?.profile) return;
    // A page LinkedIn did not show is searched only by the words the rep gives, never by its address.
    if (!q && state.status === 'idle' && state.reason === 'not-shown') return;
    // A refused key gets one free /v1/me (it may have been fixed); still refused: lookUp shows bad-key, sends nothing.
    if (await session.retryKey()) return this.lookUp(tabId, { trigger: 'user' });
    // "Not them?": the record shown is not this profile; remember that, and forget a pick of it.
    const shown = state.status === 'matched' ? (state.person?.id ?? state.organization?.id) : undefined;
    if (q && shown && session.accountId) await this.d.choices.notThem(session.accountId, state.profile.key, shown);
    await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
    await this.lookUp(tabId, { trigger: 'user', override, refresh, q, nameTimedOut: true });
  }

  /** Once per pause: a click after the lookup went through raises nothing. */
  async raiseBudgetToday({ tabId }: MessageData<'raiseBudgetToday'>): Promise<void> {
    const { views, credits, meter } = this.d;
    const state = await views.get({ tabId });
    if (state?.status !== 'paused-budget' || !state.profile) return;
    await credits.raiseToday(TODAY_RAISE);
    await meter.refresh();
    // The raise is the user's intent for this lookup: within the raised budget, no override needed.
    await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
    await this.lookUp(tabId, { trigger: 'user', nameTimedOut: true });
  }

  async pickCandidate(input: MessageData<'pickCandidate'>): Promise<void> {
    const { views, session, choices } = this.d;
    const { tabId, personId, organizationId } = input;
    const state = await views.get({ tabId });
    const accountId = session.accountId;
    if (state?.status !== 'candidates' || !state.profile || !accountId) return;
    const { person, organization } = picked(input, state.people, state.organizations);
    if (!person && !organization) return;
    // Remembered for this profile: the next visit shows the pick at no cost.
    await choices.remember(accountId, state.profile.key, personId ? { personId } : { organizationId });
    await this.matched(tabId, state.profile.key, accountId, person, organization, { matchedOn: 'pick' });
  }

  /** A search the user worded: every row is a choice, none is taken for them. */
  async showChoices(tabId: number, profileKey: string, accountId: string, rows: SearchResults, q: string): Promise<void> {
    const { people, projects: organizations } = without(rows, await this.d.choices.rejected(accountId, profileKey));
    const found = people.length > 0 || organizations.length > 0;
    await this.d.views.update(
      { tabId },
      profileKey,
      found ? { status: 'candidates', people, organizations } : { status: 'not-found', query: q },
    );
  }

  async showMatch(
    tabId: number,
    accountId: string,
    profile: DetectedProfile,
    hints: PageHints,
    rows: SearchResults,
    q: string,
    cost?: MatchCost,
    read: FreeCheck | null = null,
  ): Promise<void> {
    const rejected = read ? read.rejected : await this.d.choices.rejected(accountId, profile.key);
    const outcome = matchProfile<Person, Project>(profile, hints, without(rows, rejected));
    const show = async (body: StateBody) => void (await this.d.views.update({ tabId }, profile.key, body));
    const how = { ...(cost ? { cost } : {}), ...xPageOf(profile, hints) };
    if (outcome.kind === 'not-found') return show({ status: 'not-found', query: q });
    if (outcome.kind === 'matched')
      return this.matched(tabId, profile.key, accountId, outcome.person, outcome.organization, { matchedOn: outcome.on, ...how });
    const pick = read ? read.pick : await this.d.choices.pick(accountId, profile.key);
    const { person, organization } = picked(pick, outcome.people, outcome.organizations);
    if (!person && !organization) return show({ status: 'candidates', people: outcome.people, organizations: outcome.organizations });
    return this.matched(tabId, profile.key, accountId, person, organization, { matchedOn: 'pick', ...how });
  }

  async matched(
    tabId: number,
    profileKey: string,
    accountId: string,
    person: Person | undefined,
    organization: Project | undefined,
    how: MatchHow,
  ): Promise<void> {
    const x = how.onX ? await this.xAccount(accountId, person, organization, how.onX) : undefined;
    if (x?.identity.kind === 'reused') {
      const handle = how.onX!.handle;
      const listedAs = (person ? fullName(person) : organization?.name) || `@${handle}`;
      const reused = {
        status: 'handle-reused',
        handle,
        seenAs: x.identity.seenAs,
        listedAs,
        ...(how.cost ? { cost: how.cost } : {}),
      } as const;
      return void (await this.d.views.update({ tabId }, profileKey, reused));
    }
    const confirmed = x?.identity.kind !== 'unconfirmed';
    // The organisation as completely as this account already knows it (a fund read fills in the Fund card).
    const org = await this.d.known.organizationFor(accountId, person, organization);
    const match: MatchView = {
      matchedOn: how.matchedOn,
      ...(how.known ? { known: how.known } : {}),
      ...(how.cost ? { cost: how.cost } : {}),
      // An X account not confirmed is shown without channels: the handle alone may be someone else's now.
      ...(person ? { person: confirmed ? person : withoutChannels(person) } : {}),
      ...(org ? { organization: org } : {}),
      ...(x
        ? { x: x.identity.kind === 'confirmed' && x.identity.formerly ? { confirmed, formerly: x.identity.formerly } : { confirmed } }
        : {}),
    };
    const next = await this.d.views.update({ tabId }, profileKey, { status: 'matched', ...match });
    if (!next) return;
    await x?.remember();
    // Details already paid for (this person's coworkers, the organisation's team or portfolio) are shown at no cost.
    await this.d.details.fillFromCache({ tabId });
    // Details are paid calls too: automatic ones need the same intent as a lookup (a cached search can
    // be shown to nobody) and a page that is not racing past.
    if (this.d.settings().autoDetails && this.autoRefusal(tabId) === null) {
      if (person) void this.d.details.loadDetails({ tabId }, 'person', 'auto');
      if (match.organization) void this.d.details.loadDetails({ tabId }, 'organization', 'auto');
    }
  }

  /**
   * Who the X account on screen is to the record it matched (lib/lookup/x-account.ts): the account the
   * record was confirmed on is the knowledge index's, else its lead's. `remember` keeps a confirmed account
   * with the handle seen now (after the paint), on the record and on its lead.
   */
  private async xAccount(
    accountId: string,
    person: Person | undefined,
    organization: Project | undefined,
    page: XPage,
  ): Promise<{ identity: XIdentity; remember: () => Promise<void> } | undefined> {
    const rec = person
      ? ({ kind: 'person', id: person.id } as const)
      : organization && ({ kind: 'organization', id: organization.id } as const);
    if (!rec) return undefined;
    const known = await this.d.known.xOf(accountId, rec.kind, rec.id);
    const lead = person && !known ? await this.d.leads.get(person.id) : undefined;
    const bound = known ?? lead?.xAccount ?? undefined;
    const identity = xIdentity(bound, page, this.d.now());
    const remember = async () => {
      if (identity.kind !== 'confirmed') return;
      if (identity.account !== known) await this.d.known.bindX(accountId, rec.kind, rec.id, identity.account);
      if (person && identity.account !== bound) await this.d.leads.sawXAccount(person.id, identity.account).catch(() => undefined);
    };
    return { identity, remember };
  }

  async failed(view: ViewRef, profileKey: string | null, error: ApiError, booked?: Booked): Promise<void> {
    if (error.kind === 'unauthorized') await this.d.session.rejectKey();
    await this.d.views.update(view, profileKey, stateForError(error, this.d.now(), booked));
    if (error.kind === 'rate-limited' && !isSelectionRef(view)) {
      // Resume on our own once the account's window reopens (cleared if the tab moves on first).
      this.resumeAt(view.tabId, error.retryAt + 250);
    }
  }

  /**
   * One pending automatic resume per tab (the name wait, settling, a rate-limit reset); a new report
   * clears it. A timer while the worker lives, an alarm if it may not (wake-ups.ts): both run `resume`.
   */
  resumeAt(tabId: number, when: number): void {
    this.d.wakeUps.at(tabAlarm(tabId), when, () => void this.resume(tabId));
  }

  /**
   * What a tab's wake-up does, from its stored state alone (the worker that armed it may be gone): a
   * lookup still waiting goes on (a name wait has timed out); a rate-limited one goes on once its reset
   * has passed — woken early, it is re-armed and nothing is sent into the closed window.
   */
  async resume(tabId: number): Promise<void> {
    const state = await this.d.views.get({ tabId });
    if (!state?.profile) return;
    if (state.status === 'rate-limited') {
      if (state.resumeAt > this.d.now()) return this.resumeAt(tabId, state.resumeAt + 250);
      return this.lookUp(tabId, AUTO);
    }
    if (state.status === 'looking-up')
      return this.lookUp(tabId, { trigger: 'auto', ...(state.waitingFor === 'name' ? { nameTimedOut: true } : {}) });
  }

  /**
   * A 429 paused the account's queue: say so at once on every tab still waiting for its lookup (the
   * governor retries by itself; without this the panel shows a skeleton for up to a minute). The answer,
   * when it comes, replaces this state; a tab whose lookup was not in the queue is looked up again
   * once the pause is over (an alarm: the pause may outlast this worker).
   */
  async showRatePause(until: number): Promise<void> {
    for (const state of await this.d.views.all()) {
      if (!state.profile) continue;
      const waiting = (state.status === 'looking-up' && !state.waitingFor) || (state.status === 'rate-limited' && state.automatic === true);
      if (!waiting) continue;
      await this.d.views.update({ tabId: state.tabId }, state.profile.key, {
        status: 'rate-limited',
        resumeAt: until,
        message: failureText({ kind: 'rate-limited' }),
        automatic: true,
      });
      this.resumeAt(state.tabId, until + 1_000);
    }
  }

  /**
   * A panel page (port `portId`) now shows `tabId`. Recorded at once (so a panel closed meanwhile is
   * never left watching); the lookup a detected profile was waiting for runs once the worker is ready.
   */
  async watch(portId: string, tabId: number | null, ready: Promise<void>): Promise<void> {
    const fresh = this.d.watchers.show(portId, tabId);
    this.ahead.follow(this.d.watchers.anyWatched());
    if (fresh === null) return;
    await ready;
    if (!this.d.watchers.isWatched(fresh)) return;
    const state = await this.d.views.get({ tabId: fresh });
    if (state?.profile && state.status === 'idle' && state.reason === 'unwatched') {
      await this.d.views.update({ tabId: fresh }, state.profile.key, { status: 'looking-up' });
      await this.lookUp(fresh, AUTO);
    }
  }

  unwatch(portId: string): void {
    const shown = this.d.watchers.close(portId);
    this.ahead.follow(this.d.watchers.anyWatched());
    if (shown === null || this.d.watchers.isWatched(shown) || this.d.settings().autoLookup !== 'panel-open') return;
    // Nobody looks at that tab now: what is still queued for it is not sent. Its wake-up stays: it
    // sends nothing while nobody watches (the tab goes idle, "unwatched", and a panel resumes it).
    this.dropQueued(shown);
  }

  clearTimer(tabId: number): void {
    this.d.wakeUps.cancel(tabAlarm(tabId));
    this.ahead.forget(tabId);
    this.dropQueued(tabId);
    this.pace.forget(tabId);
  }
}
