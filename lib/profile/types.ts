// Plain types (no zod) and the X id rule: content scripts import these and must stay tiny.

/** An X account detected from a page URL. `key` is the stable, lower-cased identity used for caching. */
export type XProfile = { site: 'x'; handle: string; key: string; url: string };

/** A LinkedIn person or organisation (company, school or showcase page) detected from a page URL. */
export type LinkedInProfile = { site: 'linkedin'; kind: 'person' | 'company'; slug: string; key: string; url: string };

export type DetectedProfile = XProfile | LinkedInProfile;

/** A page we recognise but deliberately do not look up (LinkedIn Recruiter): never a guess. */
export type UnsupportedPage = { site: 'linkedin'; kind: 'unsupported'; reason: 'recruiter'; url: string };

/**
 * A profile URL at which LinkedIn served no profile: "Profile Not Found", the guest sign-in
 * page or auth wall, a restriction or security check, or an app shell that never rendered.
 * Reported so the panel can say so; never looked up, not even by slug.
 */
type NotShownPage = { site: 'linkedin'; kind: 'not-shown'; url: string };

/**
 * What the markup says about the profile (name, LinkedIn headline and current company); the URL is the primary signal.
 * `xId`: X's numeric user id, when the page shows the account's follow control (one's own profile shows none).
 */
export type PageHints = { name?: string; headline?: string; company?: string; xId?: string };

/** An X user id: X's numeric account id (a 64-bit snowflake, or a small number for early accounts), as a string. */
export const X_USER_ID = /^[1-9]\d{0,18}$/;

/** What a content script tells the background: the page it is on and nothing more. */
export interface ProfileReport {
  url: string;
  profile: ProfileDetection;
  hints: PageHints;
  /**
   * A list page's rows (./read-x-people.ts, ./read-linkedin-people.ts), sent only while a panel watches the tab. A report carrying
   * them says nothing else: the worker keeps them for the panel and leaves the tab's profile alone.
   */
  people?: PagePerson[];
  /**
   * The first report of this document (or of it restored from the back/forward cache): the worker tells
   * a watched tab's row reader to read once per document, not on every SPA move (a message beside each
   * lookup, on the card's path).
   */
  fresh?: true;
  /**
   * Said at the Navigation API's `navigate` event, before the browser has committed the move (its
   * message reaches the worker a few ms sooner than one sent after). The browser does not vouch for
   * this address yet: the worker may show a card it already has and journal the lookup, but sends
   * nothing paid until a report the browser vouches for names the same profile (lib/worker/ahead-reports.ts).
   */
  ahead?: true;
}

/** What a page shows: a profile, a page we refuse to guess on, a profile LinkedIn did not show, or nothing. */
export type ProfileDetection = DetectedProfile | UnsupportedPage | NotShownPage | null;

/**
 * What a page shows for the profile its URL names: that profile (or the public profile a
 * member-id / Sales Navigator URL stands for) with its hints, no profile at all (LinkedIn: not
 * found, sign-in wall, security check), or nothing readable yet (app shell, half-rendered page).
 */
export type PageReading<P extends DetectedProfile = DetectedProfile> =
  { shown: 'profile'; profile: P; hints: PageHints } | { shown: 'not-shown' } | { shown: 'pending' };

/**
 * One person a list page shows in a row (a followers list, a people search, a company's People tab, a
 * Sales Navigator list): only what the row itself renders. `handle`: X; `slug`: a LinkedIn public
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
