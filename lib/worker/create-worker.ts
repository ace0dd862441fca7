import type { Account, ApiError, ApiResult, FetchLike, InvestorDetail, Person, PersonDetail, Project, ProjectDetail, SearchResults, ServiceDetail } from '../api';
import { ResponseCache, type Classified, type KvStore, type ResponseCacheOptions } from '../cache';
import { CreditGovernor, RevealStore, dayKey, type RevealRecord } from '../credits';
import { lookupQuery } from '../lookup/lookup-query';
import { fullName, matchProfile } from '../lookup/match-profile';
import type { ExtensionIdentity } from '../messaging/classify-sender';
import type { RevealOutcome, SearchOutcome, ViewRef } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { isDetectedProfile } from '../profile/is-detected-profile';
import type { DetectedProfile, PageHints, ProfileReport } from '../profile/types';
import { RateGovernor, type RateGovernorOptions } from '../rate';
import { settingsItem, type Settings } from '../settings';
import type { Badge } from '../tab-state/badge';
import { meterItem } from '../tab-state/items';
import type { CreditMeter, MatchView, OrganizationDetail, TabState } from '../tab-state/tab-state';
import { AccountSession } from './account-session';
import { detailRoute } from './detail-route';
import { stateForError, type StateBody } from './error-state';
import { paidCall, type PaidCall, type PaidOutcome } from './paid-call';
import { SELECTION_TAB_ID, viewKey, Views } from './views';

export interface WorkerDeps {
  fetch: FetchLike;
  /** storage.local as a KvStore: cache, ledger, reveals, picks. */
  local: KvStore;
  identity: ExtensionIdentity;
  now?: () => number;
  setBadge?: (tabId: number, badge: Badge) => void;
  canReach?: (origin: string) => Promise<boolean>;
  /** How long a LinkedIn page may take to show the name before the slug's words stand in. */
  nameWaitMs?: number;
  /** Overrides for tests and benches (e.g. compressed time). */
  rateOptions?: RateGovernorOptions;
  cacheOptions?: Partial<ResponseCacheOptions>;
}

const HOUR = 3_600_000;
const CHANNELS = ['email', 'phone', 'telegram', 'linkedinUrl'] as const;

const meOf = (a: Account) => ({ id: a.id, creditsBalance: a.creditsBalance, endpoints: a.endpoints, pricing: a.pricing }) as Parameters<CreditGovernor['observeMe']>[0];
const isUnlocked = (p: Person) => CHANNELS.some((c) => p[c] != null && p[c] !== '');
const channelsOf = (p: Person) => Object.fromEntries(CHANNELS.map((c) => [c, p[c] ?? null]));

