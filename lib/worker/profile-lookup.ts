import type { ApiError, Person, Project, SearchResults } from '../api';
import { lookupQuery } from '../lookup/lookup-query';
import { matchProfile } from '../lookup/match-profile';
import type { ViewRef } from '../messaging/protocol';
import { isDetectedProfile } from '../profile/is-detected-profile';
import type { DetectedProfile, PageHints, ProfileReport } from '../profile/types';
import type { MatchView } from '../tab-state/tab-state';
import type { Details } from './details';
import { stateForError, type StateBody } from './error-state';
import { classifyPaid, type PaidOutcome } from './paid-call';
import type { WorkerContext } from './worker-context';

export const pickKey = (accountId: string, profileKey: string) => `pick:${encodeURIComponent(accountId)}:${profileKey}`;

export type Lookup = ReturnType<typeof createProfileLookup>;

/** Profile on screen → one paid search (or the cache) → the tab's state. */
export function createProfileLookup(ctx: WorkerContext, details: Details) {
  const { deps, now, session, credits, cache, views, paid, ttl, revealedFor } = ctx;
  const nameTimers = new Map<number, ReturnType<typeof setTimeout>>();
  const loadDetails = details.loadDetails;

  function refusalState(reason: string, remainingToday: number, estimate: number): StateBody {
    if (reason === 'halted-402') {
      return { status: 'out-of-credits', balance: credits.balance(), message: 'Out of credits: top up the account. Automatic lookups are paused.' };
    }
    return { status: 'paused-budget', estimate, remainingToday, dailyBudget: ctx.settings().dailyBudget };
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
      const notShown = report.profile?.site === 'linkedin' && report.profile.kind === 'not-shown';
      const reason = notShown ? 'not-shown' : report.profile ? 'unsupported' : 'no-profile';
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
    if (!cached && opts.trigger === 'auto' && !ctx.settings().autoLookup) {
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
    if (next && ctx.settings().autoDetails) {
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

  return {
    onReport,
    lookUp,
    matched,
    failed,
    clearTimer: (tabId: number) => {
      clearTimeout(nameTimers.get(tabId));
      nameTimers.delete(tabId);
    },
    stop: () => nameTimers.forEach((t) => clearTimeout(t)),
  };
}
