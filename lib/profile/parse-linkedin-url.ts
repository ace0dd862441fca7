import { linkedInCompanyKey, linkedInPersonKey } from './profile-key';
import { isLinkedInHost, LINKEDIN_ORIGIN, LINKEDIN_RESERVED_COMPANY, LINKEDIN_RESERVED_PERSON } from './sites';
import { absoluteHttpUrl, pathSegments, safeDecodeURIComponent, toHttpUrl } from './to-http-url';
import type { LinkedInProfile, UnsupportedPage } from './types';

// Decoded slug: Unicode letters and digits, hyphens, underscores, dots, apostrophes
// (`bristol-women%27s-voice`) and ACoAA… member ids.
const SLUG = /^[\p{L}\p{M}\p{N}_.'’-]{2,100}$/u;

// Sales Navigator ids: `/sales/lead/ACwAA…,NAME_SEARCH,x` (also the older `/sales/people/…`),
// `/sales/company/1234`; the part before the first comma names the lead.
const SALES_ID = /^[A-Za-z0-9_-]{2,100}$/;

/** A member id (`ACoAA…`) or Sales Navigator lead id (`ACwAA…`) rather than a vanity slug. */
export function isLinkedInMemberId(slug: string): boolean {
  return /^AC[A-Za-z]AA[A-Za-z0-9_-]{10,}$/.test(slug);
}

/** The LinkedIn person or organisation a page URL shows (Sales Navigator too), Recruiter as `unsupported`, else null. */
export function parseLinkedInUrl(input: string | URL): LinkedInProfile | UnsupportedPage | null {
  return linkedInPage(toHttpUrl(input));
}

/** `parseLinkedInUrl` for an absolute URL (a page's own, a link LinkedIn wrote): no pasted-text leniency (tests/size). */
export function parseLinkedInHref(href: string): LinkedInProfile | UnsupportedPage | null {
  return linkedInPage(absoluteHttpUrl(href));
}

function linkedInPage(url: URL | null): LinkedInProfile | UnsupportedPage | null {
  if (!url || !isLinkedInHost(url.hostname)) return null;

  let segments = pathSegments(url.pathname);
  // The mobile web apps prefix the usual paths: `/m/in/…`, `/mwlite/company/…`.
  if (segments.length > 1 && /^(?:m|mwlite)$/i.test(segments[0]!)) segments = segments.slice(1);
  const section = (segments[0] ?? '').toLowerCase();

  if (section === 'sales') return salesNavigator(segments, url);
  // Recruiter (`/talent/profile/AEMAA…`, `/talent/hire/…/profile/…`): recognised, never guessed.
  if (section === 'talent' && segments.some((segment) => segment.toLowerCase() === 'profile')) {
    return { site: 'linkedin', kind: 'unsupported', reason: 'recruiter', url: pageUrl(url) };
  }

  const slug = safeDecodeURIComponent(segments[1] ?? '');
  if (slug === null || !SLUG.test(slug)) return null;
  if (section === 'in' && !LINKEDIN_RESERVED_PERSON.test(slug)) return linkedInProfile('person', slug);
  // Companies, schools and showcase pages share one namespace (`/company/x` redirects to `/school/x`).
  if (/^(?:company|school|showcase)$/.test(section) && !LINKEDIN_RESERVED_COMPANY.test(slug)) return linkedInProfile('company', slug);
  return null;
}

function linkedInProfile(kind: LinkedInProfile['kind'], slug: string, url = canonical(kind, slug)): LinkedInProfile {
  return { site: 'linkedin', kind, slug, key: kind === 'person' ? linkedInPersonKey(slug) : linkedInCompanyKey(slug), url };
}

/** A lead is a person, an account an organisation, keyed by its Sales Navigator id until the page names the public one. */
function salesNavigator([, page = '', raw = '']: string[], url: URL): LinkedInProfile | null {
  const id = safeDecodeURIComponent(raw)?.split(',')[0] ?? '';
  if (!SALES_ID.test(id)) return null;
  if (/^(?:lead|people)$/i.test(page)) return linkedInProfile('person', id, pageUrl(url));
  return /^company$/i.test(page) ? linkedInProfile('company', id, pageUrl(url)) : null;
}

function pageUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

// Percent-encoded, as LinkedIn links it; `/company/` for every organisation, like the key.
function canonical(kind: LinkedInProfile['kind'], slug: string): string {
  return `${LINKEDIN_ORIGIN}/${kind === 'person' ? 'in' : 'company'}/${encodeURIComponent(slug)}/`;
}
