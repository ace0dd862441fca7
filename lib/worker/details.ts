import type { ApiError, InvestorDetail, Person, PersonDetail, Project, ProjectDetail, ServiceDetail } from '@/lib/api';
import { personCall, type ApiCall } from '@/lib/api/calls';
import { hasKnownChannel } from '@/lib/api/contact-channels';
import { sampleAnswerText, type Booked } from '@/lib/messages/texts';
import type { MessageData, ViewRef } from '@/lib/messaging/protocol';
import { SELECTION, tabIdOf } from '@/lib/messaging/view-ref';
import { isMatchState, type MatchView, type OrganizationDetail, type SelectionOrigin, type ViewState } from '@/lib/tab-state/tab-state';
import { fullName } from '@/lib/lookup/match-profile';
import { detailRoute, routeCall } from './detail-route';
import { stateForError } from './error-state';
import { presentPaid } from './paid-result';
import { revealRecord } from './reveal-contact';
import { viewKey } from './views';
import type { CoreOf } from './worker-core';

export type DetailsDeps = CoreOf<'now' | 'session' | 'views' | 'paidCached' | 'credits' | 'cache' | 'known' | 'watchers' | 'reveals'>;

export type Details = ReturnType<typeof createDetails>;

type Target = 'person' | 'organization';

/**
 * Coworkers, team, portfolio: one paid call each, on demand or by setting, cached like searches. And the cards
 * opened by the rep for free over the selection: a popup result, a coworker or team member, and "Back".
 */
