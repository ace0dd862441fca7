/*
 * One cell of a pasted or uploaded list, read with the pages' own rules (lib/profile): the one X handle
 * rule, LinkedIn person addresses, an email. Both the column detection and the row reader ask these.
 */
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { bareXHandle, isXHandle } from '@/lib/profile/sites';
import { safeText } from '@/lib/text/safe-text';

export type ProfileCell = { xHandle: string; linkedinSlug?: undefined } | { linkedinSlug: string; xHandle?: undefined };

// What sign-up forms get for "What's your Twitter?" from people who have none: "none" is a valid handle,
// and looking it up would cost a lookup for nobody.
const NO_ANSWER = /^(?:none|no|nope|na|n\/a|nil|null|tbd|-+)$/i;

/**
 * The cell as one safe, trimmed line, empty for a non-answer. A leading apostrophe before `=+-@` is the
 * formula guard our own spreadsheet exports add (lib/text/cells.ts): "'@AdaQuant" is the handle "@AdaQuant".
 */
export function cellText(cell: string | undefined): string {
  const text = safeText(cell).replace(/^'(?=[=+\-@])/, '');
  return NO_ANSWER.test(text) ? '' : text;
}

/**
 * An X profile or post address (any of X's hosts, scheme optional), a LinkedIn person's address, "@handle",
 * or, when `bareWords`, a bare handle ("AdaQuant": in a column that holds handles, a word is one). X's own
 * pages (`x.com/home`, `x.com/i/…`, a bare "explore") are nobody's handle.
 */
export function readProfileCell(text: string, bareWords: boolean): ProfileCell | null {
  // Forms get "x.com/@AdaQuant": the "@" is the writer's, not part of the address.
  const page = parseProfileUrl(text.replace('/@', '/'));
  if (page?.site === 'x') return { xHandle: page.handle };
  if (page?.site === 'linkedin') return page.kind === 'person' ? { linkedinSlug: page.slug } : null;
  if (!bareWords && !text.startsWith('@')) return null;
  const handle = bareXHandle(text);
  return handle !== null && isXHandle(handle) ? { xHandle: handle } : null;
}

// Enough to tell an address from a note ("n/a", "ask at the door"); the directory does not match on it.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An email address ("mailto:" links too), or null. */
export function readEmail(text: string): string | null {
  const email = text.replace(/^mailto:/i, '');
  return EMAIL.test(email) ? email : null;
}

/** What a cell looks like, for columns whose header says nothing: `bareWords` as for `readProfileCell`. */
export function cellShape(text: string, bareWords: boolean): 'x' | 'linkedin' | 'email' | null {
  if (readEmail(text) !== null) return 'email';
  const profile = readProfileCell(text, bareWords);
  return profile === null ? null : profile.xHandle !== undefined ? 'x' : 'linkedin';
}
