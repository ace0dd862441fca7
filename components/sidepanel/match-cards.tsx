/*
 * MatchCards — the cards of a match: the Person card, then the organisation's card (Company, Service
 * or Fund). The person card's company name moves focus to the organisation card.
 */
import { useRef } from 'react';
import type { MatchView } from '@/lib/tab-state/tab-state';
import { personName } from '@/components/shared/format';
import { CompanyCard, FundCard } from './org-card';
import { organizationEndpoint, organizationRegion } from './organization-kind';
import { PersonCard } from './person-card';
import type { ViewContext } from './view-actions';
import type { DetectedProfile } from '@/lib/profile/types';

/**
 * `revealed` is the reveal store's entry for the shown person (one copy for every view: see
 * lib/credits/page-reveals.ts `revealSource`); `leads` puts "Save lead" on the card, "Save {name} as lead"
 * on its coworker and team rows, and their Saved marks.
 */
export interface MatchCardsProps extends ViewContext {
  /** Person, organization, detail slots, revealing, revealError. */
  match: Partial<MatchView> & { profile?: DetectedProfile | null };
  /** False when the key lacks read:contacts. */
  canReveal: boolean;
}

export function MatchCards({ match, revealed, meter, prices, canReveal, actions, revealFailure, leads }: MatchCardsProps) {
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
