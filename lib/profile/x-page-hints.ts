import { cleanText, shownText } from './clean-text';
import { X_USER_ID, type PageHints, type PageReading, type XProfile } from './types';
import { absoluteUrl, pathSegments } from './to-http-url';

// Profile header (`UserName`), post author lines (`User-Name`), a list tab's app bar: all hold name then @handle.
const NAME_BLOCKS = '[data-testid="UserName"], [data-testid="User-Name"]';
const APP_BAR_HEADINGS = 'h2[role="heading"]';
// A follow control carries its account's id, `data-testid="<id>-follow"` (or "-unfollow"), and its label names
// the account: "Follow @ada", "Following @ada", or translated ("@adaをフォロー").
const FOLLOW_CONTROLS = '[data-testid$="follow"][aria-label]';
const FOLLOW_TEST_ID = /^(\d+)-(?:un)?follow$/;
// "Display Name (@handle) / X", maybe behind an unread count "(3) "; the handle is compared in nameFromTitle.
const TITLE = /^(?:\(\d+\+?\)\s*)?(.+?)\s*\(@([^()\s]+)\)\s*\/\s*(?:X|Twitter)$/;

/**
 * The display name of `@handle` on the page, from sources that show the handle too (X updates the previous
 * profile's header and title late). The title only on the profile itself: on tabs it names the list.
 */
export function xProfileHints(doc: Document, handle: string, pageUrl?: string): PageHints {
  const wanted = `@${handle.toLowerCase()}`;
  const name = bodyName(doc, wanted) ?? (isTabPage(pageUrl) ? undefined : nameFromTitle(doc.title, wanted));
  const xId = xUserId(doc, handle);
  return { ...(name !== undefined ? { name } : {}), ...(xId !== undefined ? { xId } : {}) };
}

/** Nothing more to wait for: named, and the id read or none to come (the follow control is drawn with the body's name, not the title's). */
export function xHintsComplete(doc: Document, hints: PageHints, handle: string): boolean {
  return hints.name !== undefined && (hints.xId !== undefined || bodyName(doc, `@${handle.toLowerCase()}`) !== undefined);
}

/**
 * X's numeric id of `@handle`, from a follow control under `root` whose label names that account (a "who to
 * follow" suggestion names someone else). None where no control names it (the viewer's own profile and row).
 */
export function xUserId(root: ParentNode, handle: string): string | undefined {
  const wanted = `@${handle.toLowerCase()}`;
  for (const control of Array.from(root.querySelectorAll(FOLLOW_CONTROLS))) {
    const id = FOLLOW_TEST_ID.exec(control.getAttribute('data-testid')!)?.[1];
    const label = control.getAttribute('aria-label')!.toLowerCase();
    if (id !== undefined && X_USER_ID.test(id) && label.split(/[^\w@]+/).includes(wanted)) return id;
  }
  return undefined;
}

/** An X page always shows its URL's account (the handle is the lookup); the name and id are hints. */
export function readXPage(doc: Document, profile: XProfile, pageUrl: string): PageReading {
  return { shown: 'profile', profile, hints: xProfileHints(doc, profile.handle, pageUrl) };
}

/** `/{handle}/followers`, `/{handle}/status/1`, …: anything below the profile itself. */
function isTabPage(pageUrl: string | undefined): boolean {
  if (pageUrl === undefined) return false;
  const url = absoluteUrl(pageUrl);
  return url === null || pathSegments(url.pathname).length > 1;
}

/** The name the body shows beside `wanted` ("@handle"): a profile header, a post's author line, a list tab's app bar. */
const bodyName = (doc: Document, wanted: string) => nameFromBlocks(doc, wanted) ?? nameFromAppBar(doc, wanted);

function nameFromBlocks(doc: Document, wanted: string): string | undefined {
  for (const block of Array.from(doc.querySelectorAll(NAME_BLOCKS))) {
    // Document order: the name's element comes first, then "@handle", then "Follows you", time…
    const texts = Array.from(block.querySelectorAll('[dir], span')).map(shownText);
    const handleAt = texts.findIndex((text) => text?.toLowerCase() === wanted);
    if (handleAt < 0) continue;
    // A wrapper holding "Name@handle" is not the name.
    const name = texts
      .slice(0, handleAt)
      .find((text) => text !== undefined && !text.startsWith('@') && !text.toLowerCase().includes(wanted));
    if (name !== undefined) return name;
  }
  return undefined;
}

/** The app bar of a profile's list tabs: a heading with the name, right above "@handle". */
function nameFromAppBar(doc: Document, wanted: string): string | undefined {
  for (const heading of Array.from(doc.querySelectorAll(APP_BAR_HEADINGS))) {
    const below = heading.nextElementSibling;
    // Length first: a heading's next sibling can be a whole timeline, slow to walk in script.
    if (below === null || (below.textContent?.length ?? 0) > 60 || shownText(below)?.toLowerCase() !== wanted) continue;
    const name = shownText(heading);
    if (name !== undefined && !name.startsWith('@')) return name;
  }
  return undefined;
}

function nameFromTitle(title: string, wanted: string): string | undefined {
  const match = TITLE.exec(cleanText(title) ?? '');
  if (!match || `@${match[2]!.toLowerCase()}` !== wanted) return undefined;
  return cleanText(match[1]);
}
