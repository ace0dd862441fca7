/*
 * IdleView — status `idle`:
 *   no-profile   "Open an X or LinkedIn profile"
 *   manual       automatic lookup is off: the detected profile and "Look up · 5 credits"
 *   unsupported  Sales Navigator is not supported
 *
 * Props:
 *   reason     'no-profile' | 'manual' | 'unsupported'
 *   profile    DetectedProfile | null
 *   hints      PageHints
 *   onLookUp?  () => void — absent: no button
 */
import type { DetectedProfile, PageHints } from '../../lib/profile/types';
import { creditsLabel } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { hasProfileLabel, ProfileLabel } from './profile-label';
import { StateMessage } from './state-message';

export interface IdleViewProps {
  reason: 'no-profile' | 'manual' | 'unsupported';
  profile: DetectedProfile | null;
  hints: PageHints;
  onLookUp?: () => void;
}

export function IdleView({ reason, profile, hints, onLookUp }: IdleViewProps) {
  if (reason === 'unsupported') {
    return (
      <StateMessage title="Sales Navigator is not supported">
        <p>Open the person’s regular LinkedIn profile (linkedin.com/in/…) to look them up.</p>
      </StateMessage>
    );
  }
  if (reason === 'manual') {
    return (
      <StateMessage title="Automatic lookup is off">
        {hasProfileLabel(profile, hints) && (
          <p>
            On this page:{' '}
            <strong>
              <ProfileLabel profile={profile} hints={hints} />
            </strong>
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
