/*
 * ProfileLabel — how a detected profile reads in the panel: "Ada Lindqvist (@AdaQuant on X)". The name
 * comes from the page (a hostile page chooses it) and the LinkedIn slug from its URL: each is isolated
 * so it cannot reorder the words around it.
 */
import type { ReactNode } from 'react';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { safeText } from '@/lib/text/safe-text';
import { SafeText } from '@/components/shared/safe-text';

export interface ProfileLabelProps {
  profile: DetectedProfile | null;
  hints?: PageHints;
}

function where(profile: DetectedProfile): ReactNode {
  if (profile.site === 'x')
    return (
      <>
        {'@'}
        <SafeText text={profile.handle} /> on X
      </>
    );
  return (
    <>
      {profile.kind === 'company' ? 'linkedin.com/company/' : 'linkedin.com/in/'}
      <SafeText text={profile.slug} />
    </>
  );
}

/** Whether there is anything to label (a profile, or at least a name on the page). */
export function hasProfileLabel(profile: DetectedProfile | null, hints: PageHints = {}): boolean {
  return profile !== null || safeText(hints.name) !== '';
}

export function ProfileLabel({ profile, hints = {} }: ProfileLabelProps) {
  const name = safeText(hints.name);
  if (!profile) return name ? <SafeText text={name} /> : null;
  if (!name) return <bdi>{where(profile)}</bdi>;
  return (
    <bdi>
      <SafeText text={name} /> ({where(profile)})
    </bdi>
  );
}
