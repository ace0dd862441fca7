/** How a detected profile reads in the panel: "Ada Lindqvist (@AdaQuant on X)". */
import type { DetectedProfile, PageHints } from '../../lib/profile/types';

export function profileLabel(profile: DetectedProfile | null, hints: PageHints = {}): string | null {
  if (!profile) return hints.name ?? null;
  const where =
    profile.site === 'x'
      ? `@${profile.handle} on X`
      : profile.kind === 'company'
        ? `linkedin.com/company/${profile.slug}`
        : `linkedin.com/in/${profile.slug}`;
  return hints.name ? `${hints.name} (${where})` : where;
}
