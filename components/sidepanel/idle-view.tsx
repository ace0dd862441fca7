/*
 * IdleView — status `idle`:
 *   no-profile   "Open an X or LinkedIn profile"
 *   manual       automatic lookup is off: the detected profile and "Look up · 5 credits"
 *   unsupported  LinkedIn Recruiter is not supported
 *   not-shown    "LinkedIn did not show this profile" (not found, sign-in wall, restriction): nothing searched
 *
 * Props:
 *   reason     IdleReason
 *   profile    DetectedProfile | null
 *   hints      PageHints
 *   onLookUp?  () => void — absent: no button
 */
import type { DetectedProfile, PageHints } from '../../lib/profile/types';
import type { IdleReason } from '../../lib/tab-state/tab-state';
import { creditsLabel } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { profileLabel } from './profile-label';
import { StateMessage } from './state-message';

export interface IdleViewProps {
  reason: IdleReason;
  profile: DetectedProfile | null;
  hints: PageHints;
  onLookUp?: () => void;
}

export function IdleView({ reason, profile, hints, onLookUp }: IdleViewProps) {
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
          The page is a sign-in wall, a “not found” page or a security check, so there is nothing to look up and no credits
          were spent. Sign in to LinkedIn or reload the page.
        </p>
      </StateMessage>
    );
  }
  if (reason === 'manual') {
    const label = profileLabel(profile, hints);
    return (
      <StateMessage title="Automatic lookup is off">
        {label && (
          <p>
            On this page: <strong>{label}</strong>
          </p>
        )}
        <p className="muted">Lookups run only when you ask. You can turn automatic lookup on in settings.</p>
        {onLookUp && (
          <button type="button" className="btn btn--primary" onClick={onLookUp}>
            Look up · {creditsLabel(DATA_CALL_CREDITS)}
          </button>
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
