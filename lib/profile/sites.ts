/*
 * X and LinkedIn, declared once: hosts (matches, host access, profile hosts, row readers), the sites' own paths,
 * where links point, the X handle rule. Nothing else tests a host or spells a handle pattern
 * (tests/lint/one-site-table.test.ts). Small named exports, each dropped from a bundle that does not use it (tests/size).
 */
import { absoluteUrl, safeDecodeURIComponent, toHttpUrl } from './to-http-url';

/** x.com and twitter.com are one site (X still serves twitter.com). */
const X_DOMAINS = ['x.com', 'twitter.com'] as const;
const LINKEDIN_DOMAINS = ['linkedin.com'] as const;

/** Where this extension links a profile to. */
export const X_ORIGIN = 'https://x.com';
export const LINKEDIN_ORIGIN = 'https://www.linkedin.com';

/** The content scripts' matches and the host access to inject a row reader: each domain and subdomain, https only. */
export const X_MATCHES = /* @__PURE__ */ matchesOf(X_DOMAINS);
export const LINKEDIN_MATCHES = /* @__PURE__ */ matchesOf(LINKEDIN_DOMAINS);

function matchesOf(domains: readonly string[]): string[] {
  return domains.flatMap((domain) => [`https://${domain}/*`, `https://*.${domain}/*`]);
}

/** A host the matches above cover: the domain or any subdomain (`pro.x.com`, `business.linkedin.com`). */
export const isXSiteHost = (hostname: string): boolean => onDomains(hostname, X_DOMAINS);
export const isLinkedInSiteHost = (hostname: string): boolean => onDomains(hostname, LINKEDIN_DOMAINS);

function onDomains(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

// The hosts that show someone's profile, a trailing dot allowed. X: bare, www. or mobile. (not pro., ads., help.).
const X_HOST = /^(?:(?:www|mobile)\.)?(?:x|twitter)\.com\.?$/i;
// LinkedIn: bare, www., mobile., m. and the country mirrors (de., uk., …); not business., learning., developer.
const LINKEDIN_HOST = /^(?:(?:www|mobile|m|[a-z]{2})\.)?linkedin\.com\.?$/i;

export const isXHost = (hostname: string): boolean => X_HOST.test(hostname);
export const isLinkedInHost = (hostname: string): boolean => LINKEDIN_HOST.test(hostname);

/**
 * An X username: letters, digits and underscores. New ones are 4–15 characters, but real older ones are
 * longer (X's data dictionary, User `screen_name`: "some historical accounts may exist with longer names")
 * and X's mention parser takes 1–20 (twitter-text, validMentionOrList.js); one character: @X itself.
 * Unanchored, for patterns that hold a handle; `X_HANDLE` for a whole value.
 */
export const X_HANDLE_PATTERN = '[A-Za-z0-9_]{1,20}';
export const X_HANDLE = /* @__PURE__ */ new RegExp(`^${X_HANDLE_PATTERN}$`);

/**
 * First path segments that are X routes, not handles, whatever account shares the name. Deliberately NOT here,
 * being real accounts: `x`, `support`, `safety`, `business`, `people`, `verified`, `twitter`.
 */
export const X_RESERVED_PATHS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  // App sections
  (
    'home explore notifications messages i settings search search-advanced compose hashtag ' +
    'lists bookmarks topics communities grok jobs premium who_to_follow connect_people ' +
    'following followers follower_requests verified-choose tweetdeck places statuses tweet user web ' +
    // Sign-in, sharing and OAuth flows
    'login logout signup signin sessions account flow oauth oauth2 intent share welcome download ' +
    // Info pages (redirect to about.x.com, help.x.com, legal.x.com)
    'about tos privacy rules help ads ' +
    // Static files
    'sw.js robots.txt manifest.json favicon.ico opensearch.xml sitemap.xml .well-known'
  ).split(' '),
);

/** A well-formed handle that is not an X route: what `x.com/{text}` would show as a profile. */
export function isXHandle(text: string): boolean {
  return X_HANDLE.test(text) && !X_RESERVED_PATHS.has(text.toLowerCase());
}

/** A handle as a record or a rep writes it ("@AdaQuant", "AdaQuant", "https://x.com/AdaQuant"), bare, or null. */
export function bareXHandle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const url = /^https?:\/\//i.test(text) ? toHttpUrl(text) : null;
  const handle = url ? (isXHost(url.hostname) ? url.pathname.slice(1) : '') : text.replace(/^@+/, '');
  return X_HANDLE.test(handle) ? handle : null;
}

/** The profile link for a handle (written as `bareXHandle` reads it), or null. */
export function xProfileUrl(value: unknown): string | null {
  const handle = bareXHandle(value);
  return handle === null ? null : `${X_ORIGIN}/${handle}`;
}

/** `/in/me` redirects to the viewer's own profile; `/in/unavailable` is an error page. */
export const LINKEDIN_RESERVED_PERSON = /^(?:me|unavailable)$/i;
/** `/company/setup/new/` creates a page; `/company/unavailable` is an error page. */
export const LINKEDIN_RESERVED_COMPANY = /^(?:setup|unavailable)$/i;

/** What tells LinkedIn links apart: "in/ada" for `https://www.linkedin.com/in/ada/` (decoded), or null when not LinkedIn. */
export function linkedInPath(value: string): string | null {
  const url = toHttpUrl(value);
  if (!url || !isLinkedInHost(url.hostname)) return null;
  const rest = `${url.pathname.replace(/^\/+|\/+$/g, '')}${url.search}${url.hash}`;
  return rest === '' ? null : (safeDecodeURIComponent(rest) ?? rest);
}

/** Row readers (entrypoints/people-*.ts), injected while a panel watches (scripts stay small); not web-accessible: no page probes them. */
export const PEOPLE_READERS = { x: '/people-x.js', linkedin: '/people-linkedin.js' } as const;

/** The reader for a tab's page, if it is on X or LinkedIn. */
export function peopleReaderFor(url: string | undefined): string | undefined {
  const host = absoluteUrl(url ?? '')?.hostname;
  if (host === undefined) return undefined;
  return isXHost(host) ? PEOPLE_READERS.x : isLinkedInHost(host) ? PEOPLE_READERS.linkedin : undefined;
}
