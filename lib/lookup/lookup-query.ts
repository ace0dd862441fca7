import { isLinkedInMemberId } from '@/lib/profile/parse-linkedin-url';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { cleanDisplayName } from './normalize-name';

/** What to send to `/v1/search` for a profile (its cache key is the call's: lib/api/calls.ts `searchCall`). */
export type LookupQuery = { q: string } | { waitFor: 'name' };

// LinkedIn slugs often spell the name ("jurgen-muller-1a2b3c"); used only when the page never shows one.
// Member and Sales Navigator ids ("ACoAAB…", "ACwAAB…") and numeric ids spell nothing.
export function nameFromSlug(slug: string): string {
  if (isLinkedInMemberId(slug)) return '';
  return slug
    .split('-')
    .filter((part) => !/\d/.test(part))
    .join(' ')
    .trim();
}

/**
 * The API cannot search by LinkedIn slug: a LinkedIn lookup waits for the page's name (a second query for the
 * same profile would be paid twice), or, told the page will not show it, the slug's words stand in.
 */
export function lookupQuery(profile: DetectedProfile, hints: PageHints, opts: { nameTimedOut?: boolean } = {}): LookupQuery {
  if (profile.site === 'x') return { q: profile.handle };
  const fromSlug =
    profile.kind === 'person' ? nameFromSlug(profile.slug) : /\p{L}/u.test(profile.slug) ? profile.slug.replace(/-/g, ' ') : '';
  const q = cleanDisplayName(hints.name ?? '') || (opts.nameTimedOut ? fromSlug : '');
  return q ? { q } : { waitFor: 'name' };
}
