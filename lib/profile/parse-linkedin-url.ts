import { pathSegments } from './path-segments';
import { linkedInCompanyKey, linkedInPersonKey } from './profile-key';
import { safeDecodeURIComponent } from './safe-decode';
import { toHttpUrl } from './to-http-url';
import type { LinkedInProfile, UnsupportedPage } from './types';

// Bare, www., mobile., m. and the country mirrors (de., uk., fr., in., …) that serve the same
// public profiles; other subdomains (business., learning., developer.) show none.
const LINKEDIN_HOST = /^(?:(?:www|mobile|m|[a-z]{2})\.)?linkedin\.com\.?$/i;

// Decoded slug: Unicode letters and digits, hyphens, underscores, dots (and ACoAA… member ids).
const SLUG = /^[\p{L}\p{M}\p{N}_.-]{2,100}$/u;

export function isLinkedInHost(hostname: string): boolean {
  return LINKEDIN_HOST.test(hostname);
}

/**
 * The LinkedIn person or organisation a page URL shows, Sales Navigator as `unsupported`,
 * anything else (feed, search, posts, jobs, messaging, legacy `/pub/`) null.
 */
export function parseLinkedInUrl(input: string | URL): LinkedInProfile | UnsupportedPage | null {
  const url = toHttpUrl(input);
  if (!url || !isLinkedInHost(url.hostname)) return null;

  let segments = pathSegments(url.pathname);
  // The mobile web apps prefix the usual paths: `/m/in/…`, `/mwlite/company/…`.
  if (segments.length > 1 && /^(?:m|mwlite)$/i.test(segments[0]!)) segments = segments.slice(1);
  const section = (segments[0] ?? '').toLowerCase();
  const slug = safeDecodeURIComponent(segments[1] ?? '');

  // Sales Navigator ids (`/sales/lead/ACwAA…,NAME_SEARCH,x`) are not public slugs: never guess.
  if (section === 'sales') {
    return { site: 'linkedin', kind: 'unsupported', reason: 'sales-navigator', url: url.href.split('#')[0]! };
  }
  if (slug === null || !SLUG.test(slug)) return null;
  // `/in/me` redirects to the viewer's own profile; `/in/unavailable` is an error page.
  if (section === 'in' && !/^(?:me|unavailable)$/i.test(slug)) {
    return { site: 'linkedin', kind: 'person', slug, key: linkedInPersonKey(slug), url: canonical('in', slug) };
  }
  // Companies, schools and showcase pages share one namespace (`/company/x` redirects to
  // `/school/x`); `/company/setup/new/` creates a page.
  if (/^(?:company|school|showcase)$/.test(section) && !/^(?:setup|unavailable)$/i.test(slug)) {
    return { site: 'linkedin', kind: 'company', slug, key: linkedInCompanyKey(slug), url: canonical('company', slug) };
  }
  return null;
}

// Percent-encoded, as LinkedIn links it; `/company/` for every organisation, like the key.
function canonical(section: 'in' | 'company', slug: string): string {
  return `https://www.linkedin.com/${section}/${encodeURIComponent(slug)}/`;
}
