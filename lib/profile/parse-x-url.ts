import { xProfileKey } from './profile-key';
import { pathSegments, toHttpUrl } from './to-http-url';
import { isXHandle, isXHost, X_ORIGIN } from './sites';
import type { XProfile } from './types';

/** Single-segment pages under `/{handle}/` that still show that account. */
const PROFILE_TABS: ReadonlySet<string> = new Set(
  (
    'with_replies media likes highlights articles affiliates superfollows super_follows ' +
    'subscriptions verified_followers followers following followers_you_follow lists communities ' +
    // `about`: "About this account"; `photo`: avatar viewer; `favorites`, `moments`: legacy
    'topics jobs about photo header_photo favorites moments'
  ).split(' '),
);

/** `/{handle}/lists/{this}` pages about the account; anything else there is a legacy list slug. */
const LIST_TABS = /^(?:memberships|subscriptions|ownerships)$/;

/** The X account a page URL shows (profile, profile tab or one of its posts), or null. */
export function parseXUrl(input: string | URL): XProfile | null {
  const url = toHttpUrl(input);
  if (!url || !isXHost(url.hostname)) return null;

  // Old `twitter.com/#!/jack` links: X still redirects them to `/jack`.
  const path = url.pathname === '/' && url.hash.startsWith('#!/') ? url.hash.slice(2).split('?')[0]! : url.pathname;
  const [first = '', ...rest] = pathSegments(path);
  if (first.toLowerCase() === 'intent') return intentProfile(rest, url.searchParams);
  return isXHandle(first) && isProfileSubpath(rest) ? xProfile(first) : null;
}

function isProfileSubpath(rest: string[]): boolean {
  const [tab, second, third] = rest.map((segment) => segment.toLowerCase());
  if (tab === undefined) return true;
  // A post (`/status/{id}` and its sub-pages) or article is its author's.
  if (/^(?:status|statuses|article)$/.test(tab)) return /^\d{1,25}$/.test(second ?? '');
  if (tab === 'creator-subscriptions') return true; // has its own sub-tabs
  if (tab === 'lists' && second !== undefined) return LIST_TABS.test(second) && third === undefined;
  return second === undefined && PROFILE_TABS.has(tab);
}

/** `/intent/user|follow?screen_name=jack` redirect to that profile (`?user_id=` alone names no handle). */
function intentProfile(rest: string[], params: URLSearchParams): XProfile | null {
  const handle = (params.get('screen_name') ?? '').trim().replace(/^@/, '');
  return rest.length === 1 && /^(?:user|follow)$/i.test(rest[0]!) && isXHandle(handle) ? xProfile(handle) : null;
}

function xProfile(handle: string): XProfile {
  return { site: 'x', handle, key: xProfileKey(handle), url: `${X_ORIGIN}/${handle}` };
}