/** The background worker's domain: everything `entrypoints/background.ts` wires to the browser. */
export function createWorker(deps: WorkerDeps) {
  const now = deps.now ?? (() => Date.now());
  const session = new AccountSession({ fetch: deps.fetch, now, ...(deps.canReach ? { canReach: deps.canReach } : {}) });
  let settings: Settings;
  const credits = new CreditGovernor({ store: deps.local, now, settings: () => settings });
  const rate = new RateGovernor({ now, ...deps.rateOptions });
  // A search answer with its embedded company records is tens of KB: bound the count (and see unlimitedStorage).
  const cache = new ResponseCache({ store: deps.local, now, maxEntries: 1_000, ...deps.cacheOptions });
  const reveals = new RevealStore(deps.local);
  const views = new Views(now, deps.setBadge ?? (() => {}));
  const revealsInFlight = new Map<string, Promise<RevealOutcome>>();
  const nameTimers = new Map<number, ReturnType<typeof setTimeout>>();
  const unwatch: Array<() => void> = [];

  const ttl = () => ({ ttlMs: settings.cacheTtlHours * HOUR, notFoundTtlMs: settings.notFoundTtlHours * HOUR });
  const pickKey = (accountId: string, profileKey: string) => `pick:${encodeURIComponent(accountId)}:${profileKey}`;

  async function refreshMeter(): Promise<CreditMeter> {
    const status = await credits.status();
    const account = session.account;
    const meter: CreditMeter = {
      hasKey: session.hasKey,
      accountName: account?.name ?? null,
      tier: account?.tier ?? null,
      balance: status.balance ?? account?.creditsBalance ?? null,
      spentToday: status.spentToday,
      dailyBudget: status.budget,
      lowBalanceWarning: settings.lowBalanceWarning,
      sampleMode: account?.sampleMode ?? false,
      halted402: status.halted !== null,
    };
    await meterItem.setValue(meter);
    return meter;
  }

  function paid<T>(call: PaidCall, run: () => Promise<ApiResult<T>>) {
    return paidCall(credits, rate, call, run, () => void refreshMeter());
  }

  /** Cache classification of a paid answer: live data is kept, samples, refusals and errors never. */
  function classifyPaid<T>(out: PaidOutcome<T>, notFound?: (data: T) => boolean): Classified<T> {
    if (out.kind === 'refused') return { cache: 'skip', reason: 'error' };
    const r = out.result;
    if (!r.ok) return { cache: 'skip', reason: 'error' };
    if (r.sample) return { cache: 'skip', reason: 'sample' };
    return notFound?.(r.data) ? { cache: 'not-found', value: r.data } : { cache: 'hit', value: r.data };
  }

  async function revealedFor(accountId: string, people: Array<Person | undefined>): Promise<Record<string, RevealRecord>> {
    const all = await reveals.reveals(accountId);
    const ids = new Set(people.filter(Boolean).map((p) => p!.id));
    return Object.fromEntries(all.filter((r) => ids.has(r.personId)).map((r) => [r.personId, r]));
  }

  function refusalState(reason: string, remainingToday: number, estimate: number): StateBody {
    if (reason === 'halted-402') {
      return { status: 'out-of-credits', balance: credits.balance(), message: 'Out of credits: top up the account. Automatic lookups are paused.' };
    }
    return { status: 'paused-budget', estimate, remainingToday, dailyBudget: settings.dailyBudget };
  }

  /** After a 402, ask `/v1/me` (free) whether credits were added; at most every 30 s. */
  let lastRecheck = 0;
  async function recheckIfHalted(): Promise<void> {
    if (!credits.haltedFor402() || !session.hasKey || now() - lastRecheck < 30_000) return;
    lastRecheck = now();
    const account = await session.refresh();
    if (account) await credits.observeMe(meOf(account));
    await refreshMeter();
  }

  // ── profile lookups ──────────────────────────────────────────────────────────────────────────

  async function onReport(report: ProfileReport, tabId: number): Promise<void> {
    const profile = isDetectedProfile(report.profile) ? report.profile : null;
    const current = await views.get({ tabId });
    const sameProfile = current && (current.profile?.key ?? null) === (profile?.key ?? null);
    const hintsChanged = JSON.stringify(current?.hints ?? {}) !== JSON.stringify(report.hints);
    // SPA moves between a profile's tabs report the same profile: nothing to do, nothing to pay.
    if (sameProfile && !hintsChanged && current.status !== 'no-key') return;
    if (sameProfile && hintsChanged && !(current.status === 'looking-up' && current.waitingFor === 'name')) {
      await views.patch({ tabId }, profile?.key ?? null, (s) => ({ ...s, hints: report.hints }));
      // A LinkedIn name that arrives after the slug fallback makes a better match (the same folded
      // query is a cache hit; a different one is a better question, worth its price).
      const nameArrived = profile?.site === 'linkedin' && !current.hints.name && !!report.hints.name;
      if (nameArrived && ['not-found', 'candidates', 'matched'].includes(current.status)) await lookUp(tabId, { trigger: 'auto' });
      return;
    }
    clearTimeout(nameTimers.get(tabId));
    const base = { tabId, profile, hints: report.hints, updatedAt: now() };
    if (!profile) {
      const reason = report.profile ? 'unsupported' : 'no-profile';
      await views.replace({ ...base, status: 'idle', reason });
      return;
    }
    await views.replace({ ...base, status: 'looking-up' });
    await lookUp(tabId, { trigger: 'auto' });
  }

  async function lookUp(tabId: number, opts: { trigger: 'auto' | 'user'; override?: boolean; nameTimedOut?: boolean }): Promise<void> {
    const state = await views.get({ tabId });
    if (!state?.profile) return;
    const { profile, hints } = state;
    const view = { tabId };
    if (!session.hasKey || !session.accountId) return void (await views.update(view, profile.key, { status: 'no-key' }));
    if (session.keyRejected) return void (await views.update(view, profile.key, stateForError({ kind: 'unauthorized', status: 401, message: '' }, now())));
    const accountId = session.accountId;

    const query = lookupQuery(profile, hints, opts.nameTimedOut ? { nameTimedOut: true } : {});
    if ('waitFor' in query) {
      await views.update(view, profile.key, { status: 'looking-up', waitingFor: 'name' });
      clearTimeout(nameTimers.get(tabId));
      nameTimers.set(tabId, setTimeout(() => void lookUp(tabId, { ...opts, nameTimedOut: true }), deps.nameWaitMs ?? 4000));
      return;
    }
    // An answer cached within its lifetime is free, so it is shown even with automatic lookups off.
    const cached = await cache.get<SearchResults>(accountId, query.cacheKey);
    if (!cached && opts.trigger === 'auto' && !settings.autoLookup) {
      return void (await views.update(view, profile.key, { status: 'idle', reason: 'manual' }));
    }
    if (!cached && !(state.status === 'looking-up' && !state.waitingFor)) await views.update(view, profile.key, { status: 'looking-up' });

    const isNotFound = (rows: SearchResults) => matchProfile(profile, hints, rows).kind === 'not-found';
    const out = cached
      ? ({ from: 'cache', entry: cached } as const)
      : await cache.getOrFetch(
          accountId,
          query.cacheKey,
          () =>
            paid<SearchResults>(
              {
                endpoint: 'search',
                accountId,
                path: `/v1/search?q=${encodeURIComponent(query.q)}`,
                trigger: opts.trigger,
                retry: 'idempotent',
                ...(opts.override ? { override: true } : {}),
                tabId,
                profileKey: profile.key,
              },
              () => session.client()!.search(query.q),
            ),
          { ...ttl(), classify: (o: PaidOutcome<SearchResults>) => classifyPaid(o, isNotFound) },
        );

    let rows: SearchResults;
    if (out.from === 'cache') rows = out.entry.value;
    else if (out.result.kind === 'refused') {
      const estimate = credits.estimate({ endpoint: 'search' }).credits;
      return void (await views.update(view, profile.key, refusalState(out.result.reason, out.result.remainingToday, estimate)));
    } else {
      const r = out.result.result;
      if (!r.ok) return void (await failed(view, profile.key, r.error));
      if (r.sample) {
        return void (await views.update(view, profile.key, { status: 'sample', sample: r.sample, people: r.data.people ?? [], projects: r.data.projects ?? [] }));
      }
      rows = r.data;
    }
    // Match against what this query was built from: the tab may have moved on, and the slug fallback has no name hint.
    const matchHints = profile.site === 'linkedin' && !hints.name ? { ...hints, name: query.q } : hints;
    await showMatch(tabId, accountId, profile, matchHints, rows, query.q);
  }

  async function showMatch(tabId: number, accountId: string, profile: DetectedProfile, hints: PageHints, rows: SearchResults, q: string): Promise<void> {
    const outcome = matchProfile<Person, Project>(profile, hints, rows);
    if (outcome.kind === 'not-found') return void (await views.update({ tabId }, profile.key, { status: 'not-found', query: q }));
    if (outcome.kind === 'candidates') {
      const pick = await deps.local.get<{ personId?: string; organizationId?: string }>(pickKey(accountId, profile.key));
      const person = pick?.personId ? outcome.people.find((p) => p.id === pick.personId) : undefined;
      const organization = pick?.organizationId ? outcome.organizations.find((o) => o.id === pick.organizationId) : undefined;
      if (!person && !organization) {
        return void (await views.update({ tabId }, profile.key, { status: 'candidates', people: outcome.people, organizations: outcome.organizations }));
      }
      return matched(tabId, profile.key, accountId, person, organization);
    }
    return matched(tabId, profile.key, accountId, outcome.person, outcome.organization);
  }

  async function matched(tabId: number, profileKey: string, accountId: string, person: Person | undefined, organization: Project | undefined): Promise<void> {
    const match: MatchView = {
      ...(person ? { person } : {}),
      ...((organization ?? person?.company) ? { organization: (organization ?? person?.company)! } : {}),
      revealed: await revealedFor(accountId, [person]),
    };
    const next = await views.update({ tabId }, profileKey, { status: 'matched', ...match });
    if (next && settings.autoDetails) {
      if (person) void loadDetails({ tabId }, 'person', 'auto');
      if (match.organization) void loadDetails({ tabId }, 'organization', 'auto');
    }
  }

  async function failed(view: ViewRef, profileKey: string | null, error: ApiError): Promise<void> {
    if (error.kind === 'unauthorized') session.keyRejected = true;
    await views.update(view, profileKey, stateForError(error, now()));
    if (error.kind === 'rate-limited' && 'tabId' in view) {
      // Resume on our own once the account's window reopens.
      setTimeout(() => void lookUp(view.tabId, { trigger: 'auto' }), Math.max(0, error.retryAt - now()) + 250);
    }
  }

  // ── details (coworkers, team, portfolio): one call each, on demand or by setting ────────────────

  async function loadDetails(view: ViewRef, target: 'person' | 'organization', trigger: 'auto' | 'user', override = false): Promise<void> {
    const state = await views.get(view);
    const accountId = session.accountId;
    if (!state || !accountId || !session.client() || (state.status !== 'matched' && state.status !== 'missing-scope')) return;
    const key = viewKey(state);
    const slotName = target === 'person' ? 'personDetail' : 'organizationDetail';
    const setSlot = (slot: MatchView['personDetail'] | MatchView['organizationDetail']) =>
      views.patch(view, key, (s) => (s.status === 'matched' || s.status === 'missing-scope' ? ({ ...s, [slotName]: slot } as TabState) : null));
    const tabId = 'tabId' in view ? view.tabId : undefined;
    const client = session.client()!;

    let call: { endpoint: 'person' | 'investor' | 'service' | 'project'; cacheKey: string; path: string; run: () => Promise<ApiResult<unknown>> };
    if (target === 'person') {
      if (!state.person) return;
      const id = state.person.id;
      call = { endpoint: 'person', cacheKey: `person:${id}`, path: `/v1/people/${id}`, run: () => client.getPerson(id, { reveal: false }) };
    } else {
      if (!state.organization) return;
      const route = detailRoute(state.organization, session.apiVersion);
      const run =
        route.endpoint === 'investor' ? () => client.getInvestor(route.key) : route.endpoint === 'service' ? () => client.getService(route.key) : () => client.getProject(route.key);
      const dir = route.endpoint === 'investor' ? 'investors' : route.endpoint === 'service' ? 'services' : 'projects';
      call = { endpoint: route.endpoint, cacheKey: `${route.endpoint}:${route.key}`, path: `/v1/${dir}/${route.key}`, run };
    }
    await setSlot({ status: 'loading' });
    const out = await cache.getOrFetch(
      accountId,
      call.cacheKey,
      () => paid({ endpoint: call.endpoint, accountId, path: call.path, trigger, retry: 'idempotent', ...(override ? { override: true } : {}), ...(tabId !== undefined ? { tabId } : {}) }, call.run),
      { ...ttl(), classify: (o: PaidOutcome<unknown>) => classifyPaid(o) },
    );
    let value: unknown;
    if (out.from === 'cache') value = out.entry.value;
    else if (out.result.kind === 'refused') {
      const message = out.result.reason === 'halted-402' ? 'Out of credits.' : `Today's credit budget is used up (${out.result.remainingToday} left).`;
      return void (await setSlot({ status: 'error', message }));
    } else if (!out.result.result.ok) {
      const error = out.result.result.error;
      if (error.kind === 'unauthorized' || error.kind === 'payment-required') return failed(view, key, error);
      return void (await setSlot({ status: 'error', message: stateMessage(error) }));
    } else if (out.result.result.sample) {
      return void (await setSlot({ status: 'error', message: 'The API answered with NOT REAL DATA (sample mode): details not shown.' }));
    } else value = out.result.result.data;

    if (target === 'person') {
      const detail = value as PersonDetail;
      // An already-unlocked contact comes back with its channels: keep them, they are paid for.
      if (isUnlocked(detail.person)) await rememberReveal(accountId, detail.person, 0);
      const revealed = await revealedFor(accountId, [detail.person]);
      await views.patch(view, key, (s) =>
        s.status === 'matched' || s.status === 'missing-scope' ? ({ ...s, personDetail: { status: 'loaded', value: detail }, revealed: { ...s.revealed, ...revealed } } as TabState) : null,
      );
    } else {
      const kind = call.endpoint === 'investor' ? 'investor' : call.endpoint === 'service' ? 'service' : 'project';
      const detail = { kind, ...(value as InvestorDetail | ProjectDetail | ServiceDetail) } as OrganizationDetail;
      await setSlot({ status: 'loaded', value: detail });
    }
  }

  function stateMessage(error: ApiError): string {
    const body = stateForError(error, now());
    return 'message' in body ? body.message : error.message;
  }

  // ── reveal: only on an explicit, confirmed request; one call per contact ───────────────────────

  async function rememberReveal(accountId: string, person: Person, creditsCharged: number): Promise<RevealRecord> {
    return reveals.recordReveal({ accountId, personId: person.id, name: fullName(person), channels: channelsOf(person), at: now(), creditsCharged });
  }

  function findPerson(state: TabState, personId: string): Person | undefined {
    if (state.status !== 'matched' && state.status !== 'missing-scope') return undefined;
    const detail = state.organizationDetail?.status === 'loaded' ? state.organizationDetail.value.team : [];
    const coworkers = state.personDetail?.status === 'loaded' ? state.personDetail.value.coworkers : [];
    return [state.person, ...coworkers, ...detail].find((p) => p?.id === personId);
  }

  async function reveal(view: ViewRef, personId: string): Promise<RevealOutcome> {
    const accountId = session.accountId;
    const client = session.client();
    if (!accountId || !client) return { ok: false, reason: 'bad-key', message: 'Add a working API key first.' };
    const flightKey = `${accountId}:${personId}`;
    const joined = revealsInFlight.get(flightKey);
    if (joined) return joined;
    const run = (async (): Promise<RevealOutcome> => {
      const state = await views.get(view);
      // Only a person this view shows can be revealed from it (the dialog named them and their channels).
      const person = state ? findPerson(state, personId) : undefined;
      if (!state || !person) return { ok: false, reason: 'error', message: 'That contact is no longer shown here.' };
      const key = viewKey(state);
      const markRevealed = (record: RevealRecord) =>
        views.patch(view, key, (s) =>
          s.status === 'matched' || s.status === 'missing-scope' ? ({ ...s, revealed: { ...s.revealed, [personId]: record }, revealing: undefined, revealError: undefined } as TabState) : null,
        );
      const known = (await reveals.reveals(accountId)).find((r) => r.personId === personId);
      if (known) {
        await markRevealed(known);
        return { ok: true, personId, record: known, creditsCharged: 0 };
      }
      await views.patch(view, key, (s) => (s.status === 'matched' ? { ...s, revealing: personId, revealError: undefined } : null));
      const tabId = 'tabId' in view ? view.tabId : undefined;
      const out = await paid(
        { endpoint: 'reveal', accountId, path: `/v1/people/${personId}?include=private`, trigger: 'user', retry: 'reveal', confirmed: true, ...(tabId !== undefined ? { tabId } : {}) },
        () => client.getPerson(personId, { reveal: true }),
      );
      const fail = async (reason: Exclude<RevealOutcome, { ok: true }>['reason'], message: string): Promise<RevealOutcome> => {
        await views.patch(view, key, (s) => (s.status === 'matched' ? { ...s, revealing: undefined, revealError: { personId, message } } : null));
        return { ok: false, reason, message };
      };
      if (out.kind === 'refused') {
        const message =
          out.reason === 'budget'
            ? `Not sent: today's credit budget has ${out.remainingToday} credits left. Raise the daily budget in the options to reveal.`
            : 'Not sent: out of credits.';
        return fail(out.reason === 'budget' ? 'budget' : 'out-of-credits', message);
      }
      const r = out.result;
      if (r.ok) {
        if (r.sample) return fail('error', 'The API answered with NOT REAL DATA (sample mode): nothing was revealed and nothing charged.');
        const record = await rememberReveal(accountId, r.data.person, r.meta.creditsCharged);
        await markRevealed(record);
        return { ok: true, personId, record, creditsCharged: r.meta.creditsCharged };
      }
      if ('outcomeUnknown' in r && r.outcomeUnknown) {
        // The reveal may have gone through and been charged: re-read before anything else.
        const reread = await paid({ endpoint: 'person', accountId, path: `/v1/people/${personId}`, trigger: 'user', retry: 'idempotent', override: true }, () =>
          client.getPerson(personId, { reveal: false }),
        );
        if (reread.kind === 'answered' && reread.result.ok && !reread.result.sample && isUnlocked(reread.result.data.person)) {
          const record = await rememberReveal(accountId, reread.result.data.person, 10);
          await markRevealed(record);
          return { ok: true, personId, record, creditsCharged: reread.result.meta.creditsCharged };
        }
        return fail('unknown-outcome', 'The API did not answer the reveal and a re-read could not confirm it: check your balance before trying again.');
      }
      switch (r.error.kind) {
        case 'forbidden-scope': {
          const body = stateForError(r.error, now());
          await views.patch(view, key, (s) => (s.status === 'matched' ? ({ ...s, ...body, revealing: undefined } as TabState) : null));
          return { ok: false, reason: 'missing-scope', message: 'message' in body ? body.message : '' };
        }
        case 'rate-limited':
          return fail('reveal-cap', `Reveal limit reached for now: try again after ${new Date(r.error.retryAt).toLocaleTimeString()}.`);
        case 'payment-required':
          return fail('out-of-credits', 'Out of credits: top up to reveal contacts. Nothing was charged.');
        case 'unauthorized':
          session.keyRejected = true;
          return fail('bad-key', 'The API key is wrong or revoked.');
        default:
          return fail('error', stateMessage(r.error));
      }
    })();
    revealsInFlight.set(flightKey, run);
    void run.finally(() => revealsInFlight.delete(flightKey));
    return run;
  }

  // ── popup search ────────────────────────────────────────────────────────────────────────────

  async function search(q: string, override: boolean): Promise<SearchOutcome> {
    const accountId = session.accountId;
    const client = session.client();
    if (!accountId || !client) return { ok: false, reason: 'no-key', message: 'Add your API key in the options first.' };
    const cacheKey = `search:${q.toLowerCase()}`;
    const out = await cache.getOrFetch(
      accountId,
      cacheKey,
      () => paid<SearchResults>({ endpoint: 'search', accountId, path: `/v1/search?q=${encodeURIComponent(q)}`, trigger: 'user', retry: 'idempotent', ...(override ? { override: true } : {}) }, () => client.search(q)),
      { ...ttl(), classify: (o: PaidOutcome<SearchResults>) => classifyPaid(o) },
    );
    if (out.from === 'cache') return { ok: true, q, people: out.entry.value.people, projects: out.entry.value.projects, sample: null, creditsCharged: 0, fromCache: true };
    if (out.result.kind === 'refused') {
      const halted = out.result.reason === 'halted-402';
      return {
        ok: false,
        reason: halted ? 'halted' : 'budget',
        message: halted ? 'Out of credits: top up the account.' : `Today's credit budget is used up (${out.result.remainingToday} left).`,
        remainingToday: out.result.remainingToday,
      };
    }
    const r = out.result.result;
    if (!r.ok) {
      if (r.error.kind === 'unauthorized') session.keyRejected = true;
      return { ok: false, reason: r.error.kind, message: stateMessage(r.error) };
    }
    return { ok: true, q, people: r.data.people ?? [], projects: r.data.projects ?? [], sample: r.sample, creditsCharged: out.shared ? 0 : r.meta.creditsCharged, fromCache: false };
  }

  // ── account ─────────────────────────────────────────────────────────────────────────────────

  async function afterAccountChange(previousAccountId: string | null): Promise<void> {
    const account = session.account;
    if (previousAccountId !== (account?.id ?? null)) {
      if (previousAccountId) await cache.clearAccount(previousAccountId);
      rate.reset(); // another account has its own allowance
    }
    rate.setTier(account?.tier ?? null);
    if (account) await credits.observeMe(meOf(account));
    else await credits.resume();
    await refreshMeter();
    // Tabs waiting for a key (or stuck on a bad one) get their lookup now.
    for (const state of await allTabStates()) {
      if (state.profile && ['no-key', 'bad-key', 'wrong-host'].includes(state.status)) void lookUp(state.tabId, { trigger: 'auto' });
    }
  }

  async function allTabStates(): Promise<TabState[]> {
    const raw = await browser.storage.session.get(null);
    return Object.entries(raw)
      .filter(([k]) => /^tab:\d+$/.test(k))
      .map(([, v]) => v as TabState)
      .filter((s) => s && typeof s.tabId === 'number');
  }

  const handlers: Handlers = {
    reportProfile: (report, from) => (from.kind === 'content-script' ? onReport(report as ProfileReport, from.tabId) : undefined),
    getTabState: (ref) => views.get(ref),
    lookUp: async ({ tabId, override }) => {
      await recheckIfHalted();
      const state = await views.get({ tabId });
      if (state?.profile && session.keyRejected) session.keyRejected = false; // an explicit retry may follow a key fix
      if (state?.profile) {
        await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
        await lookUp(tabId, { trigger: 'user', ...(override ? { override: true } : {}), nameTimedOut: true });
      }
    },
    pickCandidate: async ({ tabId, personId, organizationId }) => {
      const state = await views.get({ tabId });
      const accountId = session.accountId;
      if (state?.status !== 'candidates' || !state.profile || !accountId) return;
      const person = personId ? state.people.find((p) => p.id === personId) : undefined;
      const organization = organizationId ? state.organizations.find((o) => o.id === organizationId) : undefined;
      if (!person && !organization) return;
      // Remembered for this profile: the next visit shows the pick at no cost.
      await deps.local.set(pickKey(accountId, state.profile.key), personId ? { personId } : { organizationId });
      await matched(tabId, state.profile.key, accountId, person, organization);
    },
    loadDetails: ({ view, target, override }) => loadDetails(view, target, 'user', override ?? false),
    reveal: ({ view, personId }) => reveal(view, personId),
    search: ({ q, override }) => search(q, override ?? false),
    showRecord: async ({ person, organization }) => {
      const accountId = session.accountId;
      const org = organization ?? person?.company ?? undefined;
      await views.replace({
        tabId: SELECTION_TAB_ID,
        profile: null,
        hints: {},
        updatedAt: now(),
        status: 'matched',
        ...(person ? { person } : {}),
        ...(org ? { organization: org } : {}),
        revealed: accountId ? await revealedFor(accountId, [person]) : {},
      });
    },
    getMeter: async () => {
      await recheckIfHalted();
      return refreshMeter();
    },
    getAccount: () => ({ account: session.account, baseUrl: session.baseUrl, hasKey: session.hasKey }),
    saveApiKey: async ({ apiKey, baseUrl }) => {
      const { previousAccountId, ...outcome } = await session.save(apiKey, baseUrl);
      if (outcome.ok) await afterAccountChange(previousAccountId);
      return outcome;
    },
    removeApiKey: async () => {
      const accountId = await session.remove();
      if (accountId) await cache.clearAccount(accountId);
      await afterAccountChange(null);
      for (const state of await allTabStates()) if (state.profile) await views.update({ tabId: state.tabId }, state.profile.key, { status: 'no-key' });
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
      const cleared = Object.keys(await deps.local.getMany('cache:')).length;
      await cache.clearAll();
      return { cleared };
    },
  };

  /**
   * A killed worker leaves its in-memory work marked in stored states: a reveal "in progress" (its
   * charge, if any, shows in the next balance) and detail skeletons. Say so, and offer the action again.
   */
  async function settleInterrupted(view: ViewRef, state: TabState): Promise<void> {
    if (state.status !== 'matched' && state.status !== 'missing-scope') return;
    const stuck = (slot?: { status: string }) => slot?.status === 'loading';
    if (!state.revealing && !stuck(state.personDetail) && !stuck(state.organizationDetail)) return;
    const interrupted = { status: 'error' as const, message: 'Interrupted by an extension restart: load again.' };
    await views.patch(view, viewKey(state), (s) =>
      s.status === 'matched' || s.status === 'missing-scope'
        ? ({
            ...s,
            ...(stuck(s.personDetail) ? { personDetail: interrupted } : {}),
            ...(stuck(s.organizationDetail) ? { organizationDetail: interrupted } : {}),
            ...(s.revealing
              ? { revealing: undefined, revealError: { personId: s.revealing, message: 'The reveal was interrupted by an extension restart: check your balance before trying again.' } }
              : {}),
          } as TabState)
        : null,
    );
  }

  let started: Promise<void> | null = null;
  // Messages can arrive while start() is still reading storage: every handler waits for it.
  const gated = Object.fromEntries(
    Object.entries(handlers).map(([type, handler]) => [
      type,
      async (input: never, from: never) => {
        await (started ?? Promise.resolve());
        return (handler as (i: never, f: never) => unknown)(input, from);
      },
    ]),
  ) as unknown as Handlers;

  async function start(): Promise<void> {
      settings = await settingsItem.getValue();
      unwatch.push(
        settingsItem.watch((next) => {
          const autoTurnedOn = next.autoLookup && !settings.autoLookup;
          settings = next;
          void refreshMeter();
          if (autoTurnedOn) void allTabStates().then((all) => all.filter((s) => s.status === 'idle' && s.reason === 'manual').forEach((s) => void lookUp(s.tabId, { trigger: 'auto' })));
        }),
      );
      await session.load();
      if (session.hasKey && !session.account) await session.refresh();
      rate.setTier(session.account?.tier ?? null);
      if (session.account) await credits.observeMe(meOf(session.account));
      await recheckIfHalted();
      await refreshMeter();
      for (const state of await allTabStates()) {
        if (state.status === 'looking-up') void lookUp(state.tabId, { trigger: 'auto' });
        else if (state.status === 'rate-limited') setTimeout(() => void lookUp(state.tabId, { trigger: 'auto' }), Math.max(0, state.resumeAt - now()) + 250);
        else if (state.status === 'matched' || state.status === 'missing-scope') await settleInterrupted({ tabId: state.tabId }, state);
      }
      const selection = await views.get({ selection: true });
      if (selection?.status === 'matched') await settleInterrupted({ selection: true }, selection);
  }

  return {
    handlers: gated,
    /** Load state; resume lookups a worker restart interrupted (the cache's in-flight markers prevent a second charge). */
    start(): Promise<void> {
      started ??= start();
      return started;
    },
    onTabRemoved: (tabId: number) => {
      clearTimeout(nameTimers.get(tabId));
      return views.remove(tabId);
    },
    stop(): void {
      unwatch.forEach((u) => u());
      nameTimers.forEach((t) => clearTimeout(t));
    },
    /** For tests and benches. */
    internals: { credits, rate, cache, session },
  };
}

export type Worker = ReturnType<typeof createWorker>;
