/*
 * LookingUpView — status `looking-up`: a skeleton shaped like the person card (no layout jump when
 * it arrives); "Reading the page…" while the page has not yet shown a name.
 */
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { Skeleton } from '@/components/shared/skeleton';
import { hasProfileLabel, ProfileLabel } from './profile-label';

export interface LookingUpViewProps {
  waitingFor?: 'name';
  profile: DetectedProfile | null;
  hints: PageHints;
}

export function LookingUpView({ waitingFor, profile, hints }: LookingUpViewProps) {
  const text =
    waitingFor === 'name' ? (
      'Reading the page…'
    ) : hasProfileLabel(profile, hints) ? (
      <>
        Looking up <ProfileLabel profile={profile} hints={hints} />…
      </>
    ) : (
      'Looking up…'
    );
  return (
    <div className="cards" aria-busy="true">
      {/* The caption sits inside the card, so the cards land exactly where the skeletons were. */}
      <div className="card card--skeleton">
        <p className="loading-line">{text}</p>
        <Skeleton label="Loading person" avatar lines={3} />
        <Skeleton label="Loading contact channels" lines={4} />
      </div>
      <div className="card card--skeleton">
        <Skeleton label="Loading company" avatar lines={4} />
      </div>
    </div>
  );
}
