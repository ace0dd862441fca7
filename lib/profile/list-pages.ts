// Which pages list people (issue 26): the URL decides; the row readers read structure, never class names (an unknown
// layout gives no rows, never a wrong list). One function per site: a script bundles only its own (tests/size).

import { isLinkedInSiteHost, isXSiteHost, X_HANDLE_PATTERN } from './sites';
import { absoluteUrl } from './to-http-url';

/** At most this many rows are read from a page (the panel's list, and the report's bound). */
export const MAX_PAGE_PEOPLE = 50;

// followers, following, verified followers, a post's replies and reposts, a list's members, people search.
const X_LIST = /* @__PURE__ */ new RegExp(
  `^/(?:${X_HANDLE_PATTERN}/(?:followers|following|verified_followers|followers_you_follow|status/\\d+(?:/retweets)?)|i/lists/\\d+/members|search)/?$`,
);
// people search, a company's People tab, My Network, Sales Navigator lead search and lead lists.
const LINKEDIN_LIST = /^\/(?:search\/results\/people|company\/[^/]+\/people|mynetwork|sales\/search\/people|sales\/lists\/people)(?:\/|$)/;

/** An X (or twitter.com) page that lists accounts; `/search` only with the People filter (`f=user`). */
export function isXListPage(input: string): boolean {
  const url = absoluteUrl(input);
  if (!url || !isXSiteHost(url.hostname) || !X_LIST.test(url.pathname)) return false;
  return !url.pathname.startsWith('/search') || url.searchParams.get('f') === 'user';
}

/** A LinkedIn or Sales Navigator page that lists people. */
export function isLinkedInListPage(input: string): boolean {
  const url = absoluteUrl(input);
  return !!url && isLinkedInSiteHost(url.hostname) && isLinkedInListPath(url.pathname);
}

/** The path alone, for the LinkedIn content script (it runs on LinkedIn only, and every byte counts). */
export function isLinkedInListPath(pathname: string): boolean {
  return LINKEDIN_LIST.test(pathname);
}
