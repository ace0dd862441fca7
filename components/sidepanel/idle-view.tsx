/*
 * IdleView — status `idle`:
 *   no-profile       "Open an X or LinkedIn profile"
 *   manual           automatic lookup is off: the detected profile and "Look up · N credits" (the account's search price)
 *   unwatched        detected while no panel showed the tab (the worker looks it up once it does)
 *   navigating-fast  the page moves faster than a person reads: paused until a click
 *   unsupported      LinkedIn Recruiter is not supported
 *   not-shown        "LinkedIn did not show this profile" (not found, sign-in wall, restriction): nothing searched, a
 *                    search by name (the address's words) offered at its price
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import type { IdleReason } from '@/lib/tab-state/tab-state';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { hasProfileLabel, ProfileLabel } from './profile-label';
import { SearchByName, StateMessage } from './state-views';
import { nameFromSlug } from '@/lib/lookup/lookup-query';

export interface IdleViewProps {
  reason: IdleReason;
  profile: DetectedProfile | null;
  hints: PageHints;
  onLookUp?: SendAction;
  /** A search by the words given (a page LinkedIn did not show); absent: not offered. */
  onSearch?: ((q: string) => void | Promise<unknown>) | undefined;
  /** What "Look up" and a search cost: the account's search price. */
  price: number;
}

const WAITING = {
  manual: { title: 'Automatic lookup is off', why: 'Lookups run only when you ask. You can turn automatic lookup on in settings.' },
  unwatched: {
    title: 'Profile detected',
    why: 'Nothing is spent while the panel is closed. Looking it up now that the panel shows this tab…',
  },
  'navigating-fast': {
    title: 'Paused: this page is navigating fast',
    why: 'It moved through profiles faster than anyone reads them, so automatic lookups stopped here. Look this one up if you want it.',
  },
} as const;

export function IdleView({ reason, profile, hints, onLookUp, onSearch, price }: IdleViewProps) {
  if (reason === 'unsupported') {
    return (
      <StateMessage title="LinkedIn Recruiter is not supported">
        <p>Open the person’s regular LinkedIn profile (linkedin.com/in/…) or Sales Navigator lead page to look them up.</p>
      </StateMessage>
    );
  }
  if (reason === 'not-shown') {
    return (
      <StateMessage title="LinkedIn did not show this profile">
        <p className="muted">
          The page is a sign-in wall, a “not found” page or a security check, so there is nothing to look up and no credits were spent. Sign
          in to LinkedIn or reload the page.
        </p>
        {onSearch && profile && (
          <SearchByName initial={profile.site === 'linkedin' ? nameFromSlug(profile.slug) : ''} onSearch={onSearch} price={price} />
        )}
      </StateMessage>
    );
  }
  if (reason === 'manual' || reason === 'unwatched' || reason === 'navigating-fast') {
    const { title, why } = WAITING[reason];
    return (
      <StateMessage title={title}>
        {hasProfileLabel(profile, hints) && (
          <p>
            On this page:{' '}
            <strong>
              <ProfileLabel profile={profile} hints={hints} />
            </strong>
          </p>
        )}
        <p className="muted">{why}</p>
        {onLookUp && (
          <SendButton className="btn btn--primary" onSend={onLookUp}>
            Look up · {creditsLabel(price)}
          </SendButton>
        )}
      </StateMessage>
    );
  }
  return (
    <StateMessage title="Open an X or LinkedIn profile">
      <p className="muted">The panel shows who is on screen: person, company or fund, and which contact channels are on file.</p>
    </StateMessage>
  );
}
