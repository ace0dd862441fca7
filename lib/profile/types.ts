// Plain types (no zod) and the X id rule: content scripts import these and must stay tiny.

/** An X account detected from a page URL. `key` is the stable, lower-cased identity used for caching. */
export type XProfile = { site: 'x'; handle: string; key: string; url: string };

/** A LinkedIn person or organisation (company, school or showcase page) detected from a page URL. */
export type LinkedInProfile = { site: 'linkedin'; kind: 'person' | 'company'; slug: string; key: string; url: string };

export type DetectedProfile = XProfile | LinkedInProfile;

/** A page we recognise but deliberately do not look up (LinkedIn Recruiter): never a guess. */
export type UnsupportedPage = { site: 'linkedin'; kind: 'unsupported'; reason: 'recruiter'; url: string };

/**
 * A profile URL where LinkedIn served no profile (not found, sign-in wall, security check, a shell that
 * never rendered): reported so the panel can say so; never looked up, not even by slug.
 */
type NotShownPage = { site: 'linkedin'; kind: 'not-shown'; url: string };

/** What the markup says about the profile (the URL decides who); `xId`: from the account's follow control, if shown. */
export type PageHints = { name?: string; headline?: string; company?: string; xId?: string };

/** An X user id: X's numeric account id (a 64-bit snowflake, or a small number for early accounts), as a string. */
export const X_USER_ID = /^[1-9]\d{0,18}$/;

/** What a content script tells the background: the page it is on and nothing more. */
export interface ProfileReport {
  url: string;
  profile: ProfileDetection;
  hints: PageHints;
  /** A list page's rows, sent only while a panel watches the tab; such a report says nothing else (the profile stays). */
  people?: PagePerson[];
  /**
   * The first report of this document (or of it restored from the back/forward cache): a watched tab's row
   * reader is told to read once per document, not on every SPA move (a message beside each lookup).
   */
  fresh?: true;
  /**
   * Said at the Navigation API's `navigate` event, before the browser commits (vouches for) the address: the worker
   * may show a card and journal the lookup, but pays nothing until a vouched report agrees (lib/worker/ahead-reports.ts).
   */
  ahead?: true;
}

/** What a page shows: a profile, a page we refuse to guess on, a profile LinkedIn did not show, or nothing. */
export type ProfileDetection = DetectedProfile | UnsupportedPage | NotShownPage | null;

/**
 * What a page shows for the profile its URL names: that profile (or the public one a member-id / Sales
 * Navigator URL stands for) with its hints, no profile at all, or nothing readable yet (a half-rendered page).
 */
export type PageReading<P extends DetectedProfile = DetectedProfile> =
  { shown: 'profile'; profile: P; hints: PageHints } | { shown: 'not-shown' } | { shown: 'pending' };

/**
 * One person a list page shows in a row, only what the row renders. `handle`: X; `slug`: a LinkedIn public
 * profile (`/in/slug`); a Sales Navigator row has neither and is matched on name and company only.
 */
export interface PagePerson {
  name: string;
  handle?: string;
  /** X: the row's numeric user id, from its follow control (none on the viewer's own row). */
  xId?: string;
  slug?: string;
  headline?: string;
  company?: string;
}
