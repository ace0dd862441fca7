/*
 * TabStateView — one clear view per TabState status (lib/tab-state/tab-state.ts); `null` (the worker has
 * recorded nothing for this tab yet) reads as idle. A match shows its cards, then how it was found.
 */
import { useRef, useState, type ReactNode } from 'react';
import type { CreditMeter, MatchedOn, MatchView, ViewState } from '@/lib/tab-state/tab-state';
import { creditsLabel, MISSING_CONTACT_SCOPE } from '@/lib/messages/texts';
import { knownWords } from '@/lib/lookup/known-records';
import type { DetectedProfile } from '@/lib/profile/types';
import { formatMonthDay, personName } from '@/components/shared/format';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton } from '@/components/shared/send-once';
import { CompanyCard, FundCard } from './org-card';
import { organizationEndpoint, organizationRegion } from './organization-kind';
import { PersonCard } from './person-card';
import {
  CandidatesView,
  HandleReusedView,
  IdleView,
  LookingUpView,
  NoKeyView,
  NoProfileView,
  NotFoundView,
  OutOfCreditsView,
  PausedBudgetView,
  ProblemView,
  RateLimitedView,
  SampleView,
  SearchByName,
} from './state-views';
import { type StateViewProps, type ViewContext } from './view-actions';

/** Reveal needs `read:contacts`; unknown scopes (an older meter, no /v1/me yet) do not block it. */
export function meterCanReveal(meter: CreditMeter | null): boolean {
  return !meter?.scopes || meter.scopes.includes('read:contacts');
}

type Status = ViewState['status'];

const VIEWS: { [S in Status]: (props: StateViewProps<S>) => ReactNode } = {
  'no-key': NoKeyView,
  idle: IdleView,
  'looking-up': LookingUpView,
  matched: MatchedView,
  candidates: CandidatesView,
  'not-found': NotFoundView,
  'handle-reused': HandleReusedView,
  sample: SampleView,
  'paused-budget': PausedBudgetView,
  'out-of-credits': OutOfCreditsView,
  'rate-limited': RateLimitedView,
  'missing-scope': MissingScopeView,
  'bad-key': ProblemView,
  'wrong-host': ProblemView,
  error: ProblemView,
};

/**
 * A state written again (the same status, refused or failed again) is the answer to a priced click:
 * keyed by it, the view's buttons can be used again. A rate limit is keyed by when it ends.
 */
const ANSWERS: ReadonlySet<Status> = new Set(['idle', 'not-found', 'handle-reused', 'paused-budget', 'bad-key', 'wrong-host', 'error']);

function answerKey(state: ViewState): number | undefined {
  if (state.status === 'rate-limited') return state.resumeAt;
  return ANSWERS.has(state.status) ? state.updatedAt : undefined;
}

export function TabStateView({ state, ...context }: ViewContext & { state: ViewState | null }) {
  if (state === null) return <NoProfileView />;
  const View = VIEWS[state.status] as (props: StateViewProps<Status>) => ReactNode;
  return <View key={answerKey(state)} state={state} {...context} />;
}

/** A match: the cards, then how it was found. */
function MatchedView({ state: match, ...context }: StateViewProps<'matched'>) {
  // /v1/me already said whether this key may reveal: without read:contacts, no Reveal is offered.
  const canReveal = meterCanReveal(context.meter);
  // An X page that shows no account id may be someone else's under the handle: no channel is offered.
  const unconfirmed = match.x?.confirmed === false;
  return (
    <>
      {!canReveal && (
        <p className="notice" role="note" aria-label="Reveal unavailable">
          {MISSING_CONTACT_SCOPE}
        </p>
      )}
      {unconfirmed && (
        <p className="notice" role="note" aria-label="X account not confirmed">
          X account not confirmed: this page does not show the account&apos;s id, so contact channels are not offered here.
        </p>
      )}
      <MatchCards match={match} canReveal={canReveal && !unconfirmed} {...context} {...(unconfirmed ? { revealed: undefined } : {})} />
      {/* Provenance last: who the person is comes first, how the card was found is a footnote. */}
      <MatchProvenance state={match} {...context} />
    </>
  );
}

/** A key without the scope a call needed: the problem, over whatever cards the answer still carried. */
function MissingScopeView(props: StateViewProps<'missing-scope'>) {
  const { state: match, ...context } = props;
  return (
    <>
      <ProblemView {...props} />
      {(match.person || match.organization) && <MatchCards match={match} canReveal={false} {...context} />}
    </>
  );
}

/**
 * The cards of a match: the Person card, then the organisation's (Company, Service or Fund); the person
 * card's company name moves focus to it. `revealed` is the reveal store's entry for the shown person (one
 * copy for every view: lib/credits/reveals.ts `readReveal`).
 */
