// Plain types (no zod): content scripts import these and must stay tiny.

/** A profile detected from a page URL. `key` is the stable, lower-cased identity used for caching. */
export type DetectedProfile =
  | { site: 'x'; handle: string; key: string; url: string }
  | { site: 'linkedin'; kind: 'person'; slug: string; key: string; url: string }
  | { site: 'linkedin'; kind: 'company'; slug: string; key: string; url: string };

/** A page we recognise but deliberately do not look up (e.g. Sales Navigator): never a guess. */
export interface UnsupportedPage {
  site: 'linkedin';
  kind: 'unsupported';
  reason: 'sales-navigator';
  url: string;
}

/** What the markup says about the profile; every field optional, the URL is the primary signal. */
export interface PageHints {
  /** Display name as shown (person or organisation). */
  name?: string;
  /** LinkedIn headline. */
  headline?: string;
  /** Current company as shown on a LinkedIn person page. */
  company?: string;
}

/** What a content script tells the background: the page it is on and nothing more. */
export interface ProfileReport {
  url: string;
  profile: DetectedProfile | UnsupportedPage | null;
  hints: PageHints;
}

/** The X member of `DetectedProfile`. */
export type XProfile = Extract<DetectedProfile, { site: 'x' }>;

/** The LinkedIn members of `DetectedProfile` (person or organisation). */
export type LinkedInProfile = Extract<DetectedProfile, { site: 'linkedin' }>;

/** What a page URL resolves to: a profile, a page we refuse to guess on, or nothing. */
export type ProfileDetection = DetectedProfile | UnsupportedPage | null;
