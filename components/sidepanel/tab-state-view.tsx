/*
 * TabStateView — one clear view per TabState status (lib/tab-state/tab-state.ts). `null` (the
 * worker has recorded nothing for this tab yet) reads as idle.
 */
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter, ViewState } from '@/lib/tab-state/tab-state';
import { MISSING_CONTACT_SCOPE } from '@/lib/messages/texts';
import { CandidatesView } from './candidates-view';
import { IdleView } from './idle-view';
import { LookingUpView } from './looking-up-view';
import { MatchCards } from './match-cards';
import { MatchProvenance } from './match-provenance';
import { NoKeyView } from './no-key-view';
import { NotFoundView } from './not-found-view';
import { OutOfCreditsView } from './out-of-credits-view';
import { PausedBudgetView } from './paused-budget-view';
import { ProblemView } from './problem-view';
import { RateLimitedView } from './rate-limited-view';
import { SampleView } from './sample-view';
import type { RevealFailure, ViewActions } from './view-actions';
import type { LeadRows } from '@/components/shared/save-lead';

export interface TabStateViewProps {
  state: ViewState | null;
  meter: CreditMeter | null;
  /** The account's prices (the meter's, `pricesOf(meter)`): every priced button and quote reads these. */
  prices: Prices;
  /** Bound to this view by the wiring. */
  actions: ViewActions;
  /** The last failed reveal outcome in this view. */
  revealFailure?: RevealFailure | null;
  /** The reveal store's entry for the person shown. */
  revealed?: RevealRecord | null;
  /** Save buttons and Saved marks for the people this view shows or lists (bound to this view). */
  leads?: LeadRows | undefined;
}

/** Reveal needs `read:contacts`; unknown scopes (an older meter, no /v1/me yet) do not block it. */
export function meterCanReveal(meter: CreditMeter | null): boolean {
  return !meter?.scopes || meter.scopes.includes('read:contacts');
}

export function TabStateView({ state, meter, prices, actions, revealFailure, revealed, leads }: TabStateViewProps) {
  const { lookUp, openSettings } = actions;
  const retry = lookUp ? () => lookUp() : undefined;
  if (state === null) return <IdleView reason="no-profile" profile={null} hints={{}} price={prices.search} />;
  // A state written again (the same status, refused or failed again) is the answer to a priced click:
  // keyed by it, the view's buttons can be used again.
  const answer = state.updatedAt;
  // What the views that show cards need besides their state.
  const cards = { meter, prices, actions, revealFailure, revealed, leads };
  switch (state.status) {
    case 'no-key':
      return <NoKeyView onOpenSettings={openSettings} />;
    case 'idle':
      return (
        <IdleView key={answer} reason={state.reason} profile={state.profile} hints={state.hints} onLookUp={retry} price={prices.search} />
      );
    case 'looking-up':
      return <LookingUpView waitingFor={state.waitingFor} profile={state.profile} hints={state.hints} />;
    case 'matched':
      return <MatchedView match={state} {...cards} />;
    case 'candidates':
      return <CandidatesView people={state.people} organizations={state.organizations} onPick={actions.pickCandidate} leads={leads} />;
    case 'not-found':
      return (
        <NotFoundView
          key={answer}
          query={state.query}
          displayName={state.hints.name ?? ''}
          {...(actions.searchAs ? { onSearch: actions.searchAs } : {})}
          price={prices.search}
        />
      );
    case 'sample':
      return (
        <SampleView sample={state.sample} people={state.people} projects={state.projects} profile={state.profile} hints={state.hints} />
      );
    case 'paused-budget':
      return (
        <PausedBudgetView
          key={answer}
          profile={state.profile}
          hints={state.hints}
          estimate={state.estimate}
          hold={state.hold}
          remainingToday={state.remainingToday}
          dailyBudget={state.dailyBudget}
          onLookUpAnyway={lookUp ? () => lookUp({ override: true }) : undefined}
          onRaiseToday={actions.raiseBudgetToday}
          onOpenSettings={openSettings}
        />
      );
    case 'out-of-credits':
      return <OutOfCreditsView balance={state.balance} message={state.message} onOpenSettings={openSettings} topUpUrl={meter?.docsUrl} />;
    case 'rate-limited':
      return (
        <RateLimitedView
          key={state.resumeAt}
          resumeAt={state.resumeAt}
          message={state.message}
          automatic={state.automatic === true}
          onRetry={retry}
          price={prices.search}
        />
      );
    case 'missing-scope':
      return <MissingScopeView match={state} {...cards} />;
    case 'bad-key':
    case 'wrong-host':
      return (
        <ProblemView
          key={answer}
          status={state.status}
          message={state.message}
          onOpenSettings={openSettings}
          onRetry={retry}
          price={prices.search}
        />
      );
    case 'error':
      return (
        <ProblemView
          key={answer}
          status="error"
          message={state.message}
          retryable={state.retryable}
          onOpenSettings={openSettings}
          onRetry={retry}
          price={prices.search}
        />
      );
    default: {
      const unknown: never = state;
      return <IdleView reason="no-profile" profile={null} hints={{}} price={prices.search} key={String(unknown)} />;
    }
  }
}

type ViewOf<S extends ViewState['status']> = Extract<ViewState, { status: S }>;
type MatchViewProps<S extends ViewState['status']> = Omit<TabStateViewProps, 'state'> & { match: ViewOf<S> };

/** A match: the cards, then how it was found. */
function MatchedView({ match, meter, prices, actions, revealFailure, revealed, leads }: MatchViewProps<'matched'>) {
  // /v1/me already said whether this key may reveal: without read:contacts, no Reveal is offered.
  const canReveal = meterCanReveal(meter);
  return (
    <>
      {!canReveal && (
        <p className="notice" role="note" aria-label="Reveal unavailable">
          {MISSING_CONTACT_SCOPE}
        </p>
      )}
      <MatchCards
        match={match}
        revealed={revealed}
        meter={meter}
        prices={prices}
        canReveal={canReveal}
        actions={actions}
        revealFailure={revealFailure}
        leads={leads}
      />
      {/* Provenance last: who the person is comes first, how the card was found is a footnote. */}
      <MatchProvenance
        {...(match.matchedOn ? { matchedOn: match.matchedOn } : {})}
        {...(match.known ? { known: match.known } : {})}
        {...(match.cost ? { cost: match.cost } : {})}
        displayName={match.hints.name ?? ''}
        {...(actions.refresh ? { onRefresh: actions.refresh } : {})}
        {...(actions.searchAs ? { onSearch: actions.searchAs } : {})}
        price={prices.search}
      />
    </>
  );
}

/** A key without the scope a call needed: the problem, over whatever cards the answer still carried. */
function MissingScopeView({ match, meter, prices, actions, revealFailure, revealed, leads }: MatchViewProps<'missing-scope'>) {
  const { lookUp, openSettings } = actions;
  return (
    <>
      <ProblemView
        status="missing-scope"
        message={match.message}
        onOpenSettings={openSettings}
        onRetry={lookUp ? () => lookUp() : undefined}
        price={prices.search}
      />
      {(match.person || match.organization) && (
        <MatchCards
          match={match}
          revealed={revealed}
          meter={meter}
          prices={prices}
          canReveal={false}
          actions={actions}
          revealFailure={revealFailure}
          leads={leads}
        />
      )}
    </>
  );
}