function MatchCards(props: ViewContext & { match: Partial<MatchView> & { profile?: DetectedProfile | null }; canReveal: boolean }) {
  const { match, revealed, meter, prices, canReveal, actions, revealFailure, leads } = props;
  const orgRef = useRef<HTMLElement>(null);
  const { person, personDetail, organizationDetail } = match;
  const organization = match.organization ?? person?.company ?? null;
  const detailKind = organizationDetail?.status === 'loaded' ? organizationDetail.value.kind : undefined;
  const region = organization ? organizationRegion(organization.companyType, detailKind) : null;
  const { loadDetails, showPerson } = actions;

  // The state's own failure for this person first, then this view's last reveal outcome.
  const revealError = [match.revealError, revealFailure].find((f) => f && f.personId === person?.id)?.message;

  // Whichever card the organisation gets (Fund, or Company/Service), it is wired the same way.
  const loadOrganization = loadDetails ? () => loadDetails('organization') : undefined;
  const orgCard = organization && {
    ref: orgRef,
    detail: organizationDetail,
    // Its load button costs the detail call the worker routes this organisation to.
    price: prices[organizationEndpoint(organization.companyType, detailKind)],
    onShowPerson: showPerson,
    leads,
  };

  const focusOrganization = () => {
    const el = orgRef.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    el.focus({ preventScroll: true });
  };

  return (
    <div className="cards">
      {person && (
        <PersonCard
          // A different person is a different card: nothing (an open reveal dialog above all) carries over.
          key={person.id}
          person={person}
          // Read for the person shown a moment ago, an entry is never shown on the next one.
          revealed={revealed?.personId === person.id ? revealed : undefined}
          canReveal={canReveal}
          revealing={match.revealing === person.id}
          revealError={revealError}
          meter={meter}
          prices={prices}
          coworkers={personDetail}
          companyName={organization?.name ?? null}
          onCompanyClick={organization ? focusOrganization : undefined}
          onReveal={actions.reveal}
          onLoadCoworkers={loadDetails ? () => loadDetails('person') : undefined}
          onShowPerson={showPerson}
          leads={leads}
          // On her LinkedIn page, "LinkedIn: on file" tells the rep nothing.
          omitChannel={match.profile?.site === 'linkedin' ? 'linkedinUrl' : undefined}
        />
      )}
      {organization && orgCard && region === 'Fund' && (
        <FundCard fund={organization} personName={person ? personName(person) : null} onLoadPortfolio={loadOrganization} {...orgCard} />
      )}
      {organization && orgCard && region !== 'Fund' && <CompanyCard company={organization} onLoadTeam={loadOrganization} {...orgCard} />}
    </div>
  );
}

/*
 * MatchProvenance — the card's one footer line: what a match rests on ("Matched on X handle"), what it
 * cost ("5 credits · Nov 26", or for a record already paid for "0 credits · looked up on X, Nov 26" or "…
 * from Lumen Labs' team, Nov 26" with "Refresh · N credits"), and "Not them?", which offers a search by
 * the page's display name at its price.
 */
const MATCHED_ON_TEXT: Record<MatchedOn, string> = {
  'x-handle': 'Matched on X handle',
  'x-id': 'Matched on X account',
  'linkedin-company': 'Matched on LinkedIn company page',
  // A LinkedIn company page by its name; never a person (a person's name alone gives candidates).
  name: 'Matched on name',
  'name-company': 'Matched on name and current company',
  'name-headline': 'Matched on name and the company in the headline',
  pick: 'Matched on your pick',
};

function MatchProvenance({ state: { matchedOn, known, cost, x, hints }, actions, prices }: StateViewProps<'matched'>) {
  const [searching, setSearching] = useState(false);
  const { refresh, searchAs } = actions;
  if (!matchedOn && !known) return null;
  const costed = known ? (
    <>
      0 credits · <SafeText text={knownWords(known)} />, {formatMonthDay(known.at)}
    </>
  ) : (
    cost &&
    (cost.reused ? `0 credits · looked up ${formatMonthDay(cost.at)}` : `${creditsLabel(cost.credits)} · ${formatMonthDay(cost.at)}`)
  );
  return (
    <div className="provenance" role="group" aria-label="How this was matched">
      <p className="small muted">
        {matchedOn && MATCHED_ON_TEXT[matchedOn]}
        {x?.formerly && (
          <>
            {' · '}formerly @<SafeText text={x.formerly.handle} /> (seen {formatMonthDay(x.formerly.at)})
          </>
        )}
        {matchedOn && costed && ' · '}
        {costed}
        {searchAs && (
          <>
            {' · '}
            <button type="button" className="link-button" aria-expanded={searching} onClick={() => setSearching((v) => !v)}>
              Not them?
            </button>
          </>
        )}
        {known && refresh && (
          <>
            {' '}
            <SendButton className="btn btn--small btn--ghost" onSend={refresh}>
              Refresh · {creditsLabel(prices.search)}
            </SendButton>
          </>
        )}
      </p>
      {searching && searchAs && <SearchByName initial={hints.name ?? ''} onSearch={searchAs} price={prices.search} />}
    </div>
  );
}