export function createDetails(ctx: DetailsDeps) {
  const { now, session, views, paidCached } = ctx;

  /** A refused key or an empty balance is the whole view's state, not the slot's (a 401 refuses the key). */
  async function failed(view: ViewRef, key: string | null, error: ApiError, booked?: Booked): Promise<void> {
    if (error.kind === 'unauthorized') await session.rejectKey();
    await views.update(view, key, stateForError(error, now(), booked));
  }

  const setSlot = (view: ViewRef, key: string | null, target: Target, slot: MatchView['personDetail'] | MatchView['organizationDetail']) =>
    views.patch(view, key, (s) => (isMatchState(s) ? { ...s, [target === 'person' ? 'personDetail' : 'organizationDetail']: slot } : null));

  async function loadDetails(view: ViewRef, target: Target, trigger: 'auto' | 'user', override = false): Promise<void> {
    const state = await views.get(view);
    const accountId = session.accountId;
    const client = session.client();
    if (!state || !accountId || !client || !isMatchState(state)) return;
    const key = viewKey(view, state);
    // A refused key sends nothing: the view says why instead.
    if (session.keyRejected) return failed(view, key, { kind: 'unauthorized', status: 401, message: '' });
    const tabId = tabIdOf(view);
    const call = detailCall(state, target);
    if (!call) return;
    await setSlot(view, key, target, { status: 'loading' });
    const out = await paidCached<unknown>({
      call,
      send: (c, o) => client.send(c, o),
      accountId,
      trigger,
      ...(override ? { override: true } : {}),
      ...(tabId !== undefined ? { tabId } : {}),
    });
    if (out.from === 'cache') return showDetail(view, key, accountId, target, call.endpoint, out.entry.value);
    const price = ctx.credits.estimate({ endpoint: call.endpoint }).credits;
    const shown = presentPaid(out.result, { price, what: 'details', now: now() });
    if (shown.kind === 'failed' && (shown.error.kind === 'unauthorized' || shown.error.kind === 'payment-required'))
      return failed(view, key, shown.error, shown.booked);
    if (shown.kind === 'answer') return showDetail(view, key, accountId, target, call.endpoint, shown.result.data);
    await setSlot(view, key, target, { status: 'error', message: shown.kind === 'sample' ? sampleAnswerText('details') : shown.message });
  }

  /** The detail call for a view's person or organisation (its cache key says whether it is already paid for). */
  function detailCall(state: ViewState, target: Target): ApiCall<unknown> | null {
    if (!isMatchState(state)) return null;
    if (target === 'person') return state.person ? personCall(state.person.id) : null;
    return state.organization ? routeCall(detailRoute(state.organization, session.account?.apiVersion ?? null)) : null;
  }

  /** Details this account already paid for within the cache lifetime are shown at once, at no cost. */
  async function fillFromCache(view: ViewRef): Promise<void> {
    const state = await views.get(view);
    const accountId = session.accountId;
    if (!state || !accountId || !session.client() || !isMatchState(state)) return;
    for (const target of ['person', 'organization'] as const) {
      const slot = target === 'person' ? state.personDetail : state.organizationDetail;
      if (slot?.status === 'loaded') continue;
      const call = detailCall(state, target);
      const entry = call?.cacheKey ? await ctx.cache.get<unknown>(accountId, call.cacheKey) : undefined;
      if (call && entry) await showDetail(view, viewKey(view, state), accountId, target, call.endpoint, entry.value);
    }
  }

  async function showDetail(view: ViewRef, key: string | null, accountId: string, target: Target, endpoint: string, value: unknown) {
    if (target === 'person') {
      const detail = value as PersonDetail;
      // An already-unlocked contact comes back with its channels: keep them, they are paid for.
      if (hasKnownChannel(detail.person)) await ctx.reveals.recordReveal(revealRecord(accountId, detail.person, 0, now()));
      // The reveal store is the one copy of revealed channels (the panel reads it): nothing is copied here.
      return void (await setSlot(view, key, target, { status: 'loaded', value: detail }));
    }
    const kind = endpoint === 'investor' ? 'investor' : endpoint === 'service' ? 'service' : 'project';
    const detail = { kind, ...(value as InvestorDetail | ProjectDetail | ServiceDetail) } as OrganizationDetail;
    await setSlot(view, key, target, { status: 'loaded', value: detail });
  }

  /** A popup pick: over the tab a panel shows (or, if the panel is still opening, the first it names). */
  async function showRecord({ person, organization }: MessageData<'showRecord'>): Promise<void> {
    const state = await recordState(person, organization ?? person?.company ?? undefined);
    await views.push({ origin: { kind: 'search' }, state }, ctx.watchers.lastShown());
  }

  /** Only someone the view already lists (its coworkers, team or portfolio): no record is taken from the page. */
  async function openPerson({ from, personId }: MessageData<'openPerson'>): Promise<void> {
    const state = await views.get(from);
    const opened = state ? openedFrom(state, personId) : null;
    if (!opened) return;
    const shown = await recordState(opened.person, opened.person.company ?? undefined);
    await views.push({ origin: opened.origin, state: shown }, tabIdOf(from) ?? null);
    await fillFromCache(SELECTION);
  }

  /** The card under it shows as it was left; details this account already paid for fill in at no cost. */
  async function back(): Promise<void> {
    if (await views.pop()) await fillFromCache(SELECTION);
  }

  /** A record already paid for, as a card (its revealed channels, if any, come from the reveal store). */
  async function recordState(person: Person | undefined, organization: Project | undefined): Promise<ViewState> {
    const accountId = session.accountId;
    const org = accountId && (person || organization) ? await ctx.known.organizationFor(accountId, person, organization) : organization;
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

  return { loadDetails, fillFromCache, showRecord, openPerson, back };
}

/**
 * A person the view lists (a coworker of its person, a member of its organisation's team), with the
 * origin its card is labelled by ("Coworker of Ada Quant", "Team of Acme"). Null: the view does not
 * list them, so nothing is opened (a page cannot make the panel show a record it did not pay for).
 */
export function openedFrom(state: ViewState, personId: string): { person: Person; origin: SelectionOrigin } | null {
  if (!isMatchState(state)) return null;
  const detail = state.personDetail?.status === 'loaded' ? state.personDetail.value : undefined;
  const coworker = detail?.coworkers.find((p) => p.id === personId);
  if (coworker) return { person: coworker, origin: { kind: 'coworker', of: (state.person && fullName(state.person)) || 'this person' } };
  const org = state.organizationDetail?.status === 'loaded' ? state.organizationDetail.value : undefined;
  const member = org?.team.find((p) => p.id === personId);
  if (member) return { person: member, origin: { kind: 'team', of: state.organization?.name || 'this organisation' } };
  return null;
}
